// The filter operators of requirements, memory and webhook conditions: equal, differ, greater or less, contains, matches and their negations, on text or numbers.
import type { FilterOperator } from '../../../common/schemas/skillRules';
import { figuresValue } from './entities/numbers';
import { fold } from './entities/text';
import { userPattern, type PatternBudget } from './patterns';

/** Longer than this, a value is not given to a bot's expression. */
const MATCH_INPUT_LIMIT = 2000;

/** Lower case, without accents, surrounding or repeated spaces. */
function plain(value: string | number): string {
  return fold(String(value).trim()).text.replace(/\s+/g, ' ');
}

/** A value that reads as a number ('2,50', '1.500', '-3', 7), or null. */
export function readNumber(value: string | number): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const m = /^([-+])?\s*(\d+(?:[.,]\d+)*|[.,]\d+)$/.exec(value.trim());
  if (!m) return null;
  const n = figuresValue(m[2]!.replace(/^[.,]/, '0.'));
  return n === null ? null : m[1] === '-' ? -n : n;
}

/** An ISO date ('2026-03-15', with or without a time after it) or a time ('9:05', '14:30:00'), in a form that sorts as text; null otherwise. */
function readMoment(value: string | number): { kind: 'date' | 'time'; key: string } | null {
  const s = String(value).trim();
  if (/^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.test(s)) return { kind: 'date', key: s.replace(' ', 'T') };
  const t = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(s);
  if (t) return { kind: 'time', key: `${t[1]!.padStart(2, '0')}:${t[2]}:${t[3] ?? '00'}` };
  return null;
}

function same(actual: string | number, expected: string): boolean {
  const [a, b] = [readNumber(actual), readNumber(expected)];
  if (a !== null && b !== null) return a === b;
  return plain(actual) === plain(expected);
}

/** The items of a list: separated by semicolons when there is one (so '2,5; 3' holds 2,5), else by commas. */
function items(list: string): string[] {
  return list.split(list.includes(';') ? ';' : ',').map((s) => s.trim()).filter(Boolean);
}

/** Run as entity expressions are (engine/patterns.ts); null when it cannot run or the message's budget is spent. */
function matches(actual: string | number, pattern: string, budget?: PatternBudget): boolean | null {
  const re = userPattern(pattern);
  return re ? re.test(String(actual).slice(0, MATCH_INPUT_LIMIT), budget) : null;
}

/** -1, 0 or 1 when both are numbers, or both dates, or both times; null when they cannot be compared. */
function compare(actual: string | number, expected: string): number | null {
  const [a, b] = [readNumber(actual), readNumber(expected)];
  if (a !== null && b !== null) return Math.sign(a - b);
  const [ma, mb] = [readMoment(actual), readMoment(expected)];
  if (ma && mb && ma.kind === mb.kind) return ma.key < mb.key ? -1 : ma.key > mb.key ? 1 : 0;
  return null;
}

/**
 * One filter operator. `actual` undefined means absent. An empty operator asks only that the
 * value be there (a requirement without a condition). MATCHES and MATCHES_NOT spend `budget`;
 * when it is spent (or the expression cannot run) both are false.
 */
export function evaluate(op: FilterOperator | '', actual: string | number | undefined, expected: string | null | undefined, budget?: PatternBudget): boolean {
  const present = actual !== undefined && String(actual).trim() !== '';
  const want = expected ?? '';
  switch (op) {
    case 'AS':
    case 'WEBHOOK':
      return true;
    case 'IS_PRESENT':
    case '':
      return present;
    case 'IS_ABSENT':
      return !present;
    case 'IS':
      return actual !== undefined && same(actual, want);
    case 'IS_NOT':
      return actual === undefined || !same(actual, want);
    case 'IN':
      return actual !== undefined && items(want).some((i) => same(actual, i));
    case 'NOT_IN':
      return actual === undefined || !items(want).some((i) => same(actual, i));
    case 'MATCHES':
      return actual !== undefined && matches(actual, want, budget) === true;
    case 'MATCHES_NOT':
      return actual === undefined || matches(actual, want, budget) === false;
    case 'GREATER_THAN':
      return actual !== undefined && compare(actual, want) === 1;
    case 'LOWER_THAN':
      return actual !== undefined && compare(actual, want) === -1;
    default:
      return false;
  }
}
