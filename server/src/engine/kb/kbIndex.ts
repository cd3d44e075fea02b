// The search of a bot's knowledge base: which QnAs a message asks for, among its QnAs' names and
// variants (their texts). A QnA scores three closenesses, weighted (KbOptions) and added, at most 1;
// each is a cosine of TF-IDF vectors:
// - to its closest text, over the intent classifier's features (features.ts: stems, their pairs,
//   cut words and character n-grams): the words the message shares with a text, typos included;
// - to its centroid (its texts' vectors added up), over the same features: what its texts have in
//   common weighs more than what one of them happens to say;
// - to its closest text, over stems, with the message's words replaced by their Spanish synonyms
//   (synonyms.ts): a paraphrase that shares few words with the texts ('precio' for 'coste').
// Each is an inverted index, so a message costs the postings of its own features. A posting names
// its text (or QnA) in 16 bits, within blocks of 65,536; 10,000 QnAs of 10 variants keep about
// 145 MB (texts' postings 61, centroids' 50 and their texts' maxima 16, the vocabulary's table 10,
// synonyms' 4.5), 1,000 about 19 MB. A built index goes to another thread as data whose buffers are
// transferred (toData, fromData).
// A feature of more than 30 % of the QnAs (commonShare, and of more than COMMON_FROM) says little of
// which QnA a message asks for, as a stop word does, yet its postings reach nearly every QnA: it is
// left out of the message's vector, and what is left is scaled back up (RESCALE). So a phrasing
// that many QnAs share no longer tells apart two QnAs of one subject: both are offered.
// Other common words still reach many texts, so the texts' postings are read only for the QnAs that
// may still rank among the best: each centroid's posting also holds the largest value of its feature
// among the QnA's texts, whose sum over the message's features bounds every text's closeness, and
// the QnAs are scored exactly in order of that bound until the next bound falls below the best ones.
import { DEFAULT_FEATURES, rawFeatures, Vocabulary, type FeatureOptions, type RawFeatures, type SparseVector } from '../nlu/features';
import { normalize, stem } from '../nlu/normalize';
import { synonymTable } from './synonyms';

export interface KbEntry {
  id: string;
  /** The question as shown. */
  nm: string;
  /** Other ways to ask it. */
  frases: string[];
  tags: string[];
}

/**
 * Which QnAs a message may reach: those with all of `tags` (`and`) or any of them, plus those of
 * the global tag when `global` is set. With `and` and no tags, every QnA.
 */
export interface KbQuery {
  tags: string[];
  and: boolean;
  global: boolean;
}

export interface KbResult {
  id: string;
  /** 0 to 1, higher is closer. */
  score: number;
}

/**
 * 'one': run the first result's answer; 'several': offer the results as a menu; 'none': nothing
 * matched. The results are best first, up to 3, each at least the `floor` threshold.
 */
export interface KbAnswer {
  kind: 'one' | 'several' | 'none';
  results: KbResult[];
}

export interface KbThresholds {
  /** Below this no QnA counts as a match. */
  floor: number;
  /** The best QnA answers alone from this score on ... */
  one: number;
  /** ... when it leads the second by at least this much. */
  lead: number;
}

export interface KbOptions {
  features: FeatureOptions;
  /** Weight of the closeness to a QnA's centroid (its texts' vectors added up) against its closest text's. */
  centroidWeight: number;
  /** Weight of the synonym closeness against the word closeness (0: synonyms play no part). */
  synonymWeight: number;
  /** The QnAs' words bring their synonyms too (else only the message's words do). */
  expandTexts: boolean;
  /** Only the message's words that no QnA has bring their synonyms. */
  expandUnknownOnly: boolean;
  /** A feature of more than this share of the QnAs, and of more than COMMON_FROM, is left out of the message's vector (1: none is). */
  commonShare: number;
  thresholds: KbThresholds;
}

/** The code of the global tag. */
export const GLOBAL_TAG = 't0';

