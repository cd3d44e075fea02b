// A trained intent model: what classifies a message, and its compact JSON form, stored with a
// deployed version so that a restore, or another server instance, loads exactly the same model.
import { calibratedScores, type Calibration } from './calibration';
import { STORED_FEATURE_DEFAULTS, Vocabulary, type FeatureOptions, type SparseVector } from './features';
import { margins, type LinearWeights } from './linear';
import { normalize } from './normalize';

export interface Candidate {
  skillId: string;
  /** Calibrated, 0 to 1: about how often a phrase scored like this belongs to this skill. */
  score: number;
  /** The phrase is one of this skill's training phrases, as typed there (case, accents and signs aside). */
  exact?: true;
}

/** What the model says about its training: figures a deploy can show and the bench prints. */
export interface ModelInfo {
  phrases: number;
  features: number;
  weights: number;
  /** Phrases held out to fit the calibration, and the share of them the model put first. */
  heldOut: number;
  heldOutAccuracy: number | null;
}

/** What of a message the model reads: a longer one is cut here, so no message costs more than this. */
export const MAX_TEXT = 4000;

export const MODEL_FORMAT = 'quipu-nlu';
export const MODEL_VERSION = 1;

/** The stored form: small numbers as JSON, arrays as base64 of their bytes (little-endian, as every platform Node runs on). */
export interface SerializedModel {
  format: typeof MODEL_FORMAT;
  v: typeof MODEL_VERSION;
  skills: string[];
  features: FeatureOptions;
  unknownIdf: number;
  calibration: Calibration;
  info: ModelInfo;
  /** Uint32 hashes, Float32 idf. */
  hashes: string;
  idf: string;
  /**
   * Each feature's number of weights (Uint16, or Int32 past 65,535 skills); the classes of the rows
   * that do not hold every class, in the same integer type (a full row is 0, 1, … in order); the
   * Float32 weights row after row, and the biases.
   */
  rowLength: string;
  cls: string;
  w: string;
  bias: string;
  /** Float32, per skill: the weight of the sum of a phrase's feature values (naive Bayes' length term); absent in models trained without it. */
  mass?: string;
  /** Uint32 hashes of the normalised training phrases that belong to one skill only, and that skill (Int32). */
  exactHashes: string;
  exactSkill: string;
}

export class IntentModel {
  private readonly margins: Float64Array;
  /** The vector of the message being scored (grown as needed). */
  private readonly vector: SparseVector = { idx: new Int32Array(256), val: new Float32Array(256) };
  private readonly exact = new Map<number, number>();

  constructor(
    readonly skills: readonly string[],
    readonly vocabulary: Vocabulary,
    readonly weights: LinearWeights,
    readonly calibration: Calibration,
    readonly exactPhrases: { hashes: Uint32Array; skill: Int32Array },
    readonly info: ModelInfo,
  ) {
    this.margins = new Float64Array(skills.length);
    exactPhrases.hashes.forEach((h, i) => this.exact.set(h, exactPhrases.skill[i]));
  }

  /**
   * The score of every skill, in the order of `skills` (a fresh array), and the skill whose
   * training phrase the text is, or -1. What `classify` sorts.
   */
  score(message: string): { scores: Float64Array; exact: number } {
    return this.scoreNormalized(normalize(message.slice(0, MAX_TEXT)));
  }

  /**
   * `score` of a message already cut to MAX_TEXT and normalised (the matcher reads that text too),
   * into `scores` when given (one per skill) instead of a fresh array.
   */
  scoreNormalized(clean: string, scores: Float64Array = new Float64Array(this.skills.length)): { scores: Float64Array; exact: number } {
    if (this.skills.length === 0) return { scores, exact: -1 };
    const v = this.vector;
    const n = this.vocabulary.vectorOfNormalized(clean, v);
    margins(this.weights, v.idx, v.val, 0, n, this.margins);
    calibratedScores(this.calibration, this.margins, lengthOf(v.val, n), scores);
    const exact = this.exact.get(normalizedHash(clean)) ?? -1;
    if (exact >= 0) scores[exact] = 1;
    return { scores, exact };
  }

