// Emails, web addresses, phones and identity numbers (DNI, carné de extranjería, passport, RUC).
// Runs of digits are told apart by their shape and by the words just before or after them:
// 'mi DNI es 45678912' is a document, 'mi celular 987654321' a phone, 'RUC 20123456789' a RUC.
import { AFTER, BEFORE, matches, type Found, type Span } from './text';

const EMAIL = /(?<![\p{L}\p{N}._%+-])[a-z0-9](?:[a-z0-9._%+-]*[a-z0-9_%+-])?@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,24}(?![\p{L}\p{N}-])/u;

export function findEmails(folded: string, original: string, at: (span: Span) => Span): Found[] {
  return [...matches(EMAIL, folded)].map((m) => {
    const span = { start: m.index, end: m.index + m[0].length };
    const o = at(span);
    return { id: 'email', value: original.slice(o.start, o.end).toLowerCase(), ...span };
  });
}

const TLDS = 'com|net|org|edu|gob|gov|info|biz|io|co|pe|es|mx|ar|cl|ec|bo|uy|py|ve|br|us|uk|app|dev|ai|tv|me|online|store|shop|site|tech|lat';
const URL_RE = new RegExp(
  `${BEFORE}(?:(?:https?://|www\\.)[^\\s<>"'\\uE000]+|[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\\.(?:${TLDS})(?:\\.[a-z]{2})?${AFTER}(?:[/?#][^\\s<>"'\\uE000]*)?)`,
  'u',
);

/** http(s) addresses, 'www.' ones and bare domains with a known ending ('empresa.com.pe'); the value as written, without the punctuation that ends a sentence. */
export function findUrls(folded: string, original: string, at: (span: Span) => Span): Found[] {
  const found: Found[] = [];
  for (const m of matches(URL_RE, folded)) {
    const trimmed = m[0].replace(/[.,;:!?)\]}'"»]+$/u, '');
    const span = { start: m.index, end: m.index + trimmed.length };
    const o = at(span);
    found.push({ id: 'url', value: original.slice(o.start, o.end), ...span });
  }
  return found;
}

// Words that say what a run of digits is, the nearest one within a few words winning.
const DOCUMENT_WORDS = 'dni|d\\.n\\.i\\.?|documento(?:\\s+de\\s+identidad)?|doc\\.?|identidad|carne|carnet|extranjeria|c\\.e\\.?|ce|cedula|pasaporte';
const PHONE_WORDS = 'telefono|telefonos|tel\\.?|telf\\.?|tlf\\.?|fono|celular|cel\\.?|movil|whatsapp|wsp|wasap|llamar|llamame|llamarme|llamen|llamenme|contacto|contactar|contactarme|anexo';
const RUC_WORDS = 'ruc|r\\.u\\.c\\.?';
const CONTEXT = new RegExp(`${BEFORE}(?:(${DOCUMENT_WORDS})|(${PHONE_WORDS})|(${RUC_WORDS}))${AFTER}`, 'gu');
type Kind = 'document' | 'phone' | 'ruc';

/**
 * The kind the nearest word names: before the span (within 40 characters, with no other figures
 * between) or right after it ('987654321 es mi celular').
 */
function contextOf(text: string, span: Span): Kind | null {
  const from = Math.max(0, span.start - 40);
  let before: { kind: Kind; distance: number } | null = null;
  for (const m of text.slice(from, span.start).matchAll(CONTEXT)) {
    const gap = text.slice(from + m.index + m[0].length, span.start);
    before = /\d/.test(gap) ? null : { kind: kindOf(m), distance: gap.length };
  }
  const filler = /^[\s:.,]*(?:(?:es|era|son)\s+)?(?:(?:mi|el|su|un|de)\s+)*/u.exec(text.slice(span.end))![0];
  const m = new RegExp(`^(?:(${DOCUMENT_WORDS})|(${PHONE_WORDS})|(${RUC_WORDS}))${AFTER}`, 'u').exec(text.slice(span.end + filler.length));
  const after = m ? { kind: kindOf(m), distance: filler.length } : null;
  if (before && after) return after.distance < before.distance ? after.kind : before.kind;
  return (before ?? after)?.kind ?? null;
}

function kindOf(m: RegExpMatchArray): Kind {
  return m[1] ? 'document' : m[2] ? 'phone' : 'ruc';
}

const RUC_PREFIXES = ['10', '15', '16', '17', '20'];

