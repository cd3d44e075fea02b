// Numbers as people write them in Spanish: in figures ('3', '2,5', '1.500', '150 mil') or in words
// ('tres', 'veinte', 'dos mil', 'ciento veinticinco', 'dos y medio'). Works on folded text.
import { AFTER, BEFORE, matches, type Span } from './text';

const UNITS: Readonly<Record<string, number>> = {
  cero: 0, uno: 1, un: 1, una: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, nueve: 9,
  diez: 10, once: 11, doce: 12, trece: 13, catorce: 14, quince: 15, dieciseis: 16, diecisiete: 17, dieciocho: 18, diecinueve: 19,
  veinte: 20, veintiuno: 21, veintiun: 21, veintiuna: 21, veintidos: 22, veintitres: 23, veinticuatro: 24, veinticinco: 25,
  veintiseis: 26, veintisiete: 27, veintiocho: 28, veintinueve: 29,
};
const TENS: Readonly<Record<string, number>> = { treinta: 30, cuarenta: 40, cincuenta: 50, sesenta: 60, setenta: 70, ochenta: 80, noventa: 90 };
const HUNDREDS: Readonly<Record<string, number>> = {
  cien: 100, ciento: 100, doscientos: 200, doscientas: 200, trescientos: 300, trescientas: 300, cuatrocientos: 400, cuatrocientas: 400,
  quinientos: 500, quinientas: 500, seiscientos: 600, seiscientas: 600, setecientos: 700, setecientas: 700,
  ochocientos: 800, ochocientas: 800, novecientos: 900, novecientas: 900,
};
const SCALES: Readonly<Record<string, number>> = { mil: 1000, millon: 1_000_000, millones: 1_000_000 };

/** Any number word, longest first so the alternation prefers 'veintiuno' to 'veinte'. */
export const NUMBER_WORD = [...Object.keys(UNITS), ...Object.keys(TENS), ...Object.keys(HUNDREDS), ...Object.keys(SCALES)]
  .sort((a, b) => b.length - a.length)
  .join('|');

/** A number found in the text. `article` marks a bare 'un'/'una', a number only before a currency or a unit. */
export interface NumberSpan extends Span {
  value: number;
  article?: boolean;
}

/** The value of a run of number words ('ciento veinticinco', 'dos mil trescientos'), or null when they do not make one number. */
export function wordsValue(words: readonly string[]): number | null {
  let total = 0;
  let group = 0; // the part below the current scale
  let last: 'unit' | 'ten' | 'and' | 'hundred' | 'scale' | null = null;
  for (const w of words) {
    if (w === 'y') {
      if (last !== 'ten') return null;
      last = 'and';
    } else if (w in UNITS) {
      const v = UNITS[w]!;
      if (last === 'and' ? v < 1 || v > 9 : group % 100 !== 0 || (last === 'unit')) return null;
      group += v;
      last = 'unit';
    } else if (w in TENS) {
      if (group % 100 !== 0 || last === 'unit' || last === 'ten') return null;
      group += TENS[w]!;
      last = 'ten';
    } else if (w in HUNDREDS) {
      if (group !== 0) return null;
      group = HUNDREDS[w]!;
      last = 'hundred';
    } else if (w in SCALES) {
      const scale = SCALES[w]!;
      if (last === 'and') return null;
      if (scale === 1000) {
        if (total % 1_000_000 !== 0 || (total !== 0 && total < 1_000_000)) return null;
        total += (group || 1) * 1000;
      } else {
        total = (total + (group || 1)) * scale;
      }
      group = 0;
      last = 'scale';
    } else return null;
  }
  if (last === 'and') return null;
  return total + group;
}

const WORD_RUN = new RegExp(`${BEFORE}(?:${NUMBER_WORD})(?:\\s+(?:y\\s+)?(?:${NUMBER_WORD}))*${AFTER}`, 'u');
const HALF = /^\s+y\s+medi[oa](?![\p{L}\p{N}])/u;

/**
 * Figures (not glued to a word or to another figure; 'S/.45' is an amount): an optional sign, digits with thousands separators or a decimal part, and an optional
 * scale word ('150 mil', '2,5 millones').
 */
const FIGURES = new RegExp(`(?<![\\p{L}\\p{N},])(?<!(?<!s/)\\.)(-)?(\\d+(?:[.,]\\d+)*)(?![\\d])(?:\\s+(mil|millon|millones)${AFTER})?`, 'u');

