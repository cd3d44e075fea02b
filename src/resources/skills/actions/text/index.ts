// TEXT: a list of texts (spec §3).
import type { AccionKind } from '../accionKind';
import { TextoEditor } from './TextoEditor';
import { TextoView } from './TextoView';

export const texto: AccionKind = {
  type: 'TEXT',
  defaults: () => ({ text: [] }),
  Editor: TextoEditor,
  View: TextoView,
};
