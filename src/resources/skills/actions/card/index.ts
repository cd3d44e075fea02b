// CARD: image, title, subtitle, invalid option and buttons (spec §3).
import type { AccionKind } from '../accionKind';
import { CardEditor } from './CardEditor';
import { CardView } from './CardView';

export const card: AccionKind = {
  type: 'CARD',
  defaults: () => ({ imageUrl: '', title: '', subTitle: '', invalidOption: '', buttons: [] }),
  Editor: CardEditor,
  View: CardView,
};
