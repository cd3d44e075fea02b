// Security headers on every answer, console and API alike (helmet's), and the one rule for
// "served over https" that the session cookie and HSTS share.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';
import { shared } from './shared';

declare module 'fastify' {
  interface RouteShorthandOptions {
    /** This route's helmet options, merged over the console's (e.g. `framedBy(...)`). */
    helmet?: HelmetOptions;
  }
  interface FastifyContextConfig {
    helmet?: HelmetOptions;
  }
}

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

const CONSOLE_POLICY: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  // Sent below, and only under https: over plain http it would only ever be ignored or misleading.
  strictTransportSecurity: false,
};

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The headers helmet sets with `options`. None of ours depends on the request, so they are
 * worked out once per policy: helmet itself would parse the policy again on every request.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export const securityHeadersPlugin = shared('quipu-security-headers', async (app) => {
  const consoleHeaders = helmetHeaders(CONSOLE_POLICY);
  /** Headers of the routes with a policy of their own, by their options (which the route's config keeps). */
  const routeHeaders = new WeakMap<HelmetOptions, Record<string, string>>();

  // A route's own options are checked when it is declared, so a wrong one fails at start-up.
  app.addHook('onRoute', (route) => {
    if (route.helmet === undefined) return;
    const headers = helmetHeaders({ ...CONSOLE_POLICY, ...route.helmet } as HelmetOptions);
    route.config = Object.assign(route.config ?? {}, { helmet: route.helmet });
    routeHeaders.set(route.helmet, headers);
  });

  app.addHook('onRequest', async (request, reply) => {
    const own = request.routeOptions.config.helmet;
    reply.headers((own && routeHeaders.get(own)) ?? consoleHeaders);
    if (servedOverHttps(request, app.config)) reply.header('Strict-Transport-Security', HSTS);
  });
});
