// Dates and times in Spanish, relative to the moment and time zone of the message: '15/03/2026',
// '3 de marzo', 'mañana', 'pasado mañana', 'el lunes', '14:30', '2 pm', 'a las tres',
// 'a las 5 de la tarde'. Written here rather than with chrono-node's Spanish parser, which misses
// 'pasado mañana' and hours in words, reads 'tengo 20 años' as a year, '10 de la mañana' as
// tomorrow, and drops the year of '5 de abril del 2027'.
import { AFTER, BEFORE, matches, type Found } from './text';
import { SMALL_WORDS, smallNumber } from './numbers';

// Full names ('setiembre' is how Peru writes it), then the short forms, read only after a day in
// figures ('15 mar', '15-ago-2026'): 'tengo 3 set' is not a date.
const MONTHS: ReadonlyArray<readonly string[]> = [
  ['enero'], ['febrero'], ['marzo'], ['abril'], ['mayo'], ['junio'], ['julio'], ['agosto'], ['septiembre', 'setiembre'], ['octubre'], ['noviembre'], ['diciembre'],
];
const SHORT_MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'];
/** Short forms that are also common words ('set' de platos): a date only with its year ('15 set 2026'). */
const SHORT_WORDS = ['sep', 'set'];
const MONTH_OF = new Map([...MONTHS.flatMap((names, i) => names.map((n) => [n, i + 1] as const)), ...SHORT_MONTHS.map((n, i) => [n, i + 1] as const), ...SHORT_WORDS.map((n) => [n, 9] as const)]);
const alternatives = (names: Iterable<string>) => [...names].sort((a, b) => b.length - a.length).join('|');
const FULL_MONTH = `(?:${alternatives(MONTHS.flat())})`;
const MONTH = `(?:${FULL_MONTH}|(?:${alternatives([...SHORT_MONTHS, ...SHORT_WORDS])})\\.?)`;
const WEEKDAYS = ['domingo', 'lunes', 'martes', 'miercoles', 'jueves', 'viernes', 'sabado'];
const WEEKDAY = `(?:${WEEKDAYS.join('|')})`;
const DAY = `(?:\\d{1,2}|primero|1ro|1ero|${SMALL_WORDS})(?:\\s*[°º])?`;
const YEAR = '(?:\\d{4})';

/** A calendar day, as a Date at 00:00 UTC (only its UTC year, month and day mean anything). */
type Day = Date;

/** One formatter per time zone: building one costs far more than using it. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function today(now: Date, timeZone: string): Day {
  let format = dayFormats.get(timeZone);
  if (!format) dayFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' })));
  const parts = format.formatToParts(now);
  const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  return new Date(Date.UTC(get('year'), get('month') - 1, get('day')));
}

function addDays(day: Day, n: number): Day {
  return new Date(day.getTime() + n * 86_400_000);
}

/** The day, or null when it does not exist (31/02). */
function makeDay(y: number, m: number, d: number): Day | null {
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d ? day : null;
}

function iso(day: Day): string {
  return day.toISOString().slice(0, 10);
}

/** A day and month without a year: the next time it comes, today included (a bot asks for dates ahead). */
function nextDayMonth(base: Day, m: number, d: number): Day | null {
  const y = base.getUTCFullYear();
  for (const year of [y, y + 1, y + 2, y + 3, y + 4]) {
    const day = makeDay(year, m, d);
    if (day && day >= base) return day;
  }
  return null;
}

/** A day of the month alone ('el viernes 20'): the next time it comes, today included. */
function nextDayOfMonth(base: Day, d: number): Day | null {
  for (let k = 0; k < 3; k++) {
    const day = makeDay(base.getUTCFullYear(), base.getUTCMonth() + 1 + k, d) ?? makeDay(base.getUTCFullYear() + 1, base.getUTCMonth() + 1 + k - 12, d);
    if (day && day >= base) return day;
  }
  return null;
}

function fullYear(raw: string, base: Day): number {
  const y = Number(raw);
  if (raw.length !== 2) return y;
  const century = Math.floor(base.getUTCFullYear() / 100) * 100;
  return century + y > base.getUTCFullYear() + 20 ? century - 100 + y : century + y;
}

function dayNumber(raw: string): number | null {
  const clean = raw.replace(/\s*[°º]$/, '');
  if (clean === 'primero' || clean === '1ro' || clean === '1ero') return 1;
  return smallNumber(clean);
}

interface DatePattern {
  re: RegExp;
  read: (m: RegExpExecArray, base: Day) => Day | null;
}

const r = (source: string) => new RegExp(`${BEFORE}${source}${AFTER}`, 'u');