/**
 * Chosen on MASSIVE's train split (bench/qna.ts), never its test split: the centroid at 0.7 adds 6
 * points of top-1 over the closest text alone; character 3- and 4-grams do as well as 2- to
 * 5-grams with a third fewer postings; synonyms of every word of the message cost 2 points and
 * synonyms on the QnAs' side 8, so only words that no QnA has bring theirs. Thresholds: a QnA
 * answered alone is the right one 9 times in 10; a lead of 0.1 rather than 0.05 leaves near twins
 * ('Envíos a Lima', 'Envíos a provincias') to the menu, a point more precise for 8 % fewer direct
 * answers; below about 0.2 a message shares little more than a common word with the QnA ('cómo
 * te llamas', 'cómo puedo pagar').
 * Idf by QnAs rather than texts, and the features of more than 30 % of the QnAs left out: top-1
 * 52.7 % and top-3 69.9 % instead of 51.8 and 69.1; with the floor at 0.21 and 'one' at 0.44, 11 %
 * more direct answers, right 92.7 % of the time instead of 91.9 %, while the phrases of intents left
 * out of the base get 'none' as often as before (56.2 %) and a direct answer as rarely (3.0 %, 3.2 %
 * before); a bot of 1,000 QnAs whose texts share their phrasings searches in a quarter of the time.
 */
export const DEFAULT_KB_OPTIONS: KbOptions = {
  features: { ...DEFAULT_FEATURES, charMin: 3, charMax: 4 },
  centroidWeight: 0.7,
  synonymWeight: 0.3,
  expandTexts: false,
  expandUnknownOnly: true,
  commonShare: 0.3,
  thresholds: { floor: 0.21, one: 0.44, lead: 0.1 },
};

/** Up to this many results. */
const RESULTS = 3;

/** A feature of this many QnAs or fewer always counts: a small base keeps every feature. */
const COMMON_FROM = 10;

/**
 * Without its common features the message's vector is shorter. Scaled back to length 1 it would
 * score every QnA higher than before, and the thresholds would mean less; by its length to the
 * power −0.8 its QnAs score as often above each threshold as with every feature.
 */
const RESCALE = 0.8;

/**
 * What a text's closeness may exceed its bound by: its float32 sum rounds once per feature (2^-24
 * each), and the bound is summed without rounding to float32.
 */
const roundingSlack = (features: number) => 1 + (features + 1) * 2 ** -22;

/**
 * A text's value of a feature is at most 1 (its vector has length 1): kept in 16 bits as this many
 * ths, rounded up, it is still at least the value (up to 1.000015, past float32's rounding of 1).
 */
const MOST_SCALE = 65_534;

/**
 * Rows per block of postings: a row's number within its block fits 16 bits, half the memory of a
 * 32-bit one. The QnAs' centroids are one block up to 65,536 QnAs, the texts up to 65,536 texts.
 */
const BLOCK_ROWS = 65_536;

/**
 * A compressed sparse matrix by feature, for rows from `BLOCK_ROWS` × its place among the blocks:
 * the rows that have feature f are that first row plus row[k] for k from ptr[f] to ptr[f + 1].
 */
export interface PostingBlock {
  ptr: Int32Array;
  row: Uint16Array;
  val: Float32Array;
}

/** A matrix's postings by feature, block after block of rows. */
export type Postings = PostingBlock[];

/** Sparse rows one after the other: row r is entries ptr[r] to ptr[r + 1], by increasing column. */
interface Rows {
  ptr: Int32Array;
  idx: Int32Array;
  val: Float32Array;
}

/**
 * The rows turned into postings by column, each column's rows in increasing order. With `ceilings`
 * (one more value per entry of the rows, 0 to 1), those values as MOST_SCALE ths rounded up, in the
 * postings' order, one array per block.
 */
