// Per-address throttling of sign-in and password recovery (@fastify/rate-limit), with Spanish
// answers. The per-account lock-out lives in services/auth/login.ts.
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { shared } from './shared';

export const LOGIN_THROTTLED = 'Demasiados intentos de ingreso. Espere un minuto e intente nuevamente.';
export const REQUESTS_THROTTLED = 'Demasiadas solicitudes. Espere un minuto e intente nuevamente.';

export const rateLimitPlugin = shared('quipu-rate-limit', async (app) => {
  // Only routes that ask for it (config.rateLimit) are limited.
  await app.register(rateLimit, { global: false });
});

/**
 * Route config limiting one address to `perMinute` calls. `only` narrows which calls count
 * (POST /enki counts sign-ins, not the session check every page load makes).
 */
export function perAddressLimit(perMinute: number, message: string, only?: (request: FastifyRequest) => boolean): RateLimitOptions {
  return {
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => request.ip,
    allowList: only ? (request) => !only(request) : undefined,
    errorResponseBuilder: () => new ApiError(429, message),
  };
}
