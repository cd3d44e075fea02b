// Security headers on every answer, console and API alike (@fastify/helmet), and the one rule for
// "served over https" that the session cookie and HSTS share.
import helmet from '@fastify/helmet';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { shared } from './shared';

/**
 * True when the browser reached us over https: PUBLIC_URL says so, or the request itself came over
 * https (request.protocol believes X-Forwarded-Proto only from a TRUST_PROXY proxy).
 */
export function servedOverHttps(request: FastifyRequest, config: Pick<Config, 'publicUrl'>): boolean {
  return !!config.publicUrl?.startsWith('https:') || request.protocol === 'https';
}

/**
 * The console's policy. A route that must be framed elsewhere (the web-chat widget's) overrides
 * only frame-ancestors through its route options: `{ helmet: framedBy(['https://cliente.example']) }`.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  objectSrc: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // The renewal captcha (altcha) solves its proof of work in WebAssembly.
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  scriptSrcAttr: ["'none'"],
  // altcha starts its solver as a Web Worker from a blob: URL.
  workerSrc: ["'self'", 'blob:'],
  // MUI (emotion) and altcha inject <style> elements at run time, with no nonce to give them.
  styleSrc: ["'self'", "'unsafe-inline'"],
  // Bots' cards, carousels, avatars and the web chat's logos are images on https sites.
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  // Not upgrade-insecure-requests: a plain-http install (the embedded default) must keep working.
  upgradeInsecureRequests: null,
};

/** Route helmet options that let `origins` frame the route; every other directive stays. */
export function framedBy(origins: string[]) {
  const frameAncestors = origins.length > 0 ? origins : ["'none'"];
  return { contentSecurityPolicy: { useDefaults: false, directives: { ...CSP_DIRECTIVES, frameAncestors } }, frameguard: false as const };
}

const HSTS = 'max-age=31536000; includeSubDomains';

export const securityHeadersPlugin = shared('quipu-security-headers', async (app) => {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Sent below, and only under https: over plain http it would only ever be ignored or misleading.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (servedOverHttps(request, app.config)) reply.header('Strict-Transport-Security', HSTS);
  });
});
