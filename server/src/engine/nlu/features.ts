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

/** The hash of `a`, or of `a b` when `b` is given, each cut to its first `cut` code units. */
function hashWords(tag: number, a: string, b?: string, cut = Infinity): number {
  let h = mix(FNV_OFFSET, tag);
  const n = Math.min(cut, a.length);
  for (let i = 0; i < n; i++) h = mix(h, a.charCodeAt(i));
  if (b === undefined) return h;
  h = mix(h, 32);
  const m = Math.min(cut, b.length);
  for (let i = 0; i < m; i++) h = mix(h, b.charCodeAt(i));
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

// Every message goes through these buffers, grown as needed, instead of arrays of its own: the
// features are hashed into `wordHashes` and `charHashes`, then sorted and counted into `sortedHashes` and
// `hashCounts` (the word block first). Nothing here runs concurrently, and what leaves is a copy.
let wordHashes = new Uint32Array(256);
let charHashes = new Uint32Array(1024);
let sortedHashes = new Uint32Array(1280);
let hashCounts = new Uint16Array(1280);

/**
 * Sorts a[0, n) by value. The built-in sort of a typed array boxes every value past 2^30 (most
 * hashes) as it goes; for the few hundred values of a message this quicksort is several times
 * faster. A pathological order ends in the built-in sort, so no message costs more than n log n.
 */
export function sortUint32(a: Uint32Array, n: number): void {
  sortRange(a, 0, n - 1, 2 * Math.ceil(Math.log2(n + 1)));
}

function sortRange(a: Uint32Array, lo: number, hi: number, depth: number): void {
  while (hi - lo > 16) {
    if (depth-- === 0) {
      a.subarray(lo, hi + 1).sort();
      return;
    }
    // Hoare's partition around the median of three: equal values split evenly, and neither side is empty.
    const x = a[lo];
    const y = a[(lo + hi) >>> 1];
    const z = a[hi];
    const pivot = x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y;
    let i = lo - 1;
    let j = hi + 1;
    for (;;) {
      do i++;
      while (a[i] < pivot);
      do j--;
      while (a[j] > pivot);
      if (i >= j) break;
      const t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
    // The smaller side by recursion, the larger by the loop, so the stack stays short.
    if (j - lo < hi - j) {
      sortRange(a, lo, j, depth);
      lo = j + 1;
    } else {
      sortRange(a, j + 1, hi, depth);
      hi = j;
    }
  }
  for (let i = lo + 1; i <= hi; i++) {
    const v = a[i];
    let j = i - 1;
    while (j >= lo && a[j] > v) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = v;
  }
}

/** Sorts `block[0, n)` and appends its distinct hashes and their repeats to `sortedHashes`/`hashCounts` from `at`; returns where they end. */
function countInto(block: Uint32Array, n: number, at: number): number {
  sortUint32(block, n);
  let end = at;
  for (let i = 0; i < n; i++) {
    if (i > 0 && block[i] === block[i - 1]) hashCounts[end - 1] = Math.min(hashCounts[end - 1] + 1, 65_535);
    else {
      sortedHashes[end] = block[i];
      hashCounts[end++] = 1;
    }
  }
  return end;
}

/**
 * The raw features of a normalised text (see `normalize`) into `sortedHashes`/`hashCounts`: how many there
 * are, and where the character block starts. The order in which features are hashed does not
 * matter, since each block is sorted.
 */
function collect(clean: string, options: FeatureOptions): { length: number; words: number } {
  if (!clean) return { length: 0, words: 0 };
  const tokens = clean.split(' ');
  const t = tokens.length;
  const { prefix, charMin, charMax } = options;
  // Per word at most a stem, a pair and a skipped pair, plus a cut word and its pair; per letter
  // of a padded word at most one n-gram of each length.
  const wordRoom = 5 * t + 2;
  const charRoom = (clean.length + 2 * t) * Math.max(0, charMax - charMin + 1);
  if (wordHashes.length < wordRoom) wordHashes = new Uint32Array(wordRoom * 2);
  if (charHashes.length < charRoom) charHashes = new Uint32Array(charRoom * 2);
  if (sortedHashes.length < wordRoom + charRoom) {
    sortedHashes = new Uint32Array((wordRoom + charRoom) * 2);
    hashCounts = new Uint16Array(sortedHashes.length);
  }
  let w = 0;
  // Stems: each one, each pair of neighbours with the edges, each pair one word apart.
  let before = EDGE;
  let last = EDGE;
  for (let i = 0; i < t; i++) {
    const s = stem(tokens[i]);
    wordHashes[w++] = hashWords(TAG_STEM, s);
    wordHashes[w++] = hashWords(TAG_PAIR, last, s);
    if (i >= 2) wordHashes[w++] = hashWords(TAG_SKIP, before, s);
    before = last;
    last = s;
  }
  wordHashes[w++] = hashWords(TAG_PAIR, last, EDGE);
  if (prefix > 0) {
    wordHashes[w++] = hashWords(TAG_PREFIX_PAIR, EDGE, tokens[0], prefix);
    for (let i = 0; i < t; i++) {
      wordHashes[w++] = hashWords(TAG_PREFIX, tokens[i], undefined, prefix);
      wordHashes[w++] = i + 1 < t ? hashWords(TAG_PREFIX_PAIR, tokens[i], tokens[i + 1], prefix) : hashWords(TAG_PREFIX_PAIR, tokens[i], EDGE, prefix);
    }
  }
  let c = 0;
  for (const token of tokens) {
    // The n-grams of ` token `, hashed as they grow, so no substring is built.
    const length = token.length + 2;
    for (let start = 0; start < length; start++) {
      let h = mix(FNV_OFFSET, TAG_CHAR);
      for (let n = 1; n <= charMax && start + n <= length; n++) {
        const k = start + n - 1;
        h = mix(h, k === 0 || k === length - 1 ? 32 : token.charCodeAt(k - 1));
        if (n >= charMin) charHashes[c++] = h;
      }
    }
  }
  const words = countInto(wordHashes, w, 0);
  return { length: countInto(charHashes, c, words), words };
}

export function rawFeatures(text: string, options: FeatureOptions): RawFeatures {
  const { length, words } = collect(normalize(text), options);
  return { hashes: sortedHashes.slice(0, length), counts: hashCounts.slice(0, length), words };
}

// Scratch for `weigh`, grown as needed: each feature found in the vocabulary and its value; where
// the character block starts among them, and whether each block's features came in increasing order.
let found = new Int32Array(1280);
let values = new Float64Array(1280);
let wordsFound = 0;
let increasing = true;

/** The vocabulary learned from the training phrases: which hashes count, and how rare each one is. */
export class Vocabulary {
  /**
   * Open addressing, a power of two at least twice the features. Slot s is four numbers from 4s: a
   * hash, its feature + 1 (0: an empty slot) and the feature's idf (as Float32 in `slotIdf`, the
   * same memory), so finding a feature and its idf reads one cache line.
   */
  private readonly slots: Uint32Array;
  private readonly slotIdf: Float32Array;
  /** A hash's first slot is its top bits: a message's hashes, looked up in increasing order, walk the table forward. */
  private readonly shift: number;

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
    this.slots = new Uint32Array(4 * size);
    this.slotIdf = new Float32Array(this.slots.buffer);
    const mask = size - 1;
    this.shift = 32 - Math.log2(size);
    hashes.forEach((h, i) => {
      let slot = h >>> this.shift;
      while (this.slots[4 * slot + 1] !== 0 && this.slots[4 * slot] !== h) slot = (slot + 1) & mask;
      this.slots[4 * slot] = h;
      this.slots[4 * slot + 1] = i + 1;
      this.slotIdf[4 * slot + 2] = idf[i];
    });
  }

  /** Where a hash's slot starts in `slots`, or −1 when the training phrases did not have it. */
  private slotOf(h: number): number {
    const mask = (this.slots.length >>> 2) - 1;
    let slot = h >>> this.shift;
    while (this.slots[4 * slot + 1] !== 0) {
      if (this.slots[4 * slot] === h) return 4 * slot;
      slot = (slot + 1) & mask;
    }
    return -1;
  }

  get size(): number {
    return this.hashes.length;
  }

  /** Fits the vocabulary on the raw features of the training phrases (each document's distinct hashes). */
  static fit(docs: ReadonlyArray<Pick<RawFeatures, 'hashes'>>, options: FeatureOptions): Vocabulary {
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
    const n = this.weigh(raw.hashes, raw.counts, raw.words, raw.hashes.length);
    return this.sorted(n, { idx: new Int32Array(n), val: new Float32Array(n) }, 0);
  }

  /**
   * `vectorize` into out.idx/val from `at` (grown if need be), for phrases packed one after the
   * other: returns how many entries it wrote, at most the raw features' number.
   */
  vectorizeInto(raw: RawFeatures, out: SparseVector, at: number): number {
    const n = this.weigh(raw.hashes, raw.counts, raw.words, raw.hashes.length);
    this.sorted(n, out, at);
    return n;
  }

  /**
   * The vector of a normalised text (what `normalize` returns), as `vector` gives it, into `out`
   * (grown if need be): its entries are out.idx/val[0 .. the number returned).
   */
  vectorOfNormalized(clean: string, out: SparseVector): number {
    const { length, words } = collect(clean, this.options);
    const n = this.weigh(sortedHashes, hashCounts, words, length);
    this.sorted(n, out, 0);
    return n;
  }

  /** Each block's known features into `found`/`values` (in the order of their hashes) with their TF-IDF values; returns how many. */
  private weigh(hashes: Uint32Array, counts: Uint16Array, words: number, length: number): number {
    if (found.length < length) {
      found = new Int32Array(length * 2);
      values = new Float64Array(length * 2);
    }
    let n = 0;
    increasing = true;
    const { wordWeight, unknownInNorm } = this.options;
    for (let block = 0; block < 2; block++) {
      const from = block === 0 ? 0 : words;
      const to = block === 0 ? words : length;
      const weight = block === 0 ? wordWeight : 1;
      const start = n;
      if (block === 1) wordsFound = n;
      let norm = 0;
      for (let k = from; k < to; k++) {
        // 1 + log(1) is 1: most features occur once.
        const tf = counts[k] === 1 ? 1 : 1 + Math.log(counts[k]);
        const at = this.slotOf(hashes[k]);
        if (at < 0) {
          if (unknownInNorm) norm += (tf * this.unknownIdf) ** 2;
          continue;
        }
        const i = this.slots[at + 1] - 1;
        if (n > start && i <= found[n - 1]) increasing = false;
        const v = tf * this.slotIdf[at + 2];
        found[n] = i;
        values[n++] = v;
        norm += v * v;
      }
      const scale = norm > 0 ? weight / Math.sqrt(norm) : 0;
      for (let k = start; k < n; k++) values[k] *= scale;
    }
    return n;
  }

  /** The n features of `weigh` by feature (and by block for a feature in both, a hash collision), scaled, into `out` from `at`. */
  private sorted(n: number, out: SparseVector, at: number): SparseVector {
    if (out.idx.length < at + n) {
      const idx = new Int32Array((at + n) * 2);
      const val = new Float32Array((at + n) * 2);
      idx.set(out.idx.subarray(0, at));
      val.set(out.val.subarray(0, at));
      out.idx = idx;
      out.val = val;
    }
    const { idx, val } = out;
    // A phrase whose features are all known has length 1.
    const scale = 1 / Math.hypot(this.options.wordWeight, 1);
    if (increasing) {
      // The vocabulary is sorted by hash, as are the features of each block: the two blocks merge.
      let a = 0;
      let b = wordsFound;
      for (let k = 0; k < n; k++) {
        const place = b >= n || (a < wordsFound && found[a] <= found[b]) ? a++ : b++;
        idx[at + k] = found[place];
        val[at + k] = values[place] * scale;
      }
    } else {
      const order = Int32Array.from({ length: n }, (_, k) => k).sort((x, y) => found[x] - found[y] || x - y);
      for (let k = 0; k < n; k++) {
        idx[at + k] = found[order[k]];
        val[at + k] = values[order[k]] * scale;
      }
    }
    return out;
  }

  /** The vector of a text. */
  vector(text: string): SparseVector {
    const out = { idx: new Int32Array(0), val: new Float32Array(0) };
    const n = this.vectorOfNormalized(normalize(text), out);
    return { idx: out.idx.slice(0, n), val: out.val.slice(0, n) };
  }
}