function transpose(rows: Rows, columns: number, ceilings?: { val: Float32Array; out: Uint16Array[] }): Postings {
  const count = rows.ptr.length - 1;
  const blocks: Postings = [];
  for (let from = 0; from < count; from += BLOCK_ROWS) {
    const to = Math.min(count, from + BLOCK_ROWS);
    const ptr = new Int32Array(columns + 1);
    for (let k = rows.ptr[from]; k < rows.ptr[to]; k++) ptr[rows.idx[k] + 1]++;
    for (let f = 0; f < columns; f++) ptr[f + 1] += ptr[f];
    const fill = ptr.slice(0, columns);
    const row = new Uint16Array(ptr[columns]);
    const val = new Float32Array(ptr[columns]);
    const ceiling = new Uint16Array(ceilings ? ptr[columns] : 0);
    for (let r = from; r < to; r++) {
      for (let k = rows.ptr[r]; k < rows.ptr[r + 1]; k++) {
        const at = fill[rows.idx[k]]++;
        row[at] = r - from;
        val[at] = rows.val[k];
        if (ceilings) ceiling[at] = Math.ceil(ceilings.val[k] * MOST_SCALE);
      }
    }
    blocks.push({ ptr, row, val });
    ceilings?.out.push(ceiling);
  }
  return blocks;
}

/**
 * Per group of rows (group g is rows first[g] to first[g + 1]), their sum scaled to length 1, and
 * beside each of its entries the largest value of that column among the group's rows (`most`).
 */
function centroids(rows: Rows, first: Int32Array, columns: number): Rows & { most: Float32Array } {
  const sum = new Float64Array(columns);
  const largest = new Float32Array(columns);
  const ptr = new Int32Array(first.length);
  // Each group's distinct columns are counted first, so that the arrays are made at their size.
  const seen = new Int32Array(columns).fill(-1);
  let size = 0;
  for (let g = 0; g + 1 < first.length; g++) {
    for (let k = rows.ptr[first[g]]; k < rows.ptr[first[g + 1]]; k++) {
      if (seen[rows.idx[k]] !== g) size++;
      seen[rows.idx[k]] = g;
    }
  }
  const idx = new Int32Array(size);
  const val = new Float32Array(size);
  const most = new Float32Array(size);
  let n = 0;
  for (let g = 0; g + 1 < first.length; g++) {
    const start = n;
    for (let k = rows.ptr[first[g]]; k < rows.ptr[first[g + 1]]; k++) {
      const f = rows.idx[k];
      if (sum[f] === 0) idx[n++] = f;
      sum[f] += rows.val[k];
      if (rows.val[k] > largest[f]) largest[f] = rows.val[k];
    }
    const own = idx.subarray(start, n).sort();
    let norm = 0;
    for (const f of own) norm += sum[f] * sum[f];
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (let k = start; k < n; k++) {
      val[k] = sum[idx[k]] * scale;
      most[k] = largest[idx[k]];
      sum[idx[k]] = 0;
      largest[idx[k]] = 0;
    }
    ptr[g + 1] = n;
  }
  return { ptr, idx, val, most };
}

/**
 * The vocabulary of the texts, their postings and their QnAs' centroids (QnA q owns texts first[q]
 * to first[q + 1]). What only building needs (each text's raw features and vector) goes on return.
 */
function vectorsOf(texts: readonly string[], first: Int32Array, features: FeatureOptions): { vocabulary: Vocabulary; words: Postings; centroidRows: Rows & { most: Float32Array } } {
  const raw: RawFeatures[] = texts.map((t) => rawFeatures(t, features));
  // A feature's idf counts the QnAs that have it, not their texts: a word every text of one QnA
  // repeats tells that QnA apart, and weighs as much as a word only one of them has.
  const qnas = Array.from({ length: first.length - 1 }, (_, q) => {
    let size = 0;
    for (let t = first[q]; t < first[q + 1]; t++) size += raw[t].hashes.length;
    const hashes = new Uint32Array(size);
    let at = 0;
    for (let t = first[q]; t < first[q + 1]; t++) {
      hashes.set(raw[t].hashes, at);
      at += raw[t].hashes.length;
    }
    hashes.sort();
    let distinct = 0;
    for (let k = 0; k < size; k++) if (k === 0 || hashes[k] !== hashes[k - 1]) hashes[distinct++] = hashes[k];
    return { hashes: hashes.subarray(0, distinct) };
  });
  const vocabulary = Vocabulary.fit(qnas, features);
  // The texts' vectors packed one after the other, as the classifier packs its phrases. A vector
  // has at most its text's raw features: room for them all at once, instead of growing by copies.
  const ptr = new Int32Array(raw.length + 1);
  const room = raw.reduce((n, r) => n + r.hashes.length, 0);
  const packed: SparseVector = { idx: new Int32Array(room), val: new Float32Array(room) };
  raw.forEach((r, t) => (ptr[t + 1] = ptr[t] + vocabulary.vectorizeInto(r, packed, ptr[t])));
  raw.length = 0;
  const rows = { ptr, idx: packed.idx, val: packed.val };
  const centroidRows = centroids(rows, first, vocabulary.size);
  return { vocabulary, words: transpose(rows, vocabulary.size), centroidRows };
}

