// What the classifier sees of a phrase, hashed to 32 bits:
// - words: each stem, each pair of neighbouring stems (the start and the end of the phrase count as
//   neighbours, so 'pon …' differs from '… pon'), and each pair of stems one word apart ('pon una
//   alarma' also gives 'pon _ alarma');
// - characters: the 2- to 5-grams of each normalised word padded with a space on both sides.
// Each block is weighted by TF-IDF with a sublinear term frequency and normalised to length 1.
import { normalize, stem } from './normalize';

export interface FeatureOptions {
  /** Shortest and longest character n-gram inside a padded word. */
  charMin: number;
  charMax: number;
  /** Weight of the word block against the character block. */
  wordWeight: number;
  /** Features seen in fewer training phrases than this are left out of the vocabulary. */
  minDf: number;
  /**
   * Unknown features still count in a phrase's length (at the idf of a feature no phrase had), so a
   * phrase made mostly of words no skill was trained on scores low everywhere, instead of leaning
   * on the few bits of it that are known.
   */
  unknownInNorm: boolean;
  /** Also each normalised word as typed (not stemmed). */
  surface?: boolean;
  /** Character n-grams over the whole phrase (across word boundaries) instead of within each word. */
  charAcross?: boolean;
  /** Pairs of stems up to this many words apart (2 unless told). */
  window?: number;
  /** Weight of the character block (1 unless told). */
  charWeight?: number;
  /** Also the stem of each word without its enclitic pronouns ('recuerdame' → 'recuerda'): 1 adds it, 2 replaces the stem. */
  clitics?: number;
  /** Also the stems and pairs with every number (digits or words) as one symbol. */
  numbers?: boolean;
  /** Also the words cut to this many letters, and their pairs. */
  prefix?: number;
  prefixSkip?: boolean;
  /** Also stem trigrams. */
  trigrams?: boolean;
  /** Leave out pairs one word apart. */
  noSkip?: boolean;
  /** Term frequency: 1 + log(count) (sublinear, default), the count, or 1. */
  tf?: "log" | "raw" | "binary";
  /** No idf weighting in the character block. */
  charNoIdf?: boolean;
}

export const DEFAULT_FEATURES: FeatureOptions = { charMin: 2, charMax: 5, wordWeight: 1, minDf: 1, unknownInNorm: true };

/** A sparse vector: feature indices, increasing, and their values. */
export interface SparseVector {
  idx: Int32Array;
  val: Float32Array;
}

// FNV-1a over UTF-16 code units, with a tag first so that a stem, a pair and a character n-gram
// with the same letters are different features.
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const mix = (h: number, code: number) => Math.imul(h ^ code, FNV_PRIME) >>> 0;
const TAG_STEM = 1;
const TAG_PAIR = 2;
const TAG_SKIP = 3;
const TAG_CHAR = 4;
const TAG_WORD = 5;
const TAG_TRI = 6;
const EDGE = '\u0002';

function hashText(tag: number, text: string): number {
  let h = mix(FNV_OFFSET, tag);
  for (let i = 0; i < text.length; i++) h = mix(h, text.charCodeAt(i));
  return h;
}

/**
 * The hashed features of a text with their counts, sorted by hash within each block: the word block
 * is entries [0, words), the character block [words, hashes.length).
 */
export interface RawFeatures {
  hashes: Uint32Array;
  counts: Uint16Array;
  words: number;
}

/** Sorts each block's hashes and counts the repeats. */
function count(word: number[], char: number[]): RawFeatures {
  const hashes = new Uint32Array(word.length + char.length);
  const counts = new Uint16Array(hashes.length);
  let n = 0;
  let words = 0;
  for (const block of [word, char]) {
    block.sort((a, b) => a - b);
    for (let i = 0; i < block.length; i++) {
      if (i > 0 && block[i] === block[i - 1]) counts[n - 1] = Math.min(counts[n - 1] + 1, 65_535);
      else {
        hashes[n] = block[i];
        counts[n++] = 1;
      }
    }
    if (block === word) words = n;
  }
  return { hashes: hashes.slice(0, n), counts: counts.slice(0, n), words };
}

const CLITIC = /^(.+?[aeiounrz])(?:(?:me|te|se|nos|os)(?:lo|la|los|las|le|les)|me|te|se|nos|os|lo|la|los|las|le|les)$/;

/** A verb form without the pronouns written onto its end ('recuerdamelo' → 'recuerda'); other words as they are. */
function withoutClitics(token: string): string {
  if (token.length < 4) return token;
  const m = CLITIC.exec(token);
  return m ? m[1] : token;
}

const NUMBER = /^(?:\d+|cero|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|trece|catorce|quince|dieci\w+|veinte|veinti\w+|treinta|cuarenta|cincuenta|sesenta|setenta|ochenta|noventa|cien|ciento|\w+cientos|\w+cientas|quinientos|quinientas|mil|millon|millones)$/;
const isNumber = (token: string) => NUMBER.test(token);

