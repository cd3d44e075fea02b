// The regular expressions a bot builder writes (regex entities, MATCHES / MATCHES_NOT conditions)
// run on RE2 (re2js), whose time grows linearly with the text: a pattern like '^(a+)+$' cannot
// stall the server the way a backtracking engine does. They are written in JavaScript's syntax
// (checked as `new RegExp(source, 'u')` by the editor) and translated here to RE2's, keeping what
// JavaScript means: '.' stops at any line break, '\s' is every Unicode space, '\p{Letter}' is '\p{L}'.
// What RE2 cannot run (backreferences, lookaheads) gets a Spanish reason, given when it is saved.
import { RE2JS, type Matcher } from 're2js';

/** Where a match (or its first group) is, in UTF-16 offsets of the text it was searched in. */
export interface PatternSpan {
  start: number;
  end: number;
}

export interface PatternMatch extends PatternSpan {
  /** The first capture group, when the pattern has one and it took part in the match. */
  first?: PatternSpan;
}

export { DEFAULT_PATTERN_BUDGET } from '../config';

/** What the bot's patterns may still do for one message (entities and conditions together). Once spent, the remaining patterns find nothing. */
export class PatternBudget {
  private left: number;

  constructor(readonly limit: number) {
    this.left = limit;
  }

  /** True when `steps` more fit, and counts them; a search that does not fit spends the rest. */
  spend(steps: number): boolean {
    if (steps > this.left) {
      this.left = 0;
      return false;
    }
    this.left -= steps;
    return true;
  }

  get exhausted(): boolean {
    return this.left <= 0;
  }
}

/** A bot pattern compiled once; searches that would overspend the budget give no match. */
export interface UserPattern {
  /** Whether the pattern matches anywhere in `text` (null: the budget is spent). */
  test(text: string, budget?: PatternBudget): boolean | null;
  /** The leftmost match, or null. */
  first(text: string, budget?: PatternBudget): PatternMatch | null;
  /** Every match, left to right, without overlaps (an empty match moves one character on). */
  all(text: string, budget?: PatternBudget): PatternMatch[];
}

const REFUSED = 'Expresión regular no admitida';