/** Adds `weight` × each posting of the vector's features to `scores`; each row adds in the order of the vector's features. */
function accumulate(p: Postings, idx: Int32Array, val: Float32Array | Float64Array, n: number, weight: number, scores: Float32Array): void {
  for (let b = 0; b < p.length; b++) {
    const { ptr, row, val: posted } = p[b];
    const base = b * BLOCK_ROWS;
    for (let k = 0; k < n; k++) {
      const q = weight * val[k];
      for (let at = ptr[idx[k]], end = ptr[idx[k] + 1]; at < end; at++) scores[base + row[at]] += q * posted[at];
    }
  }
}

/**
 * `accumulate` of the QnAs' centroids (weight 1) into `scores`, and beside it into `bounds` what the
 * same features add at their texts' largest values (`most`, in MOST_SCALE ths, one array per block of `p`).
 */
function accumulateBounded(p: Postings, most: readonly Uint16Array[], idx: Int32Array, val: Float32Array, n: number, scores: Float32Array, bounds: Float64Array): void {
  for (let b = 0; b < p.length; b++) {
    const { ptr, row, val: posted } = p[b];
    const largest = most[b];
    const base = b * BLOCK_ROWS;
    for (let k = 0; k < n; k++) {
      const q = val[k];
      for (let at = ptr[idx[k]], end = ptr[idx[k] + 1]; at < end; at++) {
        const r = base + row[at];
        scores[r] += q * posted[at];
        bounds[r] += q * largest[at];
      }
    }
  }
}

/**
 * `accumulate` (weight 1) of the rows `from` to `to` only, each column's postings entered where
 * they reach `from`: the same sums, in the same order, for a few rows.
 */
function accumulateRows(p: Postings, idx: Int32Array, val: Float32Array, n: number, from: number, to: number, scores: Float32Array): void {
  for (let b = Math.floor(from / BLOCK_ROWS); b * BLOCK_ROWS < to; b++) {
    const { ptr, row, val: posted } = p[b];
    const base = b * BLOCK_ROWS;
    const low = Math.max(from, base) - base;
    const high = Math.min(to, base + BLOCK_ROWS) - base;
    for (let k = 0; k < n; k++) {
      const q = val[k];
      const end = ptr[idx[k] + 1];
      let at = ptr[idx[k]];
      // The first posting at row `low` or past it, halving without a branch to mispredict.
      for (let size = end - at; size > 1; ) {
        const half = size >>> 1;
        at = row[at + half] < low ? at + half : at;
        size -= half;
      }
      if (at < end && row[at] < low) at++;
      for (; at < end && row[at] < high; at++) scores[base + row[at]] += q * posted[at];
    }
  }
}

/**
 * A built index as plain data whose typed arrays own their buffers, so that a worker thread hands
 * it over by transferring them (`KbIndex.transferables`) instead of copying; the vocabulary goes
 * as its hashes and idfs, the stems and the tags as lists, each rebuilt into its table on arrival.
 */
export interface KbIndexData {
  ids: string[];
  first: Int32Array;
  hashes: Uint32Array;
  idf: Float32Array;
  unknownIdf: number;
  words: Postings;
  centroids: Postings;
  /** Per block of the centroids' postings, beside each posting the largest value of its feature among its QnA's texts (MOST_SCALE ths, rounded up). */
  centroidMost: Uint16Array[];
  /** Stem i has id i. */
  stems: string[];
  conceptIdf: Float32Array;
  unknownConceptIdf: number;
  concepts: Postings;
  /** Tag i's QnAs are tagQnas[tagPtr[i]] to tagQnas[tagPtr[i + 1]]. */
  tags: string[];
  tagPtr: Int32Array;
  tagQnas: Int32Array;
  options: KbOptions;
}

