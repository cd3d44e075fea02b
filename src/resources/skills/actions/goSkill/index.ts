// GO_SKILL: continue in another skill of this bot, with values.
import { goSkill as rule } from '../../../../../common/actions/goSkill';
import type { AccionKind } from '../accionKind';
import { GoSkillEditor } from './GoSkillEditor';
import { GoSkillView } from './GoSkillView';

export const goSkill: AccionKind = {
  type: rule.type,
  rule,
  defaults: () => ({ sk: '', fields: [] }),
  Editor: GoSkillEditor,
  View: GoSkillView,
};