const DATE_PATTERNS: readonly DatePattern[] = [
  // 2026-03-15
  { re: r('(\\d{4})[-/.](\\d{1,2})[-/.](\\d{1,2})'), read: (m) => makeDay(+m[1]!, +m[2]!, +m[3]!) },
  // 15/03/2026, 15-03-26, 15.03.2026
  { re: r('(\\d{1,2})([-/.])(\\d{1,2})\\2(\\d{4}|\\d{2})'), read: (m, base) => makeDay(fullYear(m[4]!, base), +m[3]!, +m[1]!) },
  // (el lunes) 3 de marzo (de 2026), 3 marzo, 15-mar-2026
  {
    re: r(`(?:${WEEKDAY},?\\s+)?(${DAY})(?:\\s+de\\s+|\\s+|-)(${MONTH})(?:(?:\\s+(?:de|del)\\s+|,?\\s+|-)(${YEAR}))?`),
    read: (m, base) => {
      const d = dayNumber(m[1]!);
      const name = m[2]!.replace('.', '');
      const month = MONTH_OF.get(name)!;
      const short = SHORT_MONTHS.includes(name) || SHORT_WORDS.includes(name);
      if (d === null || (short && !/^\d/.test(m[1]!)) || (SHORT_WORDS.includes(name) && !m[3])) return null;
      return m[3] ? makeDay(+m[3], month, d) : nextDayMonth(base, month, d);
    },
  },
  // marzo 3 (de 2026)
  {
    re: r(`(${FULL_MONTH})\\s+(\\d{1,2})(?:(?:\\s+(?:de|del)\\s+|,?\\s+)(${YEAR}))?`),
    read: (m, base) => {
      const month = MONTH_OF.get(m[1]!.replace('.', ''))!;
      return m[3] ? makeDay(+m[3], month, +m[2]!) : nextDayMonth(base, month, +m[2]!);
    },
  },
  // 15/03 (a fraction like 1/2 is not a date: one of them has two digits, or 'el' comes before)
  {
    re: r('(el\\s+|dia\\s+)?(\\d{1,2})/(\\d{1,2})(?![/\\d])'),
    read: (m, base) => (m[1] || m[2]!.length === 2 || m[3]!.length === 2 ? nextDayMonth(base, +m[3]!, +m[2]!) : null),
  },
  // pasado mañana, mañana (not 'la mañana', the morning), hoy, ayer, anteayer
  { re: r('pasado\\s+manana'), read: (_m, base) => addDays(base, 2) },
  { re: r('(?<!(?:la|esta|una|cada|las|toda)\\s+)manana'), read: (_m, base) => addDays(base, 1) },
  { re: r('hoy'), read: (_m, base) => base },
  { re: r('(?:anteayer|antier|antes\\s+de\\s+ayer)'), read: (_m, base) => addDays(base, -2) },
  { re: r('ayer'), read: (_m, base) => addDays(base, -1) },
  // dentro de 3 días, en dos semanas
  {
    re: r(`(?:dentro\\s+de|en|de\\s+aqui\\s+a)\\s+(\\d{1,3}|${SMALL_WORDS})\\s+(dias?|semanas?)`),
    read: (m, base) => {
      const n = smallNumber(m[1]!);
      return n === null ? null : addDays(base, m[2]!.startsWith('semana') ? 7 * n : n);
    },
  },
  // el lunes, este viernes, el próximo martes, el sábado que viene, el viernes 20
  {
    re: r(`(?:(este|esta)\\s+|(?:el\\s+)?(?:proximo|siguiente)\\s+|el\\s+)?(${WEEKDAY})(?:\\s+(?:que\\s+viene|proximo))?(?:\\s+(\\d{1,2})(?![:\\d]))?`),
    read: (m, base) => {
      if (m[3]) return nextDayOfMonth(base, +m[3]);
      const target = WEEKDAYS.indexOf(m[2]!);
      let ahead = (target - base.getUTCDay() + 7) % 7;
      // 'el lunes' said on a Monday means the next one; 'este lunes' means today.
      if (ahead === 0 && !m[1]) ahead = 7;
      return addDays(base, ahead);
    },
  },
];

// ---------------------------------------------------------------------------------------------
// Times

const HOUR = `(?:\\d{1,2}|${SMALL_WORDS})`;
const MERIDIEM = '(?:a\\.?\\s?m\\.?|p\\.?\\s?m\\.?)(?![\\p{L}\\p{N}])';
const PART_OF_DAY = '(?:(?:de|por|en)\\s+la\\s+(manana|tarde|noche|madrugada)|(?:del|al)\\s+(mediodia))';
const MINUTES = `(?::(\\d{2})|\\s+y\\s+(media|cuarto|\\d{1,2}|${SMALL_WORDS})(?:\\s+minutos?)?|\\s+menos\\s+(cuarto|\\d{1,2}|${SMALL_WORDS}))`;
/** Words that make 'las 5' a time when nothing after it does ('a las 5', 'desde las 5'). */
const LEAD = '(?:a|y|desde|hasta|para|tipo|son|sean|antes\\s+de|despues\\s+de|entre|como\\s+a|por)\\s+';

function clock(h: number, min: number): string | null {
  if (h === 24 && min === 0) h = 0;
  if (h < 0 || h > 23 || min < 0 || min > 59) return null;
  return `${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}`;
}

