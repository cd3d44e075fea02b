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
  return normalizer
    .normalize(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/(\p{L})\1{2,}/gu, '$1')
    .trim();
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
