// GO_BOT: the conversation goes to another bot of the company (`b`), which answers the value `sk`.
import { SKILL_MESSAGES, blank, type Problem } from '../../schemas/skillRules';
import type { AccionRule } from '../kind';
import { SHARED_FIELDS } from '../shared';

export interface GoBotInput {
  b?: string | null;
  sk?: string | null;
}

const messages = {
  botMismo: 'Un bot no puede derivar a sí mismo',
} as const;

export const goBot = {
  type: 'GO_BOT',
  label: 'Bot',
  jump: true,
  fields: { b: SHARED_FIELDS.b, sk: SHARED_FIELDS.sk },
  messages,
  link: { field: 'b', required: true, missing: SKILL_MESSAGES.botDestino },
  validate(accion, context) {
    const p: Problem[] = [];
    if (blank(accion.b)) p.push({ field: 'b', message: SKILL_MESSAGES.botDestino });
    else if (context.idBot && accion.b === context.idBot) p.push({ field: 'b', message: messages.botMismo });
    return p;
  },
} satisfies AccionRule<'GO_BOT', GoBotInput>;