/** An hour read with its meridiem or part of the day: 'pm'/'tarde'/'noche' add 12 ('12 de la noche' is 00:00). */
function withMeridiem(h: number, meridiem: string | undefined, part: string | undefined): number {
  const m = meridiem?.replace(/[^ap]/g, '');
  if (m === 'p' || part === 'tarde' || part === 'noche') {
    if (part === 'noche' && h === 12) return 0;
    return h < 12 ? h + 12 : h;
  }
  if (m === 'a' || part === 'manana' || part === 'madrugada') return h === 12 ? 0 : h;
  return h;
}

function minutesOf(m: RegExpExecArray, at: number): { min: number; before: boolean } | null {
  const [colon, plus, minus] = [m[at], m[at + 1], m[at + 2]];
  if (colon) return { min: +colon, before: false };
  const raw = plus ?? minus;
  if (!raw) return { min: 0, before: false };
  const min = raw === 'media' ? 30 : raw === 'cuarto' ? 15 : smallNumber(raw);
  return min === null ? null : { min, before: !!minus };
}

function readTime(hourRaw: string, m: RegExpExecArray, minAt: number, meridiem: string | undefined, part: string | undefined, noon?: string): string | null {
  let h = smallNumber(hourRaw);
  const mins = minutesOf(m, minAt);
  if (h === null || mins === null) return null;
  if (noon) return h === 12 ? clock(12, mins.min) : clock(h + (h < 12 ? 12 : 0), mins.min);
  h = withMeridiem(h, meridiem, part);
  if (meridiem && (smallNumber(hourRaw)! > 12 || smallNumber(hourRaw)! === 0)) return null;
  if (mins.before) return clock((h + 23) % 24, 60 - mins.min);
  return clock(h, mins.min);
}

const TIME_TAIL = `(?:\\s*(${MERIDIEM})|\\s+${PART_OF_DAY}|\\s*(hrs?|horas)(?![\\p{L}\\p{N}]))?(?:\\s+en\\s+punto)?`;

interface TimePattern {
  re: RegExp;
  read: (m: RegExpExecArray) => string | null;
}

const TIME_PATTERNS: readonly TimePattern[] = [
  // (a las) 14:30 (pm | de la tarde | hrs), 14h30
  {
    re: new RegExp(`${BEFORE}(?:(?:a\\s+)?las?\\s+)?(\\d{1,2})(?::|h)(\\d{2})(?!\\d)${TIME_TAIL}${AFTER}`, 'u'),
    read: (m) => {
      const h = withMeridiem(+m[1]!, m[3], m[4]);
      if (m[3] && (+m[1]! > 12 || +m[1]! === 0)) return null;
      return m[5] ? (+m[1]! === 12 ? clock(12, +m[2]!) : clock(+m[1]! + 12, +m[2]!)) : clock(h, +m[2]!);
    },
  },
  // a las tres (y media) (de la tarde), desde las 9, las 5 pm
  {
    re: new RegExp(`${BEFORE}(?:${LEAD})?(?:las|la)\\s+(${HOUR})${MINUTES}?${TIME_TAIL}${AFTER}`, 'u'),
    read: (m) => readTime(m[1]!, m, 2, m[5], m[6], m[7]),
  },
  // 2 pm, 10am, 7 y media de la noche, 5 de la tarde
  {
    re: new RegExp(`${BEFORE}(${HOUR})${MINUTES}?(?:\\s*(${MERIDIEM})|\\s+${PART_OF_DAY})${AFTER}`, 'u'),
    read: (m) => readTime(m[1]!, m, 2, m[5], m[6], m[7]),
  },
  { re: r('(?:al\\s+|a\\s+|el\\s+)?mediodia'), read: () => '12:00' },
  { re: r('(?:a\\s+|la\\s+)?medianoche'), read: () => '00:00' },
];

/** 'las 5' alone is a time only after words like 'a' or 'desde', or with something after it (minutes, pm, 'de la tarde'). */
function acceptedTime(m: RegExpExecArray, index: number): boolean {
  if (index !== 1) return true;
  const led = new RegExp(`^${LEAD}`, 'u').test(m[0]);
  const tail = m.slice(2).some((g) => g !== undefined);
  return led || tail;
}

export function findDates(text: string, now: Date, timeZone: string): Found[] {
  const base = today(now, timeZone);
  return collect(text, DATE_PATTERNS.map((p) => ({ re: p.re, read: (m: RegExpExecArray) => p.read(m, base) })), 'date', (d) => iso(d));
}

export function findTimes(text: string): Found[] {
  return collect(text, TIME_PATTERNS.map((p, i) => ({ re: p.re, read: (m: RegExpExecArray) => (acceptedTime(m, i) ? p.read(m) : null) })), 'time', (t) => t);
}

/** Earlier patterns first; a later match overlapping an earlier one is dropped. */
function collect<T>(text: string, patterns: ReadonlyArray<{ re: RegExp; read: (m: RegExpExecArray) => T | null }>, id: string, show: (v: T) => string): Found[] {
  const found: Found[] = [];
  for (const p of patterns) {
    for (const m of matches(p.re, text)) {
      const start = m.index;
      const end = start + m[0].length;
      if (found.some((f) => f.start < end && start < f.end)) continue;
      const value = p.read(m);
      if (value !== null) found.push({ id, value: show(value), start, end });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}