  /** Every skill with its score, best first (ties in the order the skills were sorted at training). */
  classify(text: string): Candidate[] {
    const { scores, exact } = this.score(text);
    const order = Array.from(scores.keys()).sort((a, b) => scores[b] - scores[a] || a - b);
    return order.map((m) => (m === exact ? { skillId: this.skills[m], score: 1, exact: true } : { skillId: this.skills[m], score: scores[m] }));
  }

  toJSON(): SerializedModel {
    const { rowPtr, cls, w, bias, mass } = this.weights;
    const k = this.skills.length;
    const small = k <= 65_535;
    const lengths = Int32Array.from({ length: rowPtr.length - 1 }, (_, f) => rowPtr[f + 1] - rowPtr[f]);
    const partial: number[] = [];
    lengths.forEach((n, f) => n < k && partial.push(...cls.subarray(rowPtr[f], rowPtr[f + 1])));
    return {
      format: MODEL_FORMAT,
      v: MODEL_VERSION,
      skills: [...this.skills],
      features: this.vocabulary.options,
      unknownIdf: this.vocabulary.unknownIdf,
      calibration: this.calibration,
      info: this.info,
      hashes: bytes(this.vocabulary.hashes),
      idf: bytes(this.vocabulary.idf),
      rowLength: bytes(small ? Uint16Array.from(lengths) : lengths),
      cls: bytes(small ? Uint16Array.from(partial) : Int32Array.from(partial)),
      w: bytes(w),
      bias: bytes(bias),
      ...(mass ? { mass: bytes(mass) } : {}),
      exactHashes: bytes(this.exactPhrases.hashes),
      exactSkill: bytes(this.exactPhrases.skill),
    };
  }

  static fromJSON(json: SerializedModel): IntentModel {
    if (json?.format !== MODEL_FORMAT || json.v !== MODEL_VERSION) throw new Error('El modelo guardado no es de esta versión de Quipu');
    const hashes = read(json.hashes, Uint32Array);
    const vocabulary = new Vocabulary(hashes, read(json.idf, Float32Array), json.unknownIdf, { ...STORED_FEATURE_DEFAULTS, ...json.features });
    const k = json.skills.length;
    const small = k <= 65_535;
    const lengths = small ? read(json.rowLength, Uint16Array) : read(json.rowLength, Int32Array);
    const partial = small ? read(json.cls, Uint16Array) : read(json.cls, Int32Array);
    const rowPtr = new Int32Array(lengths.length + 1);
    lengths.forEach((n, f) => (rowPtr[f + 1] = rowPtr[f] + n));
    const cls = new Int32Array(rowPtr[lengths.length]);
    let next = 0;
    lengths.forEach((n, f) => {
      if (n < k) cls.set(partial.subarray(next, (next += n)), rowPtr[f]);
      else for (let c = 0; c < k; c++) cls[rowPtr[f] + c] = c;
    });
    const weights: LinearWeights = { rowPtr, cls, w: read(json.w, Float32Array), bias: read(json.bias, Float32Array), ...(json.mass ? { mass: read(json.mass, Float32Array) } : {}) };
    return new IntentModel(json.skills, vocabulary, weights, json.calibration, { hashes: read(json.exactHashes, Uint32Array), skill: read(json.exactSkill, Int32Array) }, json.info);
  }
}

/** How much of a phrase the model knows: the length of its vector (1 when every feature is known). */
export function knownLength(v: SparseVector): number {
  return lengthOf(v.val, v.val.length);
}

function lengthOf(val: Float32Array, n: number): number {
  let sum = 0;
  for (let i = 0; i < n; i++) sum += val[i] * val[i];
  return Math.sqrt(sum);
}

/** The hash that recognises a training phrase typed again (FNV-1a of its normal form). */
export function phraseHash(text: string): number {
  return normalizedHash(normalize(text));
}

function normalizedHash(clean: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < clean.length; i++) h = Math.imul(h ^ clean.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

type Typed = Uint32Array | Int32Array | Uint16Array | Float32Array;

function bytes(array: Typed): string {
  return Buffer.from(array.buffer, array.byteOffset, array.byteLength).toString('base64');
}

function read<T extends Typed>(text: string, Type: { new (buffer: ArrayBuffer): T; BYTES_PER_ELEMENT: number }): T {
  const buffer = Buffer.from(text, 'base64');
  // A copy, so the typed array starts at an offset its element size divides.
  return new Type(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer);
}