/** '1.500' and '1,500' → 1500 (a lone separator before exactly three digits, or the same one repeated); '2,5' → 2.5; '1.500,75' → 1500.75. */
export function figuresValue(raw: string): number | null {
  const seps = raw.replace(/\d/g, '');
  if (!seps) return Number(raw);
  const groups = raw.split(/[.,]/);
  const thousands = (sep: string) => groups.slice(1).every((g) => g.length === 3) && groups[0]!.length <= 3 && seps.split('').every((s) => s === sep);
  if (seps.length > 1 && new Set(seps).size === 1) return thousands(seps[0]!) ? Number(groups.join('')) : null;
  if (seps.length === 1) {
    if (groups[1]!.length === 3 && groups[0] !== '0') return Number(groups.join(''));
    return Number(`${groups[0]}.${groups[1]}`);
  }
  // Both kinds: the last one is the decimal mark, the other groups thousands.
  const decimal = seps[seps.length - 1]!;
  const thousandsSep = decimal === ',' ? '.' : ',';
  if (seps.slice(0, -1).split('').some((s) => s !== thousandsSep)) return null;
  const [int, frac] = [raw.slice(0, raw.lastIndexOf(decimal)), raw.slice(raw.lastIndexOf(decimal) + 1)];
  const intGroups = int.split(thousandsSep);
  if (intGroups[0]!.length > 3 || intGroups.slice(1).some((g) => g.length !== 3)) return null;
  return Number(`${intGroups.join('')}.${frac}`);
}

/** Every number in the (folded, masked) text, in figures or in words. */
export function findNumbers(text: string): NumberSpan[] {
  const found: NumberSpan[] = [];
  for (const m of matches(FIGURES, text)) {
    let value = figuresValue(m[2]!);
    if (value === null || !Number.isFinite(value)) continue;
    if (m[1]) value = -value;
    if (m[3]) value *= SCALES[m[3]]!;
    found.push({ start: m.index, end: m.index + m[0].length, value });
  }
  const figures = found.length;
  for (const m of matches(WORD_RUN, text)) {
    // The scale word of '150 mil' is already part of a figure.
    for (const w of splitWords(m[0], m.index, text)) if (!found.slice(0, figures).some((f) => f.start < w.end && w.start < f.end)) found.push(w);
  }
  return found.sort((a, b) => a.start - b.start);
}

/** A run of number words is one number when it reads as one ('dos mil'), else the longest numbers from the left ('dos tres' → 2, 3). */
function splitWords(run: string, at: number, text: string): NumberSpan[] {
  const tokens = [...run.matchAll(/\S+/g)].map((t) => ({ word: t[0], start: at + t.index, end: at + t.index + t[0].length }));
  const out: NumberSpan[] = [];
  let i = 0;
  while (i < tokens.length) {
    let j = tokens.length;
    let value: number | null = null;
    for (; j > i; j--) {
      if (tokens[j - 1]!.word === 'y') continue;
      value = wordsValue(tokens.slice(i, j).map((t) => t.word));
      if (value !== null) break;
    }
    if (value === null) {
      i++;
      continue;
    }
    const start = tokens[i]!.start;
    let end = tokens[j - 1]!.end;
    const half = HALF.exec(text.slice(end));
    if (half) {
      value += 0.5;
      end += half[0].length;
    }
    const single = j - i === 1 ? tokens[i]!.word : '';
    out.push({ start, end, value, ...(single === 'un' || single === 'una' ? { article: true } : {}) });
    i = j;
  }
  return out;
}

/** A number as an entity value: '2.5', '1500', '-3'. */
export function numberText(value: number): string {
  return String(Number(value.toFixed(6)));
}

/** Hours, days and minutes written in words or figures: their value, or null. */
export function smallNumber(raw: string): number | null {
  if (/^\d+$/.test(raw)) return Number(raw);
  const v = wordsValue(raw.trim().split(/\s+/));
  return v;
}

/** A number from 1 to 59 in words, for hours, days of the month and minutes ('tres', 'veintiuno', 'treinta y uno'). */
export const SMALL_WORDS = `(?:(?:treinta|cuarenta|cincuenta)(?:\\s+y\\s+(?:uno|una|un|dos|tres|cuatro|cinco|seis|siete|ocho|nueve))?|${Object.keys(UNITS)
  .filter((w) => UNITS[w]! > 0)
  .sort((a, b) => b.length - a.length)
  .join('|')})`;
