// CAROUSEL: at most ten cards. A new one opens with one empty card.
import { carousel as rule } from '../../../../../common/actions/carousel';
import type { AccionKind } from '../accionKind';
import { emptyCarouselCard } from '../accionModel';
import { CarouselEditor } from './CarouselEditor';
import { CarouselView } from './CarouselView';

export const carousel: AccionKind = {
  type: rule.type,
  rule,
  defaults: () => ({ carousel: [emptyCarouselCard()] }),
  Editor: CarouselEditor,
  View: CarouselView,
};
