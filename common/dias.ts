// Calendar days and hours in a company's time zone: the history's and the dashboard's ranges are
// days of the company (a message at 23:30 in Lima belongs to that day in Lima), and their
// counters are kept by the company's day and hour.
import { isTimeZone } from './schemas/rules';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, format);
  }
  return format;
}

export interface LocalTime {
  /** YYYY-MM-DD. */
  dia: string;
  /** 0–23. */
  hora: number;
  /** 1 Sunday … 7 Saturday. */
  ds: number;
}

/** The day, hour and weekday of the instant `ms` in `timeZone`. */
export function localTime(ms: number, timeZone: string): LocalTime {
  const parts = fields(ms, timeZone);
  const dia = `${parts.year}-${parts.month}-${parts.day}`;
  return { dia, hora: Number(parts.hour), ds: weekday(dia) };
}

/** The day (YYYY-MM-DD) of the instant `ms` in `timeZone`. */
export const localDay = (ms: number, timeZone: string): string => localTime(ms, timeZone).dia;

/** The time of day (HH:mm, 00:00 to 23:59) of the instant `ms` in `timeZone`. */
export function localClock(ms: number, timeZone: string): string {
  const parts = fields(ms, timeZone);
  return `${parts.hour}:${parts.minute}`;
}

function fields(ms: number, timeZone: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(ms)) out[part.type] = part.value;
  return out;
}

/** How far `timeZone` is ahead of UTC at the instant `ms`, in ms. */
export function offset(ms: number, timeZone: string): number {
  const p = fields(ms, timeZone);
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** The instant (ms) the day `dia` (YYYY-MM-DD) starts in `timeZone`. */
export function dayStart(dia: string, timeZone: string): number {
  const [y, m, d] = dia.split('-').map(Number);
  const midnightUtc = Date.UTC(y, m - 1, d);
  // Twice: the offset at the first guess may differ from the one at the answer (a change of time that day).
  const first = midnightUtc - offset(midnightUtc, timeZone);
  return midnightUtc - offset(first, timeZone);
}

/** The instants [from, to) that the days `fd` to `fh` (both included) cover in `timeZone`. */
export function dayRange(fd: string, fh: string, timeZone: string): { from: number; to: number } {
  return { from: dayStart(fd, timeZone), to: dayStart(addDays(fh, 1), timeZone) };
}

/** 1 Sunday … 7 Saturday. */
export function weekday(dia: string): number {
  const [y, m, d] = dia.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 1;
}

/** `dia` moved by `n` days. */
export function addDays(dia: string, n: number): string {
  const [y, m, d] = dia.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** How many days `fd` to `fh` span, both included (0 or less when fh is before fd). */
export function daysSpanned(fd: string, fh: string): number {
  const at = (dia: string) => {
    const [y, m, d] = dia.split('-').map(Number);
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((at(fh) - at(fd)) / 86_400_000) + 1;
}

/**
 * Whether `dia` is a real calendar day written YYYY-MM-DD, of the years 2000 to 2100: the days a
 * range may take (schemas/historial.ts Day), so that the day after its end is still a day.
 */
export function isDay(dia: string): boolean {
  return /^(20\d{2}|2100)-\d{2}-\d{2}$/.test(dia) && addDays(dia, 0) === dia;
}

/**
 * A stored zone this runtime knows, else null: one it does not (a row edited by hand, a runtime with
 * an older zone list) falls back to the server's rather than failing every message.
 */
export function knownTimeZone(stored: string | null | undefined): string | null {
  const name = stored?.trim();
  return name && isTimeZone(name) ? name : null;
}