/**
 * The ids of the stems of some words (and with `expand`, of their synonyms' stems) in `known`. With
 * `grow`, a new stem gets the next id; without it, a stem that `known` lacks is left out.
 */
function stemIds(words: readonly string[], known: Map<string, number>, grow: boolean, expand: boolean): Set<number> {
  const out = new Set<number>();
  const add = (s: string) => {
    let id = known.get(s);
    if (id === undefined && grow) known.set(s, (id = known.size));
    if (id !== undefined) out.add(id);
  };
  for (const word of words) add(stem(word));
  if (expand) for (const word of words) for (const synonym of synonymTable().get(word) ?? []) add(stem(synonym));
  return out;
}

/** The synonym closeness's side of the texts: TF-IDF over the stems of each text, length 1. */
function conceptsOf(texts: readonly string[], expandTexts: boolean): Pick<KbIndexData, 'stems' | 'conceptIdf' | 'unknownConceptIdf' | 'concepts'> {
  const ids = new Map<string, number>();
  const ptr = new Int32Array(texts.length + 1);
  const idx: number[] = [];
  texts.forEach((t, i) => {
    const own = [...stemIds(t.split(' '), ids, true, expandTexts)].sort((a, b) => a - b);
    idx.push(...own);
    ptr[i + 1] = idx.length;
  });
  const df = new Float64Array(ids.size);
  for (const id of idx) df[id]++;
  const n = texts.length;
  const idf = Float32Array.from(df, (d) => Math.log((1 + n) / (1 + d)) + 1);
  const val = Float32Array.from(idx, (id) => idf[id]);
  for (let t = 0; t < n; t++) {
    let norm = 0;
    for (let k = ptr[t]; k < ptr[t + 1]; k++) norm += val[k] * val[k];
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (let k = ptr[t]; k < ptr[t + 1]; k++) val[k] *= scale;
  }
  return { stems: [...ids.keys()], conceptIdf: idf, unknownConceptIdf: Math.log(1 + n) + 1, concepts: transpose({ ptr, idx: Int32Array.from(idx), val }, ids.size) };
}

/** The tags with their QnAs, each tag's in order, as lists. */
function tagLists(entries: readonly KbEntry[]): Pick<KbIndexData, 'tags' | 'tagPtr' | 'tagQnas'> {
  const byTag = new Map<string, number[]>();
  entries.forEach((e, q) => {
    for (const tag of new Set(e.tags)) {
      const list = byTag.get(tag);
      if (list) list.push(q);
      else byTag.set(tag, [q]);
    }
  });
  const lists = [...byTag.values()];
  const tagPtr = new Int32Array(lists.length + 1);
  lists.forEach((list, i) => (tagPtr[i + 1] = tagPtr[i] + list.length));
  return { tags: [...byTag.keys()], tagPtr, tagQnas: Int32Array.from(lists.flat()) };
}

export class KbIndex {
  private readonly vector: SparseVector = { idx: new Int32Array(256), val: new Float32Array(256) };
  /** Per text, its word closeness and its synonym closeness to the message being searched; per QnA, its centroid's. */
  private readonly scores: Float32Array;
  private readonly synonymScores: Float32Array;
  private readonly centroidScores: Float32Array;
  /** Per QnA, what its texts' closeness can be at most (in MOST_SCALE ths, before roundingSlack), then the most its score can be. */
  private readonly bounds: Float64Array;
  /** Per QnA, 1 when the query may reach it; while ranking, 2 once its texts are scored. */
  private readonly allowed: Int32Array;
  /** Each QnA's id, in the order of the entries. */
  private readonly ids: readonly string[];
  /** Texts are grouped by QnA: QnA q owns texts first[q] to first[q + 1]. */
  private readonly first: Int32Array;
  private readonly words: Postings;
  private readonly centroids: Postings;
  private readonly centroidMost: readonly Uint16Array[];
  /** The stems of the QnAs' words (and of their synonyms with `expandTexts`), as ids. */
  private readonly conceptIds: Map<string, number>;
  private readonly conceptIdf: Float32Array;
  private readonly unknownConceptIdf: number;
  private readonly concepts: Postings;
  /** The QnAs of each tag, in order. */
  private readonly byTag = new Map<string, Int32Array>();
  readonly options: KbOptions;

