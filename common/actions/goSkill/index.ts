// GO_SKILL: the conversation goes on in another skill of this bot, with values put in memory.
import { blank, type Problem } from '../../schemas/skillRules';
import type { AccionRule } from '../kind';
import { SHARED_FIELDS, keyValueProblems, type KeyValueInput } from '../shared';

export interface GoSkillInput {
  sk?: string | null;
  fields?: readonly KeyValueInput[] | null;
}

const messages = {
  skillDestino: 'Seleccione un Skill',
  skillMismo: 'Un skill no puede saltar a sí mismo',
} as const;

export const goSkill = {
  type: 'GO_SKILL',
  label: 'Skill',
  jump: true,
  fields: { fields: SHARED_FIELDS.fields, sk: SHARED_FIELDS.sk },
  messages,
  link: { field: 'sk', required: true, missing: messages.skillDestino },
  validate(accion, context) {
    const p: Problem[] = [];
    if (blank(accion.sk)) p.push({ field: 'sk', message: messages.skillDestino });
    else if (context.idSkill && accion.sk === context.idSkill) p.push({ field: 'sk', message: messages.skillMismo });
    p.push(...keyValueProblems(accion.fields, 'fields', 'Campo'));
    return p;
  },
} satisfies AccionRule<'GO_SKILL', GoSkillInput>;

