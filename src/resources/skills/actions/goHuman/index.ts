// GO_HUMAN: hand the conversation to an agent, of an area or queue if given (spec §3).
import type { AccionKind } from '../accionKind';
import { HumanoEditor } from './HumanoEditor';
import { HumanoView } from './HumanoView';

export const humano: AccionKind = {
  type: 'GO_HUMAN',
  defaults: () => ({ b: '' }),
  Editor: HumanoEditor,
  View: HumanoView,
};
