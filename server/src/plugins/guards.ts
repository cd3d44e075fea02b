// Route guards: who may call a route (the §6 rules) and which company a request may touch.
import type { FastifyRequest } from 'fastify';
import { CHECKS, type Flags, type RouteCheck } from '../../../common/roles';
import { forbidden, unauthorized } from '../errors';
import type { SessionUser } from '../types';

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

/** The signed-in user; only call after requireUser. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized('Sesión no iniciada', 'SESSION');
  return request.user;
}

/**
 * The company a request works on. A system admin may name any company (or none, meaning all);
 * everyone else always works on their own, whatever idE they sent.
 */
export function scopeIdE(user: SessionUser, requested?: string | null): string | undefined {
  if (user.flags.isAdmin) return requested || undefined;
  return user.idE;
}

/** True when the user may touch a record of company idE. */
export function sameTenant(user: SessionUser, idE: string): boolean {
  return user.flags.isAdmin || user.idE === idE;
}
