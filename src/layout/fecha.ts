// The console's one date formatter: every date it shows, in the browser's time zone and with
// Spanish month names.
import { format, isValid, parseISO } from 'date-fns';
import { es } from 'date-fns/locale/es';

export const FORMATOS = {
  /** Company dates: '05/11/2026'. */
  dia: 'dd/MM/yyyy',
  /** Audit rows: '05-nov-2026 14:30'. */
  auditoria: 'dd-MMM-yyyy HH:mm',
  /** The version's commit time on 'Acerca de': '05-11-2026 14:30'. */
  version: 'dd-MM-yyyy HH:mm',
} as const;

/** An ISO date or date-time in one of FORMATOS; '' when there is none or it is not a date. */
export function formatFecha(value: string | null | undefined, formato: keyof typeof FORMATOS): string {
  const date = value ? parseISO(value) : null;
  return date && isValid(date) ? format(date, FORMATOS[formato], { locale: es }) : '';
}
