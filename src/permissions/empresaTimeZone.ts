// The time zone a company's days and hours are told in, on every screen.
import type { Session } from '../../common/sessionTypes';
import { browserTimeZone } from '../api/sessionModel';

/**
 * `empresa`'s own zone; a company without one keeps the server's, which the console is not told, so
 * the session's company's stands in; without a session, the browser's.
 */
export function empresaTimeZone(session: Session | null | undefined, empresa?: { tz?: string | null } | null): string {
  return empresa?.tz || session?.emp.tz || browserTimeZone();
}