  private constructor(
    private readonly data: KbIndexData,
    private readonly vocabulary = new Vocabulary(data.hashes, data.idf, data.unknownIdf, data.options.features),
  ) {
    ({ ids: this.ids, first: this.first, words: this.words, centroids: this.centroids, centroidMost: this.centroidMost, conceptIdf: this.conceptIdf, unknownConceptIdf: this.unknownConceptIdf, concepts: this.concepts, options: this.options } = data);
    this.conceptIds = new Map(data.stems.map((s, id) => [s, id]));
    data.tags.forEach((tag, i) => this.byTag.set(tag, data.tagQnas.subarray(data.tagPtr[i], data.tagPtr[i + 1])));
    const qnas = this.ids.length;
    this.scores = new Float32Array(this.first[qnas]);
    this.synonymScores = new Float32Array(this.first[qnas]);
    this.centroidScores = new Float32Array(qnas);
    this.bounds = new Float64Array(qnas);
    this.allowed = new Int32Array(qnas);
  }

  static build(entries: readonly KbEntry[], options: Partial<KbOptions> = {}): KbIndex {
    const opts: KbOptions = { ...DEFAULT_KB_OPTIONS, ...options, thresholds: { ...DEFAULT_KB_OPTIONS.thresholds, ...options.thresholds } };
    // Each QnA's distinct texts, normalised; a text typed twice in one QnA counts once.
    const texts: string[] = [];
    const first = new Int32Array(entries.length + 1);
    entries.forEach((e, q) => {
      const own = new Set<string>();
      for (const text of [e.nm, ...e.frases]) {
        const clean = normalize(text);
        if (clean && !own.has(clean)) {
          own.add(clean);
          texts.push(clean);
        }
      }
      first[q + 1] = texts.length;
    });

    const { vocabulary, words, centroidRows } = vectorsOf(texts, first, opts.features);
    const concepts = opts.synonymWeight > 0 ? conceptsOf(texts, opts.expandTexts) : { stems: [], conceptIdf: new Float32Array(0), unknownConceptIdf: 0, concepts: [] };
    const centroidMost: Uint16Array[] = [];
    return new KbIndex(
      {
        ids: entries.map((e) => e.id),
        first,
        hashes: vocabulary.hashes,
        idf: vocabulary.idf,
        unknownIdf: vocabulary.unknownIdf,
        words,
        centroids: transpose(centroidRows, vocabulary.size, { val: centroidRows.most, out: centroidMost }),
        centroidMost,
        ...concepts,
        ...tagLists(entries),
        options: opts,
      },
      vocabulary,
    );
  }

  /**
   * This index as data, with the buffers of its typed arrays to transfer (postMessage's transfer
   * list). Once they are transferred this index can no longer search.
   */
  toData(): { data: KbIndexData; transfer: ArrayBuffer[] } {
    const { data } = this;
    const postings = [...data.words, ...data.centroids, ...data.concepts].flatMap((p) => [p.ptr, p.row, p.val]);
    const arrays = [data.first, data.hashes, data.idf, data.conceptIdf, data.tagPtr, data.tagQnas, ...postings, ...data.centroidMost];
    const transfer = new Set<ArrayBuffer>();
    for (const a of arrays) if (a.buffer instanceof ArrayBuffer && a.byteLength === a.buffer.byteLength) transfer.add(a.buffer);
    return { data, transfer: [...transfer] };
  }

  /** The index that `toData` gave, as it searched. */
  static fromData(data: KbIndexData): KbIndex {
    return new KbIndex(data);
  }

  /** The ids of the stems that the message's words bring as synonyms, other than the message's own stems. */
  private synonymIds(words: readonly string[]): Set<number> {
    const own = stemIds(words, this.conceptIds, false, false);
    const expanded = this.options.expandUnknownOnly ? words.filter((w) => !this.conceptIds.has(stem(w))) : words;
    const out = stemIds(expanded, this.conceptIds, false, true);
    for (const id of own) out.delete(id);
    return out;
  }

