// The console's one date formatter: every date it shows, in one of the patterns of common/fechas
// (dd/MM/yyyy, dd/MM/yyyy HH:mm, and the two the specification sets), with Spanish month names,
// in the browser's time zone or, when given, the company's.
import { format, isValid, parseISO } from 'date-fns';
import { es } from 'date-fns/locale/es';
import { FORMATOS, type Formato } from '../../common/fechas';

export { FORMATOS, type Formato };

const zones = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of `date` in `timeZone`, as a local Date that date-fns formats as it reads. */
function wallClock(date: Date, timeZone: string): Date {
  let zone = zones.get(timeZone);
  if (!zone) {
    zone = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    zones.set(timeZone, zone);
  }
  const p = Object.fromEntries(zone.formatToParts(date).map((part) => [part.type, Number(part.value)]));
  return new Date(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
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