/**
 * A run of digits typed in one piece: 11 starting 10/15/16/17/20 is a RUC, 8 a DNI, 9 to 12 a
 * carné de extranjería when a document is named, 7 to 15 otherwise a phone. A named kind wins.
 */
function classify(digits: string, context: Kind | null): Kind | null {
  const n = digits.length;
  const ruc = n === 11 && RUC_PREFIXES.includes(digits.slice(0, 2));
  if (context === 'ruc') return ruc ? 'ruc' : null;
  if (context === 'document') return n >= 8 && n <= 12 ? 'document' : null;
  if (context === 'phone') return n >= 7 && n <= 15 ? 'phone' : null;
  if (ruc) return 'ruc';
  if (n === 8) return 'document';
  if (n >= 7 && n <= 15) return 'phone';
  return null;
}

// A phone as people format it: '+51 987 654 321', '(01) 555-1234', '987-654-321', '+34 612 34 56 78'.
const GROUPED = /(?<![\p{L}\p{N}+\uE000.,/-])(\+\s?)?(?:\(\d{1,4}\)\s?)?\d+(?:(?:[ -]|\s?\(\d{1,4}\)\s?)\d+)*(?![\p{L}\p{N}\uE000]|[.,]\d)/u;
// 'S/ 1 500' or '20 000 soles' are amounts, not phones.
const MONEY_BEFORE = /(?:s\/\.?|\$|€|usd|pen|eur)\s*$/u;
const MONEY_AFTER = /^\s*(?:soles|sol|dolares|dolar|euros?|usd|pen|eur|pesos|mil|millon|millones)(?![\p{L}\p{N}])/u;

/** Phones, RUCs and documents in the (folded, masked) text. */
export function findIdentifiers(text: string): Found[] {
  const found: Found[] = [];
  for (const m of matches(GROUPED, text)) {
    const span = { start: m.index, end: m.index + m[0].length };
    if (MONEY_BEFORE.test(text.slice(0, span.start)) || MONEY_AFTER.test(text.slice(span.end))) continue;
    const digits = m[0].replace(/\D/g, '');
    const groups = m[0].split(/[^\d]+/).filter(Boolean);
    const plus = !!m[1];
    if (groups.length === 1 && !plus) {
      const kind = classify(digits, contextOf(text, span));
      if (kind) found.push({ id: kind, value: digits, ...span });
      continue;
    }
    const context = contextOf(text, span);
    if (context === 'document' && !plus && digits.length >= 8 && digits.length <= 12 && /^[\d .-]+$/.test(m[0])) {
      found.push({ id: 'document', value: digits, ...span }); // '12.345.678', '4567-8912'
    } else if (digits.length >= 7 && digits.length <= 15 && (plus || context === 'phone' || looksLikePhone(groups))) {
      found.push({ id: 'phone', value: (plus ? '+' : '') + digits, ...span });
    } else {
      // Not one phone: each piece alone ('987654321 45678912').
      for (const g of m[0].matchAll(/\d+/g)) {
        const piece = { start: span.start + g.index, end: span.start + g.index + g[0].length };
        const kind = classify(g[0], contextOf(text, piece));
        if (kind && !/^[.,]/.test(text.slice(piece.end)) && !/[.,]$/.test(text.slice(0, piece.start))) found.push({ id: kind, value: g[0], ...piece });
      }
    }
  }
  return found;
}

/** Groups of 1 to 4 digits (the first up to 5, for a country or area code), none of them a long number of its own. */
function looksLikePhone(groups: readonly string[]): boolean {
  return groups.every((g, i) => g.length <= (i === 0 ? 5 : 4)) && groups.length <= 6;
}

// 'pasaporte AB123456', 'pasaporte N° X1234567', 'mi pasaporte es el número: 123456789'
const PASSPORT_FILLER = '(?:[\\s:#.°º]|(?<!\\p{L})(?:es|el|numero|nro|num|no|n)(?!\\p{L}))*';
const PASSPORT = new RegExp(`${BEFORE}pasaporte${PASSPORT_FILLER}(?<![\\p{L}\\p{N}])(?=[a-z0-9]*\\d)([a-z0-9]{6,12})${AFTER}`, 'u');

/** A passport number after the word 'pasaporte': 6 to 12 letters and figures, with at least one figure; the value in capitals. */
export function findPassports(text: string): Found[] {
  return [...matches(PASSPORT, text)].map((m) => {
    const start = m.index + m[0].length - m[1]!.length;
    return { id: 'document', value: m[1]!.toUpperCase(), start, end: start + m[1]!.length };
  });
}
