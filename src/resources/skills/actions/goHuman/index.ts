// GO_HUMAN: hand the conversation to an agent; b, if given, is the bot that takes it back.
import { goHuman as rule } from '../../../../../common/actions/goHuman';
import type { AccionKind } from '../accionKind';
import { GoHumanEditor } from './GoHumanEditor';
import { GoHumanView } from './GoHumanView';

export const goHuman: AccionKind = {
  type: rule.type,
  rule,
  defaults: () => ({ b: '' }),
  Editor: GoHumanEditor,
  View: GoHumanView,
};
