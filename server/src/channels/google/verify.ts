// Google Chat's bearer token on every event: a JWT signed by chat@system.gserviceaccount.com with
// one of the keys published at GOOGLE_CHAT_CERTS_URL, for the channel's Cloud project number (its
// audience), and not expired. The keys are fetched through the outbound guard and kept for
// KEYS_MAX_AGE_MS; a token signed with a key not among them fetches them again, at most once per
// KEYS_COOLDOWN_MS, so forged kids cannot make the server hammer Google.
import type { IncomingHttpHeaders } from 'node:http';
import { createRemoteJWKSet, customFetch, errors, jwtVerify, type FetchImplementation } from 'jose';
import type { App } from '../../types';
import { header } from '../adapter';

export const CHAT_ISSUER = 'chat@system.gserviceaccount.com';
export const KEYS_MAX_AGE_MS = 60 * 60_000;
export const KEYS_COOLDOWN_MS = 60_000;
export const KEYS_TIMEOUT_MS = 10_000;
/** Clocks of Google and of this server may differ by this much. */
export const CLOCK_TOLERANCE_S = 30;

export type ChatTokenCheck = 'ok' | 'missing' | 'expired' | 'bad';

type KeySet = ReturnType<typeof createRemoteJWKSet>;
/** One key set per app (and certificates address), so every channel shares the fetched keys. */
const keySets = new WeakMap<App, { url: string; keys: KeySet }>();

function chatKeys(app: App): KeySet {
  const url = app.config.googleChatCertsUrl;
  const kept = keySets.get(app);
  if (kept?.url === url) return kept.keys;
  const viaGuard: FetchImplementation = async (address, options) => {
    const { response } = await app.outbound.fetch(new URL(address), { method: options.method, headers: [...options.headers], signal: options.signal, maxRedirects: 0 });
    return response as unknown as Response;
  };
  const keys = createRemoteJWKSet(new URL(url), { cacheMaxAge: KEYS_MAX_AGE_MS, cooldownDuration: KEYS_COOLDOWN_MS, timeoutDuration: KEYS_TIMEOUT_MS, [customFetch]: viaGuard });
  keySets.set(app, { url, keys });
  return keys;
}

/** Checks the request's `Authorization: Bearer` token for the project `projectNumber`. */
export async function checkChatToken(app: App, headers: IncomingHttpHeaders, projectNumber: string): Promise<ChatTokenCheck> {
  const token = /^Bearer\s+(\S+)$/i.exec(header(headers, 'authorization') ?? '')?.[1];
  if (!token) return 'missing';
  try {
    await jwtVerify(token, chatKeys(app), {
      issuer: CHAT_ISSUER,
      audience: projectNumber,
      algorithms: ['RS256'],
      requiredClaims: ['exp'],
      clockTolerance: CLOCK_TOLERANCE_S,
      currentDate: new Date(app.config.now()),
    });
    return 'ok';
  } catch (error) {
    if (error instanceof errors.JWTExpired) return 'expired';
    // Google's keys out of reach is not the caller's fault, but the event cannot be trusted either.
    if (!(error instanceof errors.JOSEError)) app.log.warn(`Google Chat: no se pudieron leer sus claves: ${error instanceof Error ? error.message : String(error)}`);
    return 'bad';
  }
}