  /** The QnAs a query may reach, as 1s in `allowed`. */
  private markAllowed(query: KbQuery): void {
    const allowed = this.allowed;
    const tags = [...new Set(query.tags)];
    if (query.and && tags.length === 0) allowed.fill(1);
    else if (query.and) {
      allowed.fill(0);
      // Counts each QnA's tags among the query's: all of them is tags.length.
      for (const tag of tags) for (const q of this.byTag.get(tag) ?? []) allowed[q]++;
      for (let q = 0; q < allowed.length; q++) allowed[q] = allowed[q] === tags.length ? 1 : 0;
    } else {
      allowed.fill(0);
      for (const tag of tags) for (const q of this.byTag.get(tag) ?? []) allowed[q] = 1;
    }
    if (query.global) for (const q of this.byTag.get(GLOBAL_TAG) ?? []) allowed[q] = 1;
  }

  /** The best QnAs the query may reach, best first (equal scores in the order of the entries), up to `limit`, each scoring above 0. */
  rank(text: string, query: KbQuery, limit = RESULTS): KbResult[] {
    const clean = normalize(text);
    if (!clean || this.ids.length === 0) return [];
    const { scores, synonymScores, centroidScores, bounds, vector } = this;
    centroidScores.fill(0);
    bounds.fill(0);
    const n = this.withoutCommon(this.vocabulary.vectorOfNormalized(clean, vector));
    accumulateBounded(this.centroids, this.centroidMost, vector.idx, vector.val, n, centroidScores, bounds);
    const synonyms = this.options.synonymWeight > 0 && this.addSynonyms(clean.split(' '), synonymScores);

    this.markAllowed(query);
    // Few results: only the QnAs that may rank among them have their texts scored; many, or too many
    // such QnAs, and every text is.
    let least = 1;
    if (limit <= RESULTS && this.scoreLikely(n, synonyms, limit)) least = 2;
    else {
      scores.fill(0);
      accumulate(this.words, vector.idx, vector.val, n, 1, scores);
    }
    const best: KbResult[] = [];
    for (let q = 0; q < this.ids.length; q++) {
      if (this.allowed[q] < least) continue;
      const score = this.scoreOf(q, synonyms);
      if (score <= 0 || (best.length === limit && score <= best[limit - 1].score)) continue;
      // Kept in order of score; a later QnA with an equal score goes after.
      let at = best.length;
      while (at > 0 && best[at - 1].score < score) at--;
      best.splice(at, 0, { id: this.ids[q], score });
      if (best.length > limit) best.pop();
    }
    return best.map((r) => ({ id: r.id, score: Math.min(1, r.score) }));
  }

  /**
   * Leaves the features of more than commonShare of the QnAs (and more than COMMON_FROM) out of the
   * message's vector (its first n entries), and scales what is left back up (RESCALE): how many are left.
   */
  private withoutCommon(n: number): number {
    const { vector } = this;
    const most = Math.max(COMMON_FROM, this.options.commonShare * this.ids.length);
    let kept = 0;
    let norm = 0;
    for (let k = 0; k < n; k++) {
      const f = vector.idx[k];
      let qnas = 0;
      for (const { ptr } of this.centroids) qnas += ptr[f + 1] - ptr[f];
      if (qnas > most) continue;
      vector.idx[kept] = f;
      vector.val[kept] = vector.val[k];
      norm += vector.val[k] * vector.val[k];
      kept++;
    }
    if (kept < n && norm > 0) for (let k = 0, scale = Math.sqrt(norm) ** -RESCALE; k < kept; k++) vector.val[k] *= scale;
    return kept;
  }

