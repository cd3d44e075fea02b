// CAROUSEL: at least one card and at most ten, each with image, title, subtitle, invalid option and buttons.
import { Type } from 'typebox';
import { CarouselCard } from '../../schemas/skills';
import { LIMITS, SKILL_MESSAGES, blank, type Problem } from '../../schemas/skillRules';
import type { AccionRule } from '../kind';
import { BUTTON_TYPES_FOR, buttonsProblems, isImageUrl, type CardInput } from '../shared';

export interface CarouselInput {
  carousel?: readonly CardInput[] | null;
}

const messages = {
  maxTarjetas: 'El carrusel admite como máximo 10 tarjetas',
  alMenosUnaTarjeta: 'Debe ingresar al menos una tarjeta',
} as const;

export const carousel = {
  type: 'CAROUSEL',
  label: 'Carousel',
  jump: false,
  fields: { carousel: Type.Array(CarouselCard, { maxItems: 50 }) },
  messages,
  validate(accion) {
    const p: Problem[] = [];
    const cards = accion.carousel ?? [];
    if (cards.length === 0) p.push({ field: 'carousel', message: messages.alMenosUnaTarjeta });
    if (cards.length > LIMITS.carouselCards) p.push({ field: 'carousel', message: messages.maxTarjetas });
    cards.forEach((card, i) => {
      const label = `Tarjeta ${i + 1}`;
      for (const [key, name] of [['imageUrl', 'URL de imagen'], ['title', 'título'], ['subtitle', 'subtítulo'], ['invalidOption', 'opción no válida']] as const) {
        if (blank(card[key])) p.push({ field: `carousel.${i}.${key}`, message: SKILL_MESSAGES.campoRequerido, label: `${label}, ${name}` });
      }
      if (!blank(card.imageUrl) && !isImageUrl(card.imageUrl!)) p.push({ field: `carousel.${i}.imageUrl`, message: SKILL_MESSAGES.urlInvalida, label: `${label}, URL de imagen` });
      p.push(...buttonsProblems(card.buttons, `carousel.${i}.buttons`, BUTTON_TYPES_FOR.default, `${label}, botón`));
    });
    return p;
  },
} satisfies AccionRule<'CAROUSEL', CarouselInput>;
