// Audit rows for display: event names by code, and the detail with what it names by id shown by
// name (the date goes through layout/fecha.ts). Codes 4 to 6 are the server's records of
// administrative changes.
import type { AuditRef, AuditRow } from '../../../common/schemas/auditoria';
import { AUDIT_EVENTS } from '../../../common/schemas/rules';
import { formatFecha } from '../../layout/fecha';

export type { AuditRow };

export { AUDIT_EVENTS };

export const EVENT_CHOICES = Object.entries(AUDIT_EVENTS).map(([id, name]) => ({ id: Number(id), name }));

/** The event's name; an unknown code is shown as its number. */
export function eventName(ev: number): string {
  return AUDIT_EVENTS[ev] ?? String(ev);
}


/** How the detail shows one thing it named by id: «name», a session by its start, or 'id (eliminado)'. */
function shownRef(ref: AuditRef): string {
  if (ref.eliminado) return `${ref.id} (eliminado)`;
  if (!ref.nm) return ref.id;
  return ref.tipo === 'sesion' ? `del ${formatFecha(ref.nm, 'fechaHora')}` : `«${ref.nm}»`;
}

/** The row's detail with each id the server named (row.refs) replaced by what it is now. */
export function detailText(row: Pick<AuditRow, 'val' | 'refs'>): string {
  let text = row.val ?? '';
  for (const ref of row.refs ?? []) text = text.split(ref.id).join(shownRef(ref));
  return text;
}
