// The signed-in session (user, company, config) for screens that need more than the flags:
// the creator's company of a new user, the own company of 'Mi empresa'.
import { sessionStore } from '../api/client';
import { useSessionFrom } from '../api/sessionStore';
import type { Session } from '../../common/sessionTypes';

export function useSession(): Session | null {
  return useSessionFrom(sessionStore);
}