export function rawFeatures(text: string, options: FeatureOptions): RawFeatures {
  const word: number[] = [];
  const char: number[] = [];
  const clean = normalize(text);
  if (!clean) return count(word, char);
  const tokens = clean.split(' ');
  const stems = [EDGE, ...tokens.map((t) => (options.clitics === 2 ? stem(withoutClitics(t)) : stem(t))), EDGE];
  if (options.clitics === 1)
    for (const t of tokens) {
      const base = withoutClitics(t);
      if (base !== t) word.push(hashText(TAG_STEM, stem(base)));
    }
  for (let i = 1; i < stems.length; i++) {
    if (i < stems.length - 1) word.push(hashText(TAG_STEM, stems[i]));
    word.push(hashText(TAG_PAIR, `${stems[i - 1]} ${stems[i]}`));
    for (let dist = 3; dist <= (options.window ?? 2); dist++) if (i >= dist + 1 && i < stems.length - 1) word.push(hashText(10 + dist, `${stems[i - dist]} ${stems[i]}`));
    if (options.trigrams && i >= 2) word.push(hashText(TAG_TRI, `${stems[i - 2]} ${stems[i - 1]} ${stems[i]}`));
    if (options.surface && i < stems.length - 1) word.push(hashText(TAG_WORD, tokens[i - 1]));
    if (!options.noSkip && i >= 3 && i < stems.length - 1) word.push(hashText(TAG_SKIP, `${stems[i - 2]} ${stems[i]}`));
  }
  if (options.numbers && tokens.some(isNumber)) {
    const classed = stems.map((st, i) => (i > 0 && i < stems.length - 1 && isNumber(tokens[i - 1]) ? "#" : st));
    for (let i = 1; i < classed.length; i++) {
      if (classed[i] !== "#" && classed[i - 1] !== "#") continue;
      if (classed[i] === "#" && i < classed.length - 1) word.push(hashText(TAG_STEM, "#"));
      word.push(hashText(TAG_PAIR, `${classed[i - 1]} ${classed[i]}`));
    }
  }
  if (options.prefix) {
    const cut = [EDGE, ...tokens.map((t) => t.slice(0, options.prefix)), EDGE];
    for (let i = 1; i < cut.length; i++) {
      if (i < cut.length - 1) word.push(hashText(20, cut[i]));
      word.push(hashText(21, `${cut[i - 1]} ${cut[i]}`));
      if (options.prefixSkip && i >= 3 && i < cut.length - 1) word.push(hashText(22, `${cut[i - 2]} ${cut[i]}`));
    }
  }
  const { charMin, charMax } = options;
  for (const token of options.charAcross ? [tokens.join(" ")] : tokens) {
    // Hashed as they grow, so no substring is built.
    const padded = ` ${token} `;
    for (let start = 0; start < padded.length; start++) {
      let h = mix(FNV_OFFSET, TAG_CHAR);
      for (let n = 1; n <= charMax && start + n <= padded.length; n++) {
        h = mix(h, padded.charCodeAt(start + n - 1));
        if (n >= charMin) char.push(h);
      }
    }
  }
  return count(word, char);
}

/** The vocabulary learned from the training phrases: which hashes count, and how rare each one is. */
export class Vocabulary {
  readonly index = new Map<number, number>();

  /**
   * `hashes[i]` is feature i's hash, `idf[i]` its inverse document frequency; `unknownIdf` is the
   * idf of a feature no training phrase had.
   */
  constructor(
    readonly hashes: Uint32Array,
    readonly idf: Float32Array,
    readonly unknownIdf: number,
    readonly options: FeatureOptions,
  ) {
    hashes.forEach((h, i) => this.index.set(h, i));
  }

  get size(): number {
    return this.hashes.length;
  }

  /** Fits the vocabulary on the raw features of the training phrases. */
  static fit(docs: readonly RawFeatures[], options: FeatureOptions): Vocabulary {
    const df = new Map<number, number>();
    for (const doc of docs) for (const h of doc.hashes) df.set(h, (df.get(h) ?? 0) + 1);
    const kept = [...df.entries()].filter(([, n]) => n >= options.minDf).sort((a, b) => a[0] - b[0]);
    const n = docs.length;
    return new Vocabulary(
      Uint32Array.from(kept, ([h]) => h),
      // Smoothed, as if one more phrase held every feature once.
      Float32Array.from(kept, ([, d]) => Math.log((1 + n) / (1 + d)) + 1),
      Math.log(1 + n) + 1,
      options,
    );
  }

  /** The TF-IDF vector of a text's raw features: each block normalised and weighted, then the two together. */
  vectorize(raw: RawFeatures): SparseVector {
    const entries: Array<[number, number]> = [];
    const { wordWeight, unknownInNorm } = this.options;
    const tfOf = this.options.tf === "raw" ? (c: number) => c : this.options.tf === "binary" ? () => 1 : (c: number) => 1 + Math.log(c);
    for (const [from, to, weight] of [[0, raw.words, wordWeight], [raw.words, raw.hashes.length, this.options.charWeight ?? 1]]) {
      const start = entries.length;
      let norm = 0;
      const flat = this.options.charNoIdf && from > 0;
      for (let k = from; k < to; k++) {
        const tf = tfOf(raw.counts[k]);
        const i = this.index.get(raw.hashes[k]);
        if (i === undefined) {
          if (unknownInNorm) norm += (tf * (flat ? 1 : this.unknownIdf)) ** 2;
          continue;
        }
        const v = tf * (flat ? 1 : this.idf[i]);
        entries.push([i, v]);
        norm += v * v;
      }
      const scale = norm > 0 ? weight / Math.sqrt(norm) : 0;
      for (let k = start; k < entries.length; k++) entries[k][1] *= scale;
    }
    // A phrase whose features are all known has length 1.
    const scale = 1 / Math.hypot(wordWeight, this.options.charWeight ?? 1);
    entries.sort((a, b) => a[0] - b[0]);
    return { idx: Int32Array.from(entries, (e) => e[0]), val: Float32Array.from(entries, (e) => e[1] * scale) };
  }

  /** The vector of a text. */
  vector(text: string): SparseVector {
    return this.vectorize(rawFeatures(text, this.options));
  }
}
