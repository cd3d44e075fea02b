// The console's one date formatter: every date it shows, in one of the patterns of common/fechas
// (dd/MM/yyyy, dd/MM/yyyy HH:mm, and the two the specification sets), with Spanish month names,
// in the browser's time zone or, when given, the company's.
import { format, isValid, parseISO } from 'date-fns';
import { es } from 'date-fns/locale/es';
import { offset } from '../../common/dias';
import { FORMATOS, type Formato } from '../../common/fechas';

export { FORMATOS, type Formato };

/** The wall clock of `date` in `timeZone`, as a local Date that date-fns formats as it reads. */
function wallClock(date: Date, timeZone: string): Date {
  const w = new Date(date.getTime() + offset(date.getTime(), timeZone));
  return new Date(w.getUTCFullYear(), w.getUTCMonth(), w.getUTCDate(), w.getUTCHours(), w.getUTCMinutes(), w.getUTCSeconds());
}

/**
 * An ISO date or date-time in one of FORMATOS, in `timeZone` when given (else the browser's);
 * '' when there is none or it is not a date.
 */
export function formatFecha(value: string | null | undefined, formato: Formato, timeZone?: string): string {
  const date = value ? parseISO(value) : null;
  if (!date || !isValid(date)) return '';
  return format(timeZone ? wallClock(date, timeZone) : date, FORMATOS[formato], { locale: es });
}
