// The web chat widget's per-conversation token: an HMAC with a key derived from SECRET_KEY, naming
// the channel, the conversation and the page it was given to, with an expiry. The messages and the
// STOMP CONNECT carry it.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { App } from '../../types';

/** How long a conversation token lasts; every answered message renews it. */
export const WEBCHAT_TOKEN_MS = 24 * 60 * 60_000;
/** What a token says: channel, conversation, the page origin it was given to ('' none), whether that was this server's own, expiry (ms). */
interface TokenClaims {
  c: string;
  p: string;
  o: string;
  s?: 1;
  x: number;
}

/** Where a widget's call comes from: its Origin header, and whether that is this server itself. */
export interface Caller {
  origin?: string;
  own: boolean;
}

const tokenKeys = new WeakMap<Buffer, Buffer>();
/** A key of its own for tokens, derived from SECRET_KEY (which also encrypts secrets at rest). */
function tokenKey(app: App): Buffer {
  const secret = app.config.secretKey;
  let key = tokenKeys.get(secret);
  if (!key) {
    key = createHmac('sha256', secret).update('quipu-webchat-token').digest();
    tokenKeys.set(secret, key);
  }
  return key;
}

const mac = (app: App, text: string) => createHmac('sha256', tokenKey(app)).update(text).digest();

export function signToken(app: App, claims: TokenClaims): string {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${body}.${mac(app, body).toString('base64url')}`;
}

/** The claims of a token this server signed and that has not expired; null for anything else. */
export function readToken(app: App, token: string): TokenClaims | null {
  const [body, sig, extra] = token.split('.');
  if (!body || !sig || extra !== undefined) return null;
  const given = Buffer.from(sig, 'base64url');
  const expected = mac(app, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TokenClaims;
    if (typeof claims.c !== 'string' || typeof claims.p !== 'string' || typeof claims.o !== 'string' || typeof claims.x !== 'number') return null;
    return claims.x > app.config.now() ? claims : null;
  } catch {
    return null;
  }
}

/** A token for conversation `psi` of channel `idCanal`, given to `caller`, lasting WEBCHAT_TOKEN_MS. */
export function newToken(app: App, idCanal: string, psi: string, caller: Caller): string {
  return signToken(app, { c: idCanal, p: psi, o: caller.origin ?? '', ...(caller.own ? { s: 1 as const } : {}), x: app.config.now() + WEBCHAT_TOKEN_MS });
}
