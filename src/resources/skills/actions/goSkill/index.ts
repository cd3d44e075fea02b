// GO_SKILL: continue in another skill of this bot, with values (spec §3).
import type { AccionKind } from '../accionKind';
import { IrSkillEditor } from './IrSkillEditor';
import { IrSkillView } from './IrSkillView';

export const irSkill: AccionKind = {
  type: 'GO_SKILL',
  defaults: () => ({ sk: '', fields: [] }),
  Editor: IrSkillEditor,
  View: IrSkillView,
};
