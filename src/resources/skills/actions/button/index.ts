// BUTTON: a text with buttons under it, and the invalid-option message.
import { button as rule } from '../../../../../common/actions/button';
import type { AccionKind } from '../accionKind';
import { ButtonEditor } from './ButtonEditor';
import { ButtonView } from './ButtonView';

export const button: AccionKind = {
  type: rule.type,
  rule,
  defaults: () => ({ title: '', invalidOption: '', buttons: [] }),
  Editor: ButtonEditor,
  View: ButtonView,
};
