// BUTTON: a text with buttons under it, and the invalid-option message.
import { SKILL_MESSAGES, blank, type Problem } from '../../schemas/skillRules';
import type { AccionRule } from '../kind';
import { BUTTON_TYPES_FOR, SHARED_FIELDS, buttonsProblems, type ButtonInput } from '../shared';

export interface ButtonAccionInput {
  title?: string | null;
  invalidOption?: string | null;
  buttons?: readonly ButtonInput[] | null;
}

export const button = {
  type: 'BUTTON',
  label: 'Botón',
  jump: false,
  fields: { title: SHARED_FIELDS.title, invalidOption: SHARED_FIELDS.invalidOption, buttons: SHARED_FIELDS.buttons },
  messages: {},
  validate(accion) {
    const p: Problem[] = [];
    if (blank(accion.title)) p.push({ field: 'title', message: SKILL_MESSAGES.ingreseTexto, label: 'Título' });
    if (!(accion.buttons ?? []).length) p.push({ field: 'buttons', message: SKILL_MESSAGES.alMenosUnBoton });
    p.push(...buttonsProblems(accion.buttons, 'buttons', BUTTON_TYPES_FOR.default));
    return p;
  },
} satisfies AccionRule<'BUTTON', ButtonAccionInput>;