/** Why RE2 cannot run a pattern, as the editor shows it. */
export class PatternRefusal extends Error {
  constructor(readonly reason: string) {
    super(`${REFUSED}: ${reason}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Translation from JavaScript's syntax (with the u flag) to RE2's

/** JavaScript's \s: white space and line terminators, as code point ranges. */
const SPACES: ReadonlyArray<readonly [number, number]> = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
const MAX_CODE_POINT = 0x10ffff;

const hex = (cp: number) => `\\x{${cp.toString(16)}}`;
const ranges = (list: ReadonlyArray<readonly [number, number]>) => list.map(([a, b]) => (a === b ? hex(a) : `${hex(a)}-${hex(b)}`)).join('');

function complement(list: ReadonlyArray<readonly [number, number]>): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let next = 0;
  for (const [a, b] of list) {
    if (a > next) out.push([next, a - 1]);
    next = b + 1;
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
}

const SPACE_CLASS = ranges(SPACES);
const NON_SPACE_CLASS = ranges(complement(SPACES));
/** JavaScript's '.': anything but a line terminator. */
const DOT = '[^\\n\\r\\x{2028}\\x{2029}]';

/** JavaScript's long General_Category names, and the script codes people write, as RE2 names them. */
const PROPERTY_NAMES: Readonly<Record<string, string>> = {
  Letter: 'L', Cased_Letter: 'LC', Uppercase_Letter: 'Lu', Lowercase_Letter: 'Ll', Titlecase_Letter: 'Lt', Modifier_Letter: 'Lm', Other_Letter: 'Lo',
  Mark: 'M', Combining_Mark: 'M', Nonspacing_Mark: 'Mn', Spacing_Mark: 'Mc', Enclosing_Mark: 'Me',
  Number: 'N', Decimal_Number: 'Nd', digit: 'Nd', Letter_Number: 'Nl', Other_Number: 'No',
  Punctuation: 'P', punct: 'P', Connector_Punctuation: 'Pc', Dash_Punctuation: 'Pd', Open_Punctuation: 'Ps', Close_Punctuation: 'Pe',
  Initial_Punctuation: 'Pi', Final_Punctuation: 'Pf', Other_Punctuation: 'Po',
  Symbol: 'S', Math_Symbol: 'Sm', Currency_Symbol: 'Sc', Modifier_Symbol: 'Sk', Other_Symbol: 'So',
  Separator: 'Z', Space_Separator: 'Zs', Line_Separator: 'Zl', Paragraph_Separator: 'Zp',
  Other: 'C', Control: 'Cc', cntrl: 'Cc', Format: 'Cf', Surrogate: 'Cs', Private_Use: 'Co', Unassigned: 'Cn',
  Latn: 'Latin', Grek: 'Greek', Cyrl: 'Cyrillic', Arab: 'Arabic', Hebr: 'Hebrew', Hani: 'Han', Zyyy: 'Common', Zinh: 'Inherited',
};

const knownProperties = new Map<string, boolean>();

/** `\p{…}` (or `\P{…}`) as RE2 writes it, inside a class when `inClass`; a refusal when RE2 does not know the property. */
function property(negated: boolean, body: string, inClass: boolean): string {
  const [key, value] = body.includes('=') ? body.split('=', 2) as [string, string] : ['', body];
  const name = PROPERTY_NAMES[value] ?? value;
  const written = `\\${negated ? 'P' : 'p'}{${body}}`;
  if (/^(?:Script_Extensions|scx)$/.test(key)) throw new PatternRefusal(`la clase Unicode ${written} no se puede usar; use \\p{Script=…}`);
  if (name === 'ASCII') {
    const ascii = negated ? '\\x{80}-\\x{10ffff}' : '\\x{0}-\\x{7f}';
    return inClass ? ascii : `[${ascii}]`;
  }
  if (!knownProperties.has(name)) {
    let known = /^[A-Za-z_]+$/.test(name);
    try {
      if (known) RE2JS.compile(`\\p{${name}}`);
    } catch {
      known = false;
    }
    knownProperties.set(name, known);
  }
  if (!knownProperties.get(name)) throw new PatternRefusal(`la clase Unicode ${written} no se puede usar`);
  return `\\${negated ? 'P' : 'p'}{${name}}`;
}

interface Translated {
  source: string;
  lookbehind: boolean;
}

/** The largest count RE2 allows in {n,m}. */
const MAX_REPEAT = 1000;

/**
 * The RE2 pattern that means what `source` means in JavaScript (read with the u flag, which the
 * editor has already checked it compiles with). Throws PatternRefusal for what RE2 cannot run.
 */
function translate(source: string): Translated {
  const cps = Array.from(source);
  let i = 0;
  let out = '';
  let lookbehind = false;
  /** The open groups: true for a lookbehind, where RE2 allows no capture. */
  const groups: boolean[] = [];
  const peek = (k = 0) => cps[i + k] ?? '';

  /** Reads `\u…` (with a surrogate pair), `\x..`, `\c.` or `\0` after the backslash; the code point or undefined. */
  const codeEscape = (): number | undefined => {
    const c = peek();
    if (c === 'u') {
      if (peek(1) === '{') {
        const close = cps.indexOf('}', i + 2);
        const cp = parseInt(cps.slice(i + 2, close).join(''), 16);
        i = close + 1;
        return cp;
      }
      let cp = parseInt(cps.slice(i + 1, i + 5).join(''), 16);
      i += 5;
      if (cp >= 0xd800 && cp <= 0xdbff && peek() === '\\' && peek(1) === 'u' && /^[\da-fA-F]{4}$/.test(cps.slice(i + 2, i + 6).join(''))) {
        const low = parseInt(cps.slice(i + 2, i + 6).join(''), 16);
        if (low >= 0xdc00 && low <= 0xdfff) {
          cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
          i += 6;
        }
      }
      return cp;
    }
    if (c === 'x') {
      const cp = parseInt(cps.slice(i + 1, i + 3).join(''), 16);
      i += 3;
      return cp;
    }
    if (c === 'c' && /^[A-Za-z]$/.test(peek(1))) {
      const cp = peek(1).charCodeAt(0) % 32;
      i += 2;
      return cp;
    }
    if (c === '0' && !/^\d$/.test(peek(1))) {
      i += 1;
      return 0;
    }
    return undefined;
  };

  /** `\p{…}` / `\P{…}` after the backslash. */
  const propertyEscape = (inClass: boolean): string => {
    const negated = peek() === 'P';
    const close = cps.indexOf('}', i + 2);
    const body = cps.slice(i + 2, close).join('');
    i = close + 1;
    return property(negated, body, inClass);
  };

  /** One escape (the backslash already read) inside a class. */
  const classEscape = (): string => {
    const c = peek();
    const cp = codeEscape();
    if (cp !== undefined) return hex(cp);
    if (c === 'p' || c === 'P') return propertyEscape(true);
    i += 1;
    if (c === 's') return SPACE_CLASS;
    if (c === 'S') return NON_SPACE_CLASS;
    if (c === 'b') return hex(8);
    return `\\${c}`;
  };

  const characterClass = () => {
    // '[' already read.
    let negated = false;
    if (peek() === '^') {
      negated = true;
      i += 1;
    }
    if (peek() === ']') {
      i += 1;
      out += negated ? '[\\x{0}-\\x{10ffff}]' : '[^\\x{0}-\\x{10ffff}]';
      return;
    }
    let body = '';
    while (i < cps.length && peek() !== ']') {
      const c = peek();
      if (c === '\\') {
        i += 1;
        body += classEscape();
      } else {
        i += 1;
        body += c === '[' ? '\\[' : c;
      }
    }
    i += 1;
    out += `[${negated ? '^' : ''}${body}]`;
  };

  const escape = () => {
    // '\' already read.
    const c = peek();
    if (/^[1-9]$/.test(c)) {
      let digits = '';
      while (/^\d$/.test(peek())) digits += cps[i++];
      throw new PatternRefusal(`las referencias hacia atrás (\\${digits}) no se pueden usar`);
    }
    if (c === 'k' && peek(1) === '<') {
      const close = cps.indexOf('>', i);
      throw new PatternRefusal(`las referencias hacia atrás (\\${cps.slice(i, close + 1).join('')}) no se pueden usar`);
    }
    const cp = codeEscape();
    if (cp !== undefined) {
      out += hex(cp);
      return;
    }
    if (c === 'p' || c === 'P') {
      out += propertyEscape(false);
      return;
    }
    i += 1;
    if (c === 's') out += `[${SPACE_CLASS}]`;
    else if (c === 'S') out += `[${NON_SPACE_CLASS}]`;
    else out += `\\${c}`;
  };

  const group = () => {
    // '(' already read.
    if (peek() !== '?') {
      if (groups.some(Boolean)) throw new PatternRefusal('los grupos de captura dentro de una búsqueda hacia atrás ((?<=…) o (?<!…)) no se pueden usar; use (?:…)');
      groups.push(false);
      out += '(';
      return;
    }
    const next = peek(1);
    if (next === ':') {
      groups.push(false);
      out += '(?:';
      i += 2;
    } else if (next === '=' || next === '!') {
      throw new PatternRefusal(`las búsquedas hacia adelante (?${next}…) no se pueden usar`);
    } else if (next === '<' && (peek(2) === '=' || peek(2) === '!')) {
      lookbehind = true;
      groups.push(true);
      out += `(?<${peek(2)}`;
      i += 3;
    } else if (next === '<') {
      // A named group: RE2 numbers it the same; the name is of no use to the engine.
      if (groups.some(Boolean)) throw new PatternRefusal('los grupos de captura dentro de una búsqueda hacia atrás ((?<=…) o (?<!…)) no se pueden usar; use (?:…)');
      groups.push(false);
      i = cps.indexOf('>', i) + 1;
      out += '(';
    } else {
      // Modifiers such as (?i:…), where the runtime reads them.
      const close = cps.indexOf(':', i);
      const flags = cps.slice(i + 1, close).join('');
      if (!/^[ims]*(?:-[ims]+)?$/.test(flags)) throw new PatternRefusal(`el grupo (?${flags}…) no se puede usar`);
      groups.push(false);
      out += `(?${flags}:`;
      i = close + 1;
    }
  };

  while (i < cps.length) {
    const c = cps[i++]!;
    switch (c) {
      case '\\':
        escape();
        break;
      case '[':
        characterClass();
        break;
      case '(':
        group();
        break;
      case ')':
        groups.pop();
        out += ')';
        break;
      case '.':
        out += DOT;
        break;
      case '{': {
        const close = cps.indexOf('}', i);
        const counts = cps.slice(i, close).join('');
        if (counts.split(',').some((n) => n !== '' && Number(n) > MAX_REPEAT)) throw new PatternRefusal(`las repeticiones de más de ${MAX_REPEAT} ({${counts}}) no se pueden usar`);
        out += `{${counts}}`;
        i = close + 1;
        break;
      }
      default:
        out += c;
    }
  }
  return { source: out, lookbehind };
}

// ---------------------------------------------------------------------------------------------
// Compiled patterns, kept by source

type Entry = { pattern: UserPattern } | { refusal: string };

/** How many compiled patterns are kept (a MATCHES value filled from memory is a new source each time). */
const CACHE_SIZE = 500;
const cache = new Map<string, Entry>();
const warned = new Set<string>();

/** Longer than this, a pattern is not compiled (a memory value put into a condition can be long). */
const MAX_SOURCE_LENGTH = 5000;

function compile(source: string): Entry {
  if (source.length > MAX_SOURCE_LENGTH) return { refusal: `la expresión es demasiado larga (más de ${MAX_SOURCE_LENGTH} caracteres)` };
  let translated: Translated;
  try {
    new RegExp(source, 'u');
    translated = translate(source);
  } catch (error) {
    return { refusal: error instanceof PatternRefusal ? error.reason : (error as Error).message };
  }
  let re: RE2JS;
  try {
    re = RE2JS.compile(translated.source, translated.lookbehind ? RE2JS.LOOKBEHINDS : 0);
  } catch (error) {
    const message = (error as Error).message;
    if (/repeat count|too large|too big|program size/i.test(message)) return { refusal: 'la expresión es demasiado grande para evaluarla en tiempo lineal' };
    return { refusal: `no se puede evaluar en tiempo lineal (${message.replace(/^error parsing regexp: /, '')})` };
  }
  return { pattern: wrap(re) };
}

function wrap(re: RE2JS): UserPattern {
  const hasGroup = re.groupCount() > 0;
  const size = re.programSize();
  const afford = (text: string, budget?: PatternBudget) => !budget || budget.spend(Math.max(1, text.length) * size);
  const read = (m: Matcher): PatternMatch => {
    const match: PatternMatch = { start: m.start(0), end: m.end(0) };
    if (hasGroup && m.start(1) >= 0) match.first = { start: m.start(1), end: m.end(1) };
    return match;
  };
  return {
    test(text, budget) {
      return afford(text, budget) ? re.test(text) : null;
    },
    first(text, budget) {
      if (!afford(text, budget) || !re.test(text)) return null;
      const m = re.matcher(text);
      return m.find() ? read(m) : null;
    },
    all(text, budget) {
      if (!afford(text, budget) || !re.test(text)) return [];
      const m = re.matcher(text);
      const out: PatternMatch[] = [];
      while (m.find()) out.push(read(m));
      return out;
    },
  };
}

function entry(source: string): Entry {
  let found = cache.get(source);
  if (found) {
    // Most recently used last, so the oldest is the one dropped.
    cache.delete(source);
  } else {
    found = compile(source);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  }
  cache.set(source, found);
  return found;
}

/**
 * Why a pattern cannot be run (Spanish, naming the construct: 'las referencias hacia atrás (\1)
 * no se pueden usar'), or undefined when it can. A pattern JavaScript itself refuses gets
 * JavaScript's message.
 */
export function patternRefusal(source: string): string | undefined {
  const found = entry(source);
  return 'refusal' in found ? found.refusal : undefined;
}

/** The full sentence the editor shows: 'Expresión regular no admitida: …'. */
export function refusalMessage(reason: string): string {
  return `${REFUSED}: ${reason}`;
}

/**
 * The compiled pattern, or null when it cannot run: a pattern stored before RE2 ran them, which
 * now never matches (said once in the log; the deploy refuses it with the reason).
 */
export function userPattern(source: string): UserPattern | null {
  const found = entry(source);
  if ('pattern' in found) return found.pattern;
  if (!warned.has(source) && warned.size < CACHE_SIZE) {
    warned.add(source);
    process.emitWarning(`La expresión regular ${JSON.stringify(source)} de un bot no se evalúa: ${found.refusal}`, { code: 'QUIPU_PATTERN' });
  }
  return null;
}

/**
 * `text` as a pattern that matches it literally, in the syntax bot patterns are written in (a
 * memory value put into a MATCHES condition is data, never pattern).
 */
export function literalPattern(text: string): string {
  return `(?:${text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&').replace(/-/g, '\\u{2d}')})`;
}
