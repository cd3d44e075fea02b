// What a message says beyond its intent: the values of the bot's entities and of the internal ones
// (email, phone, number, date, time, document, ruc, url, currency), each with where it was found.
import type { EntidadDef } from '../../../common/schemas/bots';
import { INTERNAL_ENTITIES } from '../../../common/schemas/rules';
import { findAmounts } from './entities/currency';
import { CustomEntities } from './entities/custom';
import { findDates, findTimes } from './entities/datetime';
import { findEmails, findIdentifiers, findPassports, findUrls } from './entities/identifiers';
import { findNumbers, numberText } from './entities/numbers';
import { fold, mask, overlaps, type Found, type Span } from './entities/text';
import type { PatternBudget } from './patterns';

export interface EntityValue {
  /** The bot entity's id (type 0) or the internal id ('email', 'date'…) (type 1). */
  id: string;
  nm: string;
  type: 0 | 1;
  /** Normalised: 'ana@empresa.com', '+51987654321', '2.5', '2026-03-15', '17:00', '150.00 PEN'. */
  value: string;
  /** The part of the message it came from, and where. */
  text: string;
  start: number;
  end: number;
}

export interface ExtractOptions {
  now: Date;
  /** Default 'America/Lima'. */
  timeZone?: string;
  /** What the bot's expressions may still read of this message (engine/patterns.ts). */
  budget?: PatternBudget;
}

export const DEFAULT_TIME_ZONE = 'America/Lima';

const INTERNAL_NAME = new Map(INTERNAL_ENTITIES.map((e) => [e.id, e.nm]));

/** The internal entities of a message, in its folded form. */
function internalValues(original: string, options: ExtractOptions): Found[] {
  const { text, map } = fold(original);
  const toOriginal = (s: Span): Span => ({ start: map[s.start]!, end: map[s.end]! });
  // Each kind claims its part of the message in turn, so '15/03/2026' is not also a phone and a
  // figure inside an email, a date, a time, a phone, a RUC or a document is not also a number.
  const claimed: Found[] = [];
  const claim = (found: readonly Found[]) => {
    for (const f of found) if (!claimed.some((c) => overlaps(c, f))) claimed.push(f);
  };
  claim(findEmails(text, original, toOriginal));
  claim(findUrls(mask(text, claimed), original, toOriginal));
  claim(findDates(mask(text, claimed), options.now, options.timeZone ?? DEFAULT_TIME_ZONE));
  claim(findTimes(mask(text, claimed)));
  claim(findPassports(mask(text, claimed)));
  claim(findIdentifiers(mask(text, claimed)));
  const rest = mask(text, claimed);
  const numbers = findNumbers(rest);
  const amounts = findAmounts(rest, numbers);
  const plain = numbers.filter((n) => !n.article).map((n): Found => ({ id: 'number', value: numberText(n.value), start: n.start, end: n.end }));
  return [...claimed, ...amounts, ...plain].map((f) => ({ ...f, ...toOriginal(f) }));
}

/** A bot's entities compiled once (the runtime keeps one per deployed version), and the internal ones. */
export class EntityExtractor {
  private readonly custom: CustomEntities;

  constructor(entities: readonly EntidadDef[]) {
    this.custom = new CustomEntities(entities);
  }

  /** Every entity found in the message, in order of position (the bot's own first at a tie). */
  extract(text: string, options: ExtractOptions): EntityValue[] {
    const custom = this.custom.find(text, options.budget).map((f): EntityValue => ({
      id: f.entity.id,
      nm: f.entity.nm,
      type: 0,
      value: f.value,
      text: text.slice(f.start, f.end),
      start: f.start,
      end: f.end,
    }));
    const internal = internalValues(text, options).map((f): EntityValue => ({
      id: f.id,
      nm: INTERNAL_NAME.get(f.id) ?? f.id,
      type: 1,
      value: f.value,
      text: text.slice(f.start, f.end),
      start: f.start,
      end: f.end,
    }));
    return [...custom, ...internal].sort((a, b) => a.start - b.start || a.type - b.type || b.end - a.end);
  }
}

/** The value of an entity's path (`text` → value, `length` → value's length in characters); undefined for an unknown path. */
export function entityPath(value: EntityValue, path: string | null | undefined): string | number | undefined {
  const p = path?.trim() ?? '';
  if (p === '' || p === 'text') return value.value;
  if (p === 'length') return [...value.value].length;
  return undefined;
}
