// What the classifier sees of a phrase, hashed to 32 bits:
// - words: each stem, each pair of neighbouring stems (the start and the end of the phrase count as
//   neighbours, so 'pon …' differs from '… pon'), and each pair of stems one word apart ('pon una
//   alarma' also gives 'pon _ alarma'); and each word cut to its first five letters, alone and in
//   pairs of neighbours: a second, cruder stemming ('recuérdame' and 'recuerda' both give 'recue',
//   which the stemmer keeps apart), whose pairs add 1 to 2 tenths of a point on validation;
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
  /** Words are also cut to this many letters, as unigrams and pairs of neighbours (0: not at all). */
  prefix: number;
}

export const DEFAULT_FEATURES: FeatureOptions = { charMin: 2, charMax: 5, wordWeight: 1, minDf: 1, unknownInNorm: true, prefix: 5 };

/** What a stored model's features lack stands for what the classifier did before the option existed. */
export const STORED_FEATURE_DEFAULTS: FeatureOptions = { ...DEFAULT_FEATURES, prefix: 0 };

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
const TAG_PREFIX = 5;
const TAG_PREFIX_PAIR = 6;
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
  const all = new Uint32Array(word.length + char.length);
  all.set(word);
  all.set(char, word.length);
  // Typed arrays sort by value, without a comparator to call.
  all.subarray(0, word.length).sort();
  all.subarray(word.length).sort();
  const hashes = new Uint32Array(all.length);
  const counts = new Uint16Array(all.length);
  let n = 0;
  let words = 0;
  for (const [from, to] of [[0, word.length], [word.length, all.length]]) {
    for (let i = from; i < to; i++) {
      if (i > from && all[i] === all[i - 1]) counts[n - 1] = Math.min(counts[n - 1] + 1, 65_535);
      else {
        hashes[n] = all[i];
        counts[n++] = 1;
      }
    }
    if (from === 0) words = n;
  }
  return { hashes: hashes.slice(0, n), counts: counts.slice(0, n), words };
}

export function rawFeatures(text: string, options: FeatureOptions): RawFeatures {
  const word: number[] = [];
  const char: number[] = [];
  const clean = normalize(text);
  if (!clean) return count(word, char);
  const tokens = clean.split(' ');
  const stems = [EDGE, ...tokens.map(stem), EDGE];
  for (let i = 1; i < stems.length; i++) {
    if (i < stems.length - 1) word.push(hashText(TAG_STEM, stems[i]));
    word.push(hashText(TAG_PAIR, `${stems[i - 1]} ${stems[i]}`));
    if (i >= 3 && i < stems.length - 1) word.push(hashText(TAG_SKIP, `${stems[i - 2]} ${stems[i]}`));
  }
  if (options.prefix > 0) {
    const cut = [EDGE, ...tokens.map((t) => t.slice(0, options.prefix)), EDGE];
    for (let i = 1; i < cut.length; i++) {
      if (i < cut.length - 1) word.push(hashText(TAG_PREFIX, cut[i]));
      word.push(hashText(TAG_PREFIX_PAIR, `${cut[i - 1]} ${cut[i]}`));
    }
  }
  const { charMin, charMax } = options;
  for (const token of tokens) {
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

const PLACES = 2 ** 21;

/** The vocabulary learned from the training phrases: which hashes count, and how rare each one is. */
export class Vocabulary {
  /** Open addressing, a power of two at least twice the features: each slot a hash and its feature, or −1. */
  private readonly slotHash: Uint32Array;
  private readonly slotFeature: Int32Array;

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
    let size = 2;
    while (size < 2 * hashes.length) size *= 2;
    this.slotHash = new Uint32Array(size);
    this.slotFeature = new Int32Array(size).fill(-1);
    const mask = size - 1;
    hashes.forEach((h, i) => {
      let slot = (h ^ (h >>> 16)) & mask;
      while (this.slotFeature[slot] >= 0 && this.slotHash[slot] !== h) slot = (slot + 1) & mask;
      this.slotHash[slot] = h;
      this.slotFeature[slot] = i;
    });
  }

  /** The feature of a hash, or −1 when the training phrases did not have it. */
  indexOf(h: number): number {
    const mask = this.slotHash.length - 1;
    let slot = (h ^ (h >>> 16)) & mask;
    while (this.slotFeature[slot] >= 0) {
      if (this.slotHash[slot] === h) return this.slotFeature[slot];
      slot = (slot + 1) & mask;
    }
    return -1;
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
    const found = new Int32Array(raw.hashes.length);
    const values = new Float64Array(raw.hashes.length);
    let n = 0;
    const { wordWeight, unknownInNorm } = this.options;
    for (const [from, to, weight] of [[0, raw.words, wordWeight], [raw.words, raw.hashes.length, 1]]) {
      const start = n;
      let norm = 0;
      for (let k = from; k < to; k++) {
        const tf = 1 + Math.log(raw.counts[k]);
        const i = this.indexOf(raw.hashes[k]);
        if (i < 0) {
          if (unknownInNorm) norm += (tf * this.unknownIdf) ** 2;
          continue;
        }
        const v = tf * this.idf[i];
        found[n] = i;
        values[n++] = v;
        norm += v * v;
      }
      const scale = norm > 0 ? weight / Math.sqrt(norm) : 0;
      for (let k = start; k < n; k++) values[k] *= scale;
    }
    // A phrase whose features are all known has length 1.
    const scale = 1 / Math.hypot(wordWeight, 1);
    // By feature, and by place for the same feature in both blocks (a hash collision): feature ×
    // 2^21 + place is exact in a double, and a Float64Array sorts by value without a comparator.
    let order: Int32Array;
    if (n < PLACES) {
      const keys = new Float64Array(n);
      for (let k = 0; k < n; k++) keys[k] = found[k] * PLACES + k;
      keys.sort();
      order = Int32Array.from(keys, (key) => key % PLACES);
    } else order = Int32Array.from({ length: n }, (_, k) => k).sort((a, b) => found[a] - found[b] || a - b);
    const idx = new Int32Array(n);
    const val = new Float32Array(n);
    for (let k = 0; k < n; k++) {
      idx[k] = found[order[k]];
      val[k] = values[order[k]] * scale;
    }
    return { idx, val };
  }

  /** The vector of a text. */
  vector(text: string): SparseVector {
    return this.vectorize(rawFeatures(text, this.options));
  }
}
