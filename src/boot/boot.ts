// Start-up: GET /public/athena for the signing key, the brand and whether the cookie names a
// signed-in session, then POST /enki for that session only: a visitor who is signed out is not
// asked for one (which would answer 401). Runs once, before React renders.
import { messageOf } from '../api/HttpError';
import type { SessionApi } from '../api/session';
import { DEFAULT_BRAND } from '../api/sessionModel';
import type { SessionStore } from '../api/sessionStore';
import type { Brand } from '../../common/sessionTypes';

export interface BootResult {
  brand: Brand;
  /** Set when the server could not be asked; the public pages show it. */
  error?: string;
}

export async function boot(api: Pick<SessionApi, 'athena' | 'checkSession'>, store: SessionStore): Promise<BootResult> {
  let brand = DEFAULT_BRAND;
  try {
    const athena = await api.athena();
    ({ brand } = athena);
    store.set(athena.sesion ? await api.checkSession() : null);
    return { brand };
  } catch (error) {
    store.set(null);
    return { brand, error: messageOf(error) };
  } finally {
    document.title = brand.name;
  }
}
