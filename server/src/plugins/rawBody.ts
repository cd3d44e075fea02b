// Keeps the exact request body bytes of every content type (the integrity signature covers them)
// and parses JSON. Any other type reads as its text, which no object schema accepts.
// An empty body, with or without a content type, reads as {}.
import { ApiError } from '../errors';
import { shared } from './shared';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body bytes as received; empty when there was no body. */
    rawBody?: Buffer;
  }
}

const EMPTY = Buffer.alloc(0);
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** JSON.parse that drops __proto__ keys, so a body cannot reach an object's prototype. */
function parseJson(text: string): unknown {
  return JSON.parse(text, (key, value) => (key === '__proto__' ? undefined : value));
}

export const rawBodyPlugin = shared('quipu-raw-body', async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    request.rawBody = bytes;
    const text = bytes.toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      done(null, parseJson(text));
    } catch {
      done(new ApiError(400, 'El cuerpo de la solicitud no es un JSON válido'), undefined);
    }
  });

  // Fastify's own text/plain parser would drop the bytes; this one and the catch-all keep them.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    request.rawBody = bytes;
    done(null, bytes.length === 0 ? {} : bytes.toString('utf8'));
  });

  app.addHook('preValidation', async (request) => {
    if (!BODY_METHODS.has(request.method)) return;
    request.rawBody ??= EMPTY;
    if (request.body === undefined || request.body === null) request.body = {};
  });
});
