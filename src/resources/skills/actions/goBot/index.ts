// GO_BOT: hand the conversation to another bot of the company, with a value.
import { goBot as rule } from '../../../../../common/actions/goBot';
import type { AccionKind } from '../accionKind';
import { GoBotEditor } from './GoBotEditor';
import { GoBotView } from './GoBotView';

export const goBot: AccionKind = {
  type: rule.type,
  rule,
  defaults: () => ({ b: '', sk: '' }),
  Editor: GoBotEditor,
  View: GoBotView,
};
