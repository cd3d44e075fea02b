// QUICK_REPLY: a question and up to three replies (spec §3, §9). Shown like a buttons action.
import { BotonView } from '../button/BotonView';
import type { AccionKind } from '../accionKind';
import { RespuestaRapidaEditor } from './RespuestaRapidaEditor';

export const respuestaRapida: AccionKind = {
  type: 'QUICK_REPLY',
  defaults: () => ({ title: '', buttons: [] }),
  Editor: RespuestaRapidaEditor,
  View: BotonView,
};
