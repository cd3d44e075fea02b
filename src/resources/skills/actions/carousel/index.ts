// CAROUSEL: up to ten cards (spec §3, §9). A new one opens with one empty card.
import type { AccionKind } from '../accionKind';
import { emptyCarouselCard } from '../accionModel';
import { CarouselEditor } from './CarouselEditor';
import { CarouselView } from './CarouselView';

export const carousel: AccionKind = {
  type: 'CAROUSEL',
  defaults: () => ({ carousel: [emptyCarouselCard()] }),
  Editor: CarouselEditor,
  View: CarouselView,
};
