// Verifies the integrity headers (X-Ts, X-Nonce, X-Sig) of every API write with the key of the
// cookie's session row, using the one shared implementation in common/integrity.ts. A write on a
// session this instance has admitted before is verified with that session's key (a session's key
// never changes), then its nonce is recorded and its row read again in one round trip, and judged
// as the session hook judges every request (plugins/session.ts): one round trip instead of two.
// Registered inside the API scope (app.ts), so it guards every route the router matched there.
import { createHash, createHmac } from 'node:crypto';
import { MAX_SKEW_MS, SIGNED_METHODS, canonicalTextWithHash, sameSignature } from '../../../common/integrity';
import { unauthorized } from '../errors';
import { purgeNonces, rememberNonce } from '../auth/nonces';
import { purgeSesiones } from '../auth/sessions';
import { settlePending, settlePendingWithNonce } from './session';
import { shared } from './shared';
import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false exempts a route from signing (for callers that cannot hold a key, such as webhooks). */
    integrity?: boolean;
  }
}

export const INTEGRITY_MESSAGES = {
  missing: 'Faltan las cabeceras de integridad de la solicitud',
  noKey: 'Sesión de integridad no iniciada; recargue la página',
  badSignature: 'Firma de integridad inválida',
  stale: 'La marca de tiempo de la solicitud está vencida',
  replay: 'Solicitud repetida: el nonce ya fue usado',
} as const;

const PURGE_EVERY_MS = 60_000;
const NONCE_FORMAT = /^[A-Za-z0-9_-]{8,64}$/;
const TS_FORMAT = /^\d{1,16}$/;

const refuse = (message: string) => unauthorized(message, 'INTEGRITY');

/**
 * The signature common/integrity.ts defines (the console's signer), computed with node:crypto:
 * the same bytes, several times cheaper than the portable implementation on every write.
 */
export function serverSignature(key: string, method: string, pathWithQuery: string, ts: string, nonce: string, body: Uint8Array): string {
  const text = canonicalTextWithHash(method, pathWithQuery, ts, nonce, createHash('sha256').update(body).digest('hex'));
  return createHmac('sha256', Buffer.from(key, 'base64url')).update(text, 'utf8').digest('base64url');
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export const integrityPlugin = shared('quipu-integrity', async (app) => {
  let lastPurge = 0;

  app.addHook('preValidation', async (request, reply) => {
    // An unknown route has no handler to protect; it answers 404 whatever it carries.
    if (!SIGNED_METHODS.has(request.method) || request.is404) return;
    if (request.routeOptions.config?.integrity === false) return;

    const ts = header(request.headers['x-ts']);
    const nonce = header(request.headers['x-nonce']);
    const sig = header(request.headers['x-sig']);
    const now = app.config.now();
    // request.raw.url is the path and query exactly as the client sent and signed them.
    const signedBy = (k: string) => sameSignature(serverSignature(k, request.method, request.raw.url ?? request.url, ts!, nonce!, request.rawBody ?? new Uint8Array()), sig!);
    const wellFormed = !!ts && !!nonce && !!sig && TS_FORMAT.test(ts) && Math.abs(now - Number(ts)) <= MAX_SKEW_MS && NONCE_FORMAT.test(nonce);

    if (request.sessionPending) {
      // The session kept on this instance (plugins/session.ts) signs; its row is read again, and
      // judged as on any request, in the round trip that records the nonce.
      if (wellFormed && signedBy(request.sesion!.k)) {
        const fresh = await settlePendingWithNonce(app, request, reply, nonce!, now);
        if (!request.sesion) throw refuse(INTEGRITY_MESSAGES.noKey);
        if (!fresh) throw refuse(INTEGRITY_MESSAGES.replay);
        await purge(request, now);
        return;
      }
      // Refused: the session is checked first, as for any request, so the answer is the same.
      await settlePending(app, request, reply);
    }

    if (!ts || !nonce || !sig) throw refuse(INTEGRITY_MESSAGES.missing);
    if (!request.sesion) throw refuse(INTEGRITY_MESSAGES.noKey);
    if (!TS_FORMAT.test(ts) || Math.abs(now - Number(ts)) > MAX_SKEW_MS) throw refuse(INTEGRITY_MESSAGES.stale);
    if (!NONCE_FORMAT.test(nonce)) throw refuse(INTEGRITY_MESSAGES.badSignature);
    if (!signedBy(request.sesion.k)) throw refuse(INTEGRITY_MESSAGES.badSignature);
    // Checked last, so only correctly signed requests take a row in the nonce table.
    if (!(await rememberNonce(app.db, nonce, now))) throw refuse(INTEGRITY_MESSAGES.replay);
    await purge(request, now);
  });

  async function purge(request: FastifyRequest, now: number): Promise<void> {

    // A clock that went back (a correction, or a test) must not postpone purging.
    if (now - lastPurge > PURGE_EVERY_MS || now < lastPurge) {
      lastPurge = now;
      try {
        await purgeNonces(app.db, now);
        await purgeSesiones(app.db, now, app.config.defaultSessionMinutes, app.config.sessionMaxHours);
      } catch (error) {
        request.log.warn({ err: error }, 'no se pudieron purgar nonces y sesiones vencidas');
      }
    }
  }
});
