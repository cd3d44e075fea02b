// Audit rows for display: event names by code and the date as DD-MMM-YYYY HH:mm with a Spanish
// month (access spec §3, §9). Codes 4 to 6 are the server's records of administrative changes.
import { format, isValid, parseISO } from 'date-fns';
import { es } from 'date-fns/locale/es';

export interface AuditRow {
  id: string;
  idU: string;
  us: string;
  idE: string;
  ev: number;
  fc: string;
  val: string | null;
}

export const AUDIT_EVENTS: Readonly<Record<number, string>> = {
  0: 'Historial',
  1: 'Bot Modificado',
  2: 'Bot desplegado',
  3: 'Canales',
  4: 'Usuarios',
  5: 'Empresas',
  6: 'Correo',
};

export const EVENT_CHOICES = Object.entries(AUDIT_EVENTS).map(([id, name]) => ({ id: Number(id), name }));

/** The event's name; an unknown code is shown as its number. */
export function eventName(ev: number): string {
  return AUDIT_EVENTS[ev] ?? String(ev);
}

/** '2026-11-05T14:30:00' → '05-nov-2026 14:30', in the browser's time zone. */
export function auditDate(fc: string | null | undefined): string {
  const date = fc ? parseISO(fc) : null;
  return date && isValid(date) ? format(date, 'dd-MMM-yyyy HH:mm', { locale: es }) : '';
}
