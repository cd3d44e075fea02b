// Spanish text as the NLU compares it: one normal form for what people type ('¿Qué HORARIO
// tienen?!' and 'que horario tienen' are the same words), its words, and their stems.
import { NormalizerEs, StemmerEs } from '@nlpjs/lang-es';

const normalizer = new NormalizerEs();

/**
 * Lowercase, without accents, punctuation (¿ ¡ included) or repeated spaces; a letter typed three
 * times or more counts once ('holaaa' → 'hola'), since chat stretches words that way.
 * Accents and case go through NLP.js's NormalizerEs, which also folds 'ñ' into 'n': keeping 'ñ'
 * apart made no difference to accuracy on MASSIVE's Spanish (measured on two validation slices).
 */
export function normalize(text: string): string {
  return fastNormalize(text) ?? slowNormalize(text);
}

/** The definition: what `normalize` returns, written as it reads. */
export function slowNormalize(text: string): string {
  return normalizer
    .normalize(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/(\p{L})\1{2,}/gu, '$1')
    .trim();
}

// The same in one pass for text made of the code units below U+0370 (Latin letters, their accents
// and the combining accents), where each code unit turns into at most one on its own: NFD only
// splits a letter from its accents, and lowercase needs no context (the Greek final sigma, the one
// exception, is above U+0370). What each code unit becomes is read from slowNormalize's own steps.
const FAST_LIMIT = 0x370;
const SLOW = 0;
const DROP = 1;
const SPACE = 2;
const LETTER = 3;
const DIGIT = 4;
const kind = new Uint8Array(FAST_LIMIT);
const becomes = new Uint16Array(FAST_LIMIT);
for (let c = 0; c < FAST_LIMIT; c++) {
  const folded = normalizer.normalize(String.fromCharCode(c));
  if (folded === '') kind[c] = DROP;
  else if (folded.length > 1) kind[c] = SLOW;
  else {
    becomes[c] = folded.charCodeAt(0);
    kind[c] = /\p{L}/u.test(folded) ? LETTER : /\p{N}/u.test(folded) ? DIGIT : SPACE;
  }
}
let written = new Uint16Array(256);

/** `slowNormalize` of a text of code units below FAST_LIMIT, or undefined for any other text. */
function fastNormalize(text: string): string | undefined {
  if (written.length < text.length + 1) written = new Uint16Array(text.length * 2);
  let n = 0;
  let space = false;
  // The last letter written and how many times in a row it came (a space, a digit or another letter end the run).
  let last = -1;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= FAST_LIMIT) return undefined;
    const k = kind[c];
    if (k === LETTER || k === DIGIT) {
      const code = becomes[c];
      if (space) {
        written[n++] = 32;
        space = false;
        last = -1;
      }
      if (k === LETTER && code === last) {
        // Three in a row or more count once: the third takes back the second, the rest add nothing.
        if (++run === 3) n--;
        if (run >= 3) continue;
      } else {
        last = k === LETTER ? code : -1;
        run = 1;
      }
      written[n++] = code;
    } else if (k === SPACE) space = n > 0;
    else if (k === SLOW) return undefined;
  }
  let result = '';
  // In slices, since a call takes only so many arguments.
  for (let from = 0; from < n; from += 8192) result += String.fromCharCode.apply(null, written.subarray(from, Math.min(n, from + 8192)) as unknown as number[]);
  return result;
}

/** The words of a text, normalised. NLP.js's TokenizerEs splits the same way but keeps '-', '@' or '#' inside words. */
export function words(text: string): string[] {
  const clean = normalize(text);
  return clean ? clean.split(' ') : [];
}

// NLP.js's stemmer keeps every word it ever saw in a cache of its own. A server reads whatever
// people type, so the cache here is bounded: past CACHE_LIMIT words both start again.
const CACHE_LIMIT = 50_000;
let stemmer = new StemmerEs();
let cache = new Map<string, string>();

/** The stem of one normalised word ('horarios' → 'horar', 'estoy' → 'estar'). */
export function stem(word: string): string {
  let result = cache.get(word);
  if (result === undefined) {
    if (cache.size >= CACHE_LIMIT) {
      stemmer = new StemmerEs();
      cache = new Map();
    }
    result = stemmer.stemWord(word) || word;
    cache.set(word, result);
  }
  return result;
}

/** The stems of a text's words, in order. */
export function stems(text: string): string[] {
  return words(text).map(stem);
}
