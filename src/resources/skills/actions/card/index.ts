// CARD: image, title, subtitle, invalid option and buttons.
import { card as rule } from '../../../../../common/actions/card';
import type { AccionKind } from '../accionKind';
import { CardEditor } from './CardEditor';
import { CardView } from './CardView';

export const card: AccionKind = {
  type: rule.type,
  rule,
  defaults: () => ({ imageUrl: '', title: '', subTitle: '', invalidOption: '', buttons: [] }),
  Editor: CardEditor,
  View: CardView,
};
