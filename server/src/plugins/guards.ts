// Route guards: who may call a route (each role's rights over each area) and which company a
// request may touch (the tenant rules of auth/tenant.ts, re-exported for the routes).
import type { FastifyRequest } from 'fastify';
import { CHECKS, type Flags, type RouteCheck } from '../../../common/roles';
import { forbidden, unauthorized } from '../errors';
import type { SessionUser } from '../types';

export { sameTenant, scopeIdE } from '../auth/tenant';

export type Rule = RouteCheck | ((flags: Flags, user: SessionUser) => boolean);

/** A preHandler that refuses signed-out callers (401) and callers the rule excludes (403). */
export function requireUser(rule: Rule = 'none') {
  return async function guard(request: FastifyRequest) {
    const user = request.user;
    if (!user) throw unauthorized('Sesión no iniciada', 'SESSION');
    const allowed = typeof rule === 'function' ? rule(user.flags, user) : CHECKS[rule](user.flags);
    if (!allowed) throw forbidden();
  };
}

/**
 * Options of a route whose legitimate body passes the default limit (BODY_LIMIT_KB): its own limit,
 * and its guard run once more before the body is read, so a caller the route refuses anyway never
 * has a large body read and parsed. The route keeps its preHandler guard, which judges the session
 * as read again with a signed write's nonce.
 */
export function largeBody(limitKb: number, rule: Rule) {
  return { bodyLimit: limitKb * 1024, onRequest: requireUser(rule) };
}

/** The signed-in user; only call after requireUser. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized('Sesión no iniciada', 'SESSION');
  return request.user;
}
