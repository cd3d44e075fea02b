// Audit rows for display: event names by code (the date goes through layout/fecha.ts). Codes 4
// to 6 are the server's records of administrative changes.
import { AUDIT_EVENTS } from '../../../common/schemas/rules';

export type { AuditRow } from '../../../common/schemas/auditoria';

export { AUDIT_EVENTS };

export const EVENT_CHOICES = Object.entries(AUDIT_EVENTS).map(([id, name]) => ({ id: Number(id), name }));

/** The event's name; an unknown code is shown as its number. */
export function eventName(ev: number): string {
  return AUDIT_EVENTS[ev] ?? String(ev);
}

