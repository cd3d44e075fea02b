// Finding a skill's keywords and tokens in a message. Both compare stems, so a keyword or token
// written in the singular also finds the plural ('tarjeta' finds 'tarjetas'), and accents, case
// and punctuation never matter. A keyword or token of several words matches those words in a row.
import { tokensInOrder, type TokenInput } from '../../../../common/schemas/skillRules';
import { normalize, stem, words } from './normalize';

/** A message read once: its normalised words and their stems. */
export interface Message {
  words: string[];
  stems: string[];
}

export function readMessage(text: string): Message {
  return messageOf(normalize(text));
}

/** A message already normalised (what `normalize` returns). */
export function messageOf(clean: string): Message {
  const w = clean ? clean.split(' ') : [];
  return { words: w, stems: w.map(stem) };
}

/** A keyword, synonym or token name as the stems it must find in a row (empty when it has no words). */
export type Form = string[];

export const formOf = (text: string): Form => words(text).map(stem);

/** Where `form` first occurs in the message at or after word `from` (and ends by word `to`), or -1. */
export function find(message: Message, form: Form, from = 0, to = message.stems.length): number {
  if (form.length === 0) return -1;
  for (let i = from; i + form.length <= to; i++) {
    let k = 0;
    while (k < form.length && message.stems[i + k] === form[k]) k++;
    if (k === form.length) return i;
  }
  return -1;
}

/** The message's words from `start`, `length` of them, as typed after normalisation. */
const span = (message: Message, start: number, length: number) => message.words.slice(start, start + length).join(' ');

/** The first of `keywords` found in the message, as the keyword was written, or undefined. */
export function findKeyword(message: Message, keywords: ReadonlyArray<{ text: string; form: Form }>): string | undefined {
  return keywords.find((k) => find(message, k.form) >= 0)?.text;
}

/** What the token test shows for one token. */
export interface TokenMatch {
  nm: string;
  order: number;
  obl: boolean;
  req: boolean;
  /** The words of the message that matched (the name or a synonym), or that fill a requirement. */
  text: string | null;
  /** Where those words start in the message (0 = its first word), or null. */
  position: number | null;
}

export interface TokenResult {
  tokens: TokenMatch[];
  /** Every obligatory token was found (in order when the skill asks for it). */
  obligatoryFound: boolean;
  /** At least one token that is not a requirement was found. */
  anyFound: boolean;
}

export interface PreparedToken {
  token: TokenInput & { nm: string };
  forms: Form[];
}

export const prepareTokens = (tokens: readonly TokenInput[]): PreparedToken[] =>
  tokensInOrder(tokens).map((token) => ({
    token: { ...token, nm: token.nm ?? '' },
    forms: [token.nm ?? '', ...(token.sinonimos ?? [])].map(formOf).filter((f) => f.length > 0),
  }));

/** The earliest occurrence of any of the forms within [from, to): its start and length. */
function earliest(message: Message, forms: Form[], from: number, to: number): { start: number; length: number } | undefined {
  let best: { start: number; length: number } | undefined;
  for (const form of forms) {
    const at = find(message, form, from, to);
    if (at >= 0 && (!best || at < best.start)) best = { start: at, length: form.length };
  }
  return best;
}

/**
 * Finds the tokens in the message. Unordered, each token's earliest occurrence counts. Ordered,
 * the obligatory tokens are placed first, each after the one before it, then each optional token
 * between its placed neighbours; a requirement token (filled by an entity, so it has no words of its
 * own) takes the words between its neighbours.
 */
export function matchTokens(message: Message, prepared: readonly PreparedToken[], ordered: boolean): TokenResult {
  const n = message.stems.length;
  const found: Array<{ start: number; length: number } | undefined> = prepared.map(() => undefined);
  const literal = (i: number) => !prepared[i].token.req;
  if (!ordered) {
    prepared.forEach((p, i) => literal(i) && (found[i] = earliest(message, p.forms, 0, n)));
  } else {
    let cursor = 0;
    prepared.forEach((p, i) => {
      if (!literal(i) || !p.token.obl) return;
      found[i] = earliest(message, p.forms, cursor, n);
      if (found[i]) cursor = found[i]!.start + found[i]!.length;
    });
    prepared.forEach((p, i) => {
      if (!literal(i) || p.token.obl) return;
      const { from, to } = between(found, i, n);
      found[i] = earliest(message, p.forms, from, to);
    });
    prepared.forEach((_, i) => {
      if (literal(i)) return;
      const { from, to } = between(found, i, n);
      if (to > from) found[i] = { start: from, length: to - from };
    });
  }
  const tokens = prepared.map((p, i): TokenMatch => ({
    nm: p.token.nm,
    order: p.token.order ?? i,
    obl: !!p.token.obl,
    req: !!p.token.req,
    text: found[i] ? span(message, found[i]!.start, found[i]!.length) : null,
    position: found[i]?.start ?? null,
  }));
  return {
    tokens,
    obligatoryFound: prepared.every((p, i) => !literal(i) || !p.token.obl || found[i] !== undefined),
    anyFound: prepared.some((_, i) => literal(i) && found[i] !== undefined),
  };
}

/** The free words around token i: after the nearest found token before it, up to the nearest found after it. */
function between(found: ReadonlyArray<{ start: number; length: number } | undefined>, i: number, n: number): { from: number; to: number } {
  let from = 0;
  for (let k = i - 1; k >= 0; k--) {
    if (found[k]) {
      from = found[k]!.start + found[k]!.length;
      break;
    }
  }
  let to = n;
  for (let k = i + 1; k < found.length; k++) {
    if (found[k]) {
      to = found[k]!.start;
      break;
    }
  }
  return { from, to };
}
