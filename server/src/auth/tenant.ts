// Which company a signed-in user may touch: the tenant rules the services and the route guards share.
import type { SessionUser } from '../types';

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
