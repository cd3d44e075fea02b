// GO_HUMAN: hand the conversation to an agent; b, if given, is the bot that takes it back (spec §3).
import type { AccionKind } from '../accionKind';
import { HumanoEditor } from './HumanoEditor';
import { HumanoView } from './HumanoView';

export const humano: AccionKind = {
  type: 'GO_HUMAN',
  defaults: () => ({ b: '' }),
  Editor: HumanoEditor,
  View: HumanoView,
};
