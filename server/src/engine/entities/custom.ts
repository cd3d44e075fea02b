// The bot's own entities: a keyword list, or a regular expression.
import type { EntidadDef } from '../../../../common/schemas/bots';
import { userPattern, type PatternBudget, type PatternMatch } from '../patterns';
import { fold, type Span } from './text';

export interface CustomFound extends Span {
  entity: EntidadDef;
  value: string;
}

interface Compiled {
  entity: EntidadDef;
  find: (text: string, budget?: PatternBudget) => CustomFound[];
}

/** Longer than this, a message is read only up to here by the bot's expressions. */
const REGEX_INPUT_LIMIT = 2000;
/** How many words in a row an anchored expression is tried on. */
const MAX_WORDS = 8;

/** The value of a match: its first capture group when the expression has one and it took part, else the whole match. */
function valueOf(entity: EntidadDef, text: string, m: PatternMatch, offset: number): CustomFound | null {
  const { start, end } = m.first && m.first.end > m.first.start ? m.first : m;
  const value = text.slice(start, end);
  return value.trim() ? { entity, value, start: offset + start, end: offset + end } : null;
}

/**
 * An expression without anchors is searched anywhere in the message. An anchored one ('^…$', as
 * forms validate a whole answer) is tried on the whole trimmed message first; when that fails, on
 * runs of up to MAX_WORDS consecutive words (the longest first, from the left, the punctuation
 * around them left out), so '^\d{5}$' finds '15001' in 'mi código postal es 15001.'.
 * The expression runs on the linear-time engine (engine/patterns.ts); one it cannot run finds nothing.
 */
function regexFinder(entity: EntidadDef): Compiled['find'] | null {
  const format = entity.format ?? '';
  const anchored = /^\^|(?<!\\)\$$/.test(format) || /\|\^|\$\|/.test(format);
  const re = userPattern(format);
  if (!re) return null;
  if (!anchored) {
    return (text, budget) => re.all(text, budget).map((m) => valueOf(entity, text, m, 0)).filter((f): f is CustomFound => !!f);
  }
  return (text, budget) => {
    const whole = text.trim();
    const lead = text.length - text.trimStart().length;
    const all = re.first(whole, budget);
    if (all) {
      const f = valueOf(entity, whole, all, lead);
      return f ? [f] : [];
    }
    const words = [...text.matchAll(/\S+/g)].map((w) => trimPunctuation(w[0], w.index));
    const out: CustomFound[] = [];
    for (let i = 0; i < words.length; i++) {
      for (let n = Math.min(MAX_WORDS, words.length - i); n > 0; n--) {
        if (budget?.exhausted) return out;
        const [first, last] = [words[i]!, words[i + n - 1]!];
        if (first.end <= first.start || last.end <= last.start) continue;
        const run = text.slice(first.start, last.end);
        const m = re.first(run, budget);
        const hit = m && valueOf(entity, run, m, first.start);
        if (hit) {
          out.push(hit);
          i += n - 1;
          break;
        }
      }
    }
    return out;
  };
}

/** A word without the punctuation around it ('¿Lima?' → 'Lima'), as a span of the message. */
function trimPunctuation(word: string, at: number): Span {
  const lead = /^[¿¡"'«([{]*/u.exec(word)![0].length;
  const trail = /[.,;:!?"'»)\]}]*$/u.exec(word.slice(lead))![0].length;
  return { start: at + lead, end: at + word.length - trail };
}

/** Keywords: whole words, ignoring case and accents; the value is the keyword as listed. */
function keywordFinder(entity: EntidadDef): Compiled['find'] | null {
  const keywords = entity.keywords.map((k) => ({ k, folded: fold(k.trim()).text })).filter((k) => k.folded);
  if (!keywords.length) return null;
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
  const byFolded = new Map<string, string>();
  for (const { k, folded } of keywords) if (!byFolded.has(folded.replace(/\s+/g, ' '))) byFolded.set(folded.replace(/\s+/g, ' '), k.trim());
  const patterns = [...byFolded].map(([folded, k]) => ({ k, re: new RegExp(`(?<![\\p{L}\\p{N}])${escape(folded)}(?![\\p{L}\\p{N}])`, 'gu') }));
  return (text) => {
    const { text: folded, map } = fold(text);
    const out: CustomFound[] = [];
    // Every keyword at every place (not only the leftmost longest), so overlaps are settled together.
    for (const { k, re } of patterns) {
      for (const m of folded.matchAll(re)) out.push({ entity, value: k, start: map[m.index]!, end: map[m.index + m[0].length]! });
    }
    return out;
  };
}

/** The bot's entities, compiled once: each message is then read by all of them. */
export class CustomEntities {
  private readonly compiled: Compiled[];

  constructor(entities: readonly EntidadDef[]) {
    this.compiled = [];
    for (const entity of entities) {
      const find = entity.rgx ? regexFinder(entity) : keywordFinder(entity);
      if (find) this.compiled.push({ entity, find });
    }
  }

  /**
   * Every value; where keyword values overlap, the longest (then the first found) stays. The
   * expressions share `budget` with the rest of the message's patterns.
   */
  find(text: string, budget?: PatternBudget): CustomFound[] {
    const input = text.slice(0, REGEX_INPUT_LIMIT);
    const regex: CustomFound[] = [];
    const keyword: CustomFound[] = [];
    for (const c of this.compiled) (c.entity.rgx ? regex : keyword).push(...c.find(c.entity.rgx ? input : text, budget));
    keyword.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
    const kept: CustomFound[] = [];
    for (const k of keyword) if (!kept.some((o) => o.start < k.end && k.start < o.end)) kept.push(k);
    return [...regex, ...kept];
  }
}
