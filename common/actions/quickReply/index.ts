// QUICK_REPLY: a question and at most three replies (POSTBACK, or a value the channel asks for).
import { LIMITS, SKILL_MESSAGES, blank, type Problem } from '../../schemas/skillRules';
import type { AccionRule } from '../kind';
import { BUTTON_TYPES_FOR, SHARED_FIELDS, buttonsProblems, type ButtonInput } from '../shared';

export interface QuickReplyInput {
  title?: string | null;
  invalidOption?: string | null;
  buttons?: readonly ButtonInput[] | null;
}

const messages = {
  maxRespuestasRapidas: 'Las respuestas rápidas admiten como máximo 3 botones',
} as const;

export const quickReply = {
  type: 'QUICK_REPLY',
  label: 'Respuesta rápida',
  jump: false,
  fields: { title: SHARED_FIELDS.title, invalidOption: SHARED_FIELDS.invalidOption, buttons: SHARED_FIELDS.buttons },
  messages,
  validate(accion) {
    const p: Problem[] = [];
    if (blank(accion.title)) p.push({ field: 'title', message: SKILL_MESSAGES.ingreseTexto, label: 'Título' });
    if (!(accion.buttons ?? []).length) p.push({ field: 'buttons', message: SKILL_MESSAGES.alMenosUnBoton });
    if ((accion.buttons ?? []).length > LIMITS.quickReplies) p.push({ field: 'buttons', message: messages.maxRespuestasRapidas });
    p.push(...buttonsProblems(accion.buttons, 'buttons', BUTTON_TYPES_FOR.QUICK_REPLY, 'Respuesta'));
    return p;
  },
} satisfies AccionRule<'QUICK_REPLY', QuickReplyInput>;
