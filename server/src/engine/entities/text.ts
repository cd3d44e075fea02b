// The message as the internal entities read it: lower case, without accents, with a map back to
// the characters the person typed (so every entity keeps its own text and offsets).

export interface Folded {
  /** Lower case, accents and other combining marks removed ('Mañana' → 'manana'). */
  text: string;
  /** For each character of `text`, its offset in the original; one more entry for the end. */
  map: number[];
}

/** Lower case without accents or other combining marks ('Mañana' → 'manana'). */
export const foldText = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export function fold(original: string): Folded {
  let text = '';
  const map: number[] = [];
  let offset = 0;
  for (const char of original) {
    const plain = foldText(char);
    for (const c of plain) {
      text += c;
      map.push(offset);
      // A character outside the BMP is two code units: both point at it.
      if (c.length === 2) map.push(offset);
    }
    offset += char.length;
  }
  map.push(offset);
  return { text, map };
}

/** A span found in the folded text: [start, end). */
export interface Span {
  start: number;
  end: number;
}

/** A value of an internal entity, with its span in the folded text. */
export interface Found extends Span {
  id: string;
  value: string;
}

export function overlaps(a: Span, b: Span): boolean {
  return a.start < b.end && b.start < a.end;
}

/** The text with the spans replaced by a filler no pattern reads (same length, so offsets hold). */
export function mask(text: string, spans: readonly Span[]): string {
  let out = text;
  for (const s of spans) out = out.slice(0, s.start) + '\uE000'.repeat(s.end - s.start) + out.slice(s.end);
  return out;
}

/** Every match of a global expression, as spans with their groups. */
export function* matches(re: RegExp, text: string): Generator<RegExpExecArray> {
  const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
  for (let m = g.exec(text); m; m = g.exec(text)) {
    if (m[0] === '') g.lastIndex++;
    else yield m;
  }
}

/** Letters and digits: what a word boundary is made of (\b knows no accents; folded text has none, but keeps ñ-less letters of other scripts). */
export const WORD_CHAR = '[\\p{L}\\p{N}]';
export const BEFORE = `(?<!${WORD_CHAR})`;
export const AFTER = `(?!${WORD_CHAR})`;
