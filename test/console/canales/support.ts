// Shared by the channel screens' tests: a channel as GET /ch answers it, sessions with and
// without channel access, and the recorder of the calls msw answers.
import type { Canal } from '../../../src/api/canales';
import { newCanal } from '../../../src/pages/canales/common/canalModel';
import { makeSession } from '../fixtures';

export { record, renderAdmin, type Call } from '../resources/support';

export function canal(id: string, extra: Partial<Canal> = {}): Canal {
  return { ...newCanal('Web'), id, dsc: `Canal ${id}`, idE: '3', web: null, rev: 1, ...extra };
}

/** ROLE_COMPANIA: channel access. */
export const compania = makeSession({ rol: 'ROLE_COMPANIA' });
/** The same company with Telegram enabled. */
export const companiaTg = makeSession({ rol: 'ROLE_COMPANIA' }, { tg: true });
/** ROLE_USER with showChannels: channel access. */
export const usuarioCanales = makeSession({ rol: 'ROLE_USER', showChannels: true });
/** ROLE_DASHBOARD: no channel access; the four open editors show read-only. */
export const sinCanales = makeSession({ rol: 'ROLE_DASHBOARD' });

export const BOTS = [
  { id: 'b1', nm: 'Asistente Quipu' },
  { id: 'b2', nm: 'Ventas' },
];