  /** A QnA's score, once its texts' closeness (`scores`), its centroid's and its texts' synonym closeness are in. */
  private scoreOf(q: number, synonyms: boolean): number {
    const { scores, synonymScores } = this;
    const { centroidWeight, synonymWeight } = this.options;
    let text = 0;
    let synonym = 0;
    for (let t = this.first[q]; t < this.first[q + 1]; t++) {
      if (scores[t] > text) text = scores[t];
      if (synonyms && synonymScores[t] > synonym) synonym = synonymScores[t];
    }
    // Synonyms only add: a message made of a QnA's own words scores the same with them or without.
    return (1 - centroidWeight) * text + centroidWeight * this.centroidScores[q] + synonymWeight * synonym;
  }

  /**
   * Scores the texts of the allowed QnAs that may rank among the best `limit`, marking them 2 in
   * `allowed`: in order of the most each can score, until that falls below the `limit`th score
   * found (a QnA below it cannot rank) or to 0. False, with nothing marked, when that would read
   * more than scoring every text does.
   */
  private scoreLikely(n: number, synonyms: boolean, limit: number): boolean {
    const { allowed, bounds, first, scores, vector } = this;
    const { centroidWeight, synonymWeight } = this.options;
    const slack = roundingSlack(n) / MOST_SCALE;
    for (let q = 0; q < allowed.length; q++) {
      if (!allowed[q]) continue;
      let synonym = 0;
      if (synonyms) for (let t = first[q]; t < first[q + 1]; t++) if (this.synonymScores[t] > synonym) synonym = this.synonymScores[t];
      bounds[q] = (1 - centroidWeight) * bounds[q] * slack + centroidWeight * this.centroidScores[q] + synonymWeight * synonym;
    }
    // Scoring every text reads each of the message's features' postings once; one QnA's texts take a
    // search in each feature's postings, and the look for the next QnA goes through them all.
    let budget = 0;
    for (const { ptr } of this.words) for (let k = 0; k < n; k++) budget += ptr[vector.idx[k] + 1] - ptr[vector.idx[k]];
    const cost = 16 * n + allowed.length;
    const found: number[] = [];
    for (;;) {
      let next = -1;
      let most = 0;
      for (let q = 0; q < allowed.length; q++) {
        if (allowed[q] === 1 && bounds[q] > most) {
          most = bounds[q];
          next = q;
        }
      }
      if (next < 0 || (found.length === limit && most < found[limit - 1])) return true;
      budget -= cost;
      if (budget < 0) {
        for (let q = 0; q < allowed.length; q++) if (allowed[q] === 2) allowed[q] = 1;
        return false;
      }
      allowed[next] = 2;
      scores.fill(0, first[next], first[next + 1]);
      accumulateRows(this.words, vector.idx, vector.val, n, first[next], first[next + 1], scores);
      const score = this.scoreOf(next, synonyms);
      if (score > 0) {
        let at = found.length;
        while (at > 0 && found[at - 1] < score) at--;
        found.splice(at, 0, score);
        if (found.length > limit) found.pop();
      }
    }
  }

  /**
   * Into `out` (one per text): how close each text is to the message with its words replaced by
   * their synonyms, as a cosine over stems where the message's length is that of its own stems.
   * False when no synonym reaches any text.
   */
  private addSynonyms(words: readonly string[], out: Float32Array): boolean {
    const synonyms = this.synonymIds(words);
    if (synonyms.size === 0) return false;
    out.fill(0);
    let norm = 0;
    for (const word of new Set(words.map(stem))) {
      const id = this.conceptIds.get(word);
      norm += (id === undefined ? this.unknownConceptIdf : this.conceptIdf[id]) ** 2;
    }
    const idx = Int32Array.from([...synonyms].sort((a, b) => a - b));
    const val = Float64Array.from(idx, (id) => this.conceptIdf[id]);
    accumulate(this.concepts, idx, val, idx.length, 1 / Math.sqrt(norm), out);
    return true;
  }

  /** What the message asks for among the QnAs the query may reach. */
  search(text: string, query: KbQuery): KbAnswer {
    const { floor, one, lead } = this.options.thresholds;
    const results = this.rank(text, query).filter((r) => r.score >= floor);
    if (results.length === 0) return { kind: 'none', results };
    const decisive = results[0].score >= one && results[0].score - (results[1]?.score ?? 0) >= lead;
    return { kind: decisive ? 'one' : 'several', results };
  }
}
