// CARD: an image, a title, a subtitle, the invalid-option message and buttons.
import { Type } from 'typebox';
import { SKILL_MESSAGES, blank, type Problem } from '../../schemas/skillRules';
import type { AccionRule } from '../kind';
import { BUTTON_TYPES_FOR, SHARED_FIELDS, buttonsProblems, isImageUrl, type ButtonInput } from '../shared';

export interface CardAccionInput {
  imageUrl?: string | null;
  title?: string | null;
  subTitle?: string | null;
  invalidOption?: string | null;
  buttons?: readonly ButtonInput[] | null;
}

const messages = {
  cardImagenOBoton: 'Debe ingresar una URL de imagen o un botón',
  cardBotonOImagen: 'Debe ingresar al menos un botón o una URL de imagen',
} as const;

export const card = {
  type: 'CARD',
  label: 'Card',
  jump: false,
  fields: {
    imageUrl: SHARED_FIELDS.imageUrl,
    title: SHARED_FIELDS.title,
    subTitle: Type.String({ maxLength: 1000 }),
    invalidOption: SHARED_FIELDS.invalidOption,
    buttons: SHARED_FIELDS.buttons,
  },
  messages,
  validate(accion) {
    const p: Problem[] = [];
    if (blank(accion.imageUrl) && !(accion.buttons ?? []).length) {
      // The same rule said at both inputs: at the image and at the buttons.
      p.push({ field: 'imageUrl', message: messages.cardImagenOBoton }, { field: 'buttons', message: messages.cardBotonOImagen });
    } else if (!blank(accion.imageUrl) && !isImageUrl(accion.imageUrl!)) p.push({ field: 'imageUrl', message: SKILL_MESSAGES.urlInvalida, label: 'URL de imagen' });
    p.push(...buttonsProblems(accion.buttons, 'buttons', BUTTON_TYPES_FOR.default));
    return p;
  },
} satisfies AccionRule<'CARD', CardAccionInput>;
