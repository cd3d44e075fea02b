// BUTTON: a text with buttons under it, and the invalid-option message (spec §3).
import type { AccionKind } from '../accionKind';
import { BotonEditor } from './BotonEditor';
import { BotonView } from './BotonView';

export const boton: AccionKind = {
  type: 'BUTTON',
  defaults: () => ({ title: '', invalidOption: '', buttons: [] }),
  Editor: BotonEditor,
  View: BotonView,
};
