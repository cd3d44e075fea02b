// GO_HUMAN: the conversation waits for a person; `b`, when given, is the bot that takes it back.
import { SKILL_MESSAGES } from '../../schemas/skillRules';
import type { AccionRule } from '../kind';
import { SHARED_FIELDS } from '../shared';

export interface GoHumanInput {
  b?: string | null;
}

export const goHuman = {
  type: 'GO_HUMAN',
  label: 'Humano',
  jump: true,
  fields: { b: SHARED_FIELDS.b },
  messages: {},
  link: { field: 'b', required: false, missing: SKILL_MESSAGES.botDestino },
  validate: (_accion: GoHumanInput) => [],
} satisfies AccionRule<'GO_HUMAN', GoHumanInput>;
