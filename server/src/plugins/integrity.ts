// Verifies the integrity headers (X-Ts, X-Nonce, X-Sig) of every API write with the key of the
// cookie's session row, using the one shared implementation in src/api/integrity.ts.
// Registered inside the API scope (app.ts), so it guards every route the router matched there.
import { MAX_SKEW_MS, SIGNED_METHODS, canonicalText, sameSignature, signature } from '../../../src/api/integrity';
import { unauthorized } from '../errors';
import { purgeNonces, rememberNonce } from '../services/nonces';
import { purgeSesiones } from '../services/sessions';
import { shared } from './shared';

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

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export const integrityPlugin = shared('quipu-integrity', async (app) => {
  let lastPurge = 0;

  app.addHook('preValidation', async (request) => {
    // An unknown route has no handler to protect; it answers 404 whatever it carries.
    if (!SIGNED_METHODS.has(request.method) || request.is404) return;
    if (request.routeOptions.config?.integrity === false) return;

    const ts = header(request.headers['x-ts']);
    const nonce = header(request.headers['x-nonce']);
    const sig = header(request.headers['x-sig']);
    if (!ts || !nonce || !sig) throw refuse(INTEGRITY_MESSAGES.missing);
    if (!request.sesion) throw refuse(INTEGRITY_MESSAGES.noKey);

    const now = app.config.now();
    if (!TS_FORMAT.test(ts) || Math.abs(now - Number(ts)) > MAX_SKEW_MS) throw refuse(INTEGRITY_MESSAGES.stale);
    if (!NONCE_FORMAT.test(nonce)) throw refuse(INTEGRITY_MESSAGES.badSignature);

    // request.raw.url is the path and query exactly as the client sent and signed them.
    const text = canonicalText(request.method, request.raw.url ?? request.url, ts, nonce, request.rawBody ?? new Uint8Array());
    if (!sameSignature(signature(request.sesion.k, text), sig)) throw refuse(INTEGRITY_MESSAGES.badSignature);
    // Checked last, so only correctly signed requests take a row in the nonce table.
    if (!(await rememberNonce(app.db, nonce, now))) throw refuse(INTEGRITY_MESSAGES.replay);

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
  });
});
