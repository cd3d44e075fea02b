// The intent classifier: trains an IntentModel from (phrase, skill) pairs.
// 1. Features (features.ts): stems and their pairs, words cut to five letters and their pairs, and
//    character n-grams, by TF-IDF.
// 2. A linear SVM per skill (linear.ts), trained by dual coordinate descent, plus a multinomial
//    naive Bayes model on the same features folded into the same weights: together they make
//    about half a point fewer mistakes than the SVMs alone, at no cost when answering.
// 3. Calibration (calibration.ts), fitted on the margins of phrases the model had not seen, and of
//    scrambled copies of them: with few phrases each of five folds is held out in turn, with many
//    one tenth is. Then the SVMs are trained again on every phrase.
// Everything is seeded, so the same phrases and options give the same model, byte for byte.
import type { SkillDef } from '../../../../common/schemas/bots';
import { bestTwo, DEFAULT_CALIBRATION, fitLogistic, type Sample } from './calibration';
import { DEFAULT_FEATURES, rawFeatures, Vocabulary, type FeatureOptions, type RawFeatures } from './features';
import { addNaiveBayes, margins, random, shuffle, trainSvm, type NaiveBayesOptions, type LinearWeights, type PackedPhrases, type SvmOptions } from './linear';
import { IntentModel, knownLength, phraseHash } from './model';
import { normalize } from './normalize';

export { IntentModel, type Candidate, type ModelInfo, type SerializedModel } from './model';

export interface TrainingPhrase {
  text: string;
  skillId: string;
}

/** The training phrases of a definition's skills, blank ones left out. */
export function trainingPhrases(skills: readonly Pick<SkillDef, 'id' | 'frases'>[]): TrainingPhrase[] {
  return skills.flatMap((s) => s.frases.filter((text) => typeof text === 'string' && text.trim() !== '').map((text) => ({ text, skillId: s.id })));
}

export interface TrainOptions extends SvmOptions {
  features: FeatureOptions;
  /** Up to this many phrases, calibrate on five folds; past it, on one held-out tenth. */
  foldsUpTo: number;
  /** Fit the calibration on held-out phrases (false: the default calibration and one fit, which ranks the skills the same; for the cross-validation bench). */
  calibrate?: boolean;
  /** The naive Bayes model added to the SVMs' weights (see addNaiveBayes). */
  naiveBayes: NaiveBayesOptions;
  /** Called as training advances, with the share done (0 to 1). */
  onProgress?: (done: number) => void;
}

/**
 * Chosen on validation tenths of MASSIVE's train split (never on its test split): C = 2 over 0.5–4;
 * 8 passes do as well as 20; rows for every class on features of 10 phrases or more do as well as
 * rows for every class on every feature (+0.5 points over none), at a third of the weights.
 * maxClasses and visitBudget only bite with hundreds of skills, and bound their training time.
 * Naive Bayes (α = 0.01, weight 0.05; both flat over 0.001–0.03 and 0.03–0.08) added +0.47 points
 * over two 10-fold cross-validations of the train split (18 of the 20 folds better); the SVMs
 * trained Crammer–Singer, or with hinge loss, NB-SVM scaling, or averaged with a network of one
 * hidden layer, nearest neighbours, centroids or SVMs on words or characters alone, did not help.
 */
export const DEFAULT_TRAIN_OPTIONS: TrainOptions = {
  features: DEFAULT_FEATURES,
  c: 2,
  epochs: 8,
  seed: 1,
  maxClasses: 200,
  denseMinDf: 10,
  visitBudget: 120_000_000,
  foldsUpTo: 600,
  naiveBayes: { alpha: 0.01, weight: 0.05 },
};

/** How many of the top skills of each held-out phrase feed the calibration (the rest score near 0 anyway). */
const CALIBRATION_TOP = 10;

interface Prepared {
  raw: RawFeatures[];
  y: Int32Array;
  classes: number;
}

function fit(data: Prepared, rows: Int32Array, options: TrainOptions, onEpoch: () => void): { vocabulary: Vocabulary; weights: LinearWeights } {
  const raw = Array.from(rows, (i) => data.raw[i]);
  const vocabulary = Vocabulary.fit(raw, options.features);
  const x = packed(vocabulary, raw);
  const y = Int32Array.from(rows, (i) => data.y[i]);
  let weights = trainSvm(x, y, data.classes, vocabulary.size, options, onEpoch);
  if (options.naiveBayes.weight > 0) weights = addNaiveBayes(weights, x, y, data.classes, vocabulary.size, options.naiveBayes);
  return { vocabulary, weights };
}

/** The phrases' vectors one after the other, written in place (no array of each phrase's own). */
function packed(vocabulary: Vocabulary, raw: readonly RawFeatures[]): PackedPhrases {
  const ptr = new Int32Array(raw.length + 1);
  let room = 0;
  for (const r of raw) room += r.hashes.length;
  const out = { idx: new Int32Array(room), val: new Float32Array(room) };
  raw.forEach((r, i) => (ptr[i + 1] = ptr[i] + vocabulary.vectorizeInto(r, out, ptr[i])));
  const n = ptr[raw.length];
  return { ptr, idx: out.idx.length === n ? out.idx : out.idx.slice(0, n), val: out.val.length === n ? out.val : out.val.slice(0, n) };
}

/** Held-out sets, each class spread over them: five folds, or one tenth when there are many phrases. */
function holdOuts(y: Int32Array, classes: number, options: TrainOptions): Int32Array[] {
  const byClass: number[][] = Array.from({ length: classes }, () => []);
  y.forEach((c, i) => byClass[c].push(i));
  const next = random(options.seed ^ 0x5eed);
  if (y.length <= options.foldsUpTo) {
    const folds: number[][] = [[], [], [], [], []];
    let turn = 0;
    for (const members of byClass) {
      const order = Int32Array.from(members);
      shuffle(order, next);
      for (const i of order) folds[turn++ % folds.length].push(i);
    }
    return folds.filter((f) => f.length > 0).map((f) => Int32Array.from(f).sort());
  }
  const held: number[] = [];
  for (const members of byClass) {
    // A skill with a single phrase keeps it: held out, the skill would not exist.
    if (members.length < 2) continue;
    const order = Int32Array.from(members);
    shuffle(order, next);
    held.push(...order.subarray(0, Math.max(1, Math.round(members.length / 10))));
  }
  return [Int32Array.from(held).sort()];
}

/** The (margin, lead) samples of one held-out phrase: its top skills and its own. True if it came first. */
function skillSamples(s: Float64Array, label: number, out: Sample[]): boolean {
  const { best, second } = bestTwo(s);
  const chosen = new Set(Array.from(s.keys()).sort((a, b) => s[b] - s[a] || a - b).slice(0, CALIBRATION_TOP));
  chosen.add(label);
  for (const m of chosen) out.push({ x: s[m], y: s[m] - (m === best ? second : s[best]), positive: m === label });
  return best === label;
}

/** The phrase with its letters shuffled: what nonsense looks like to this bot. */
function scramble(text: string, next: () => number): string {
  const chars = [...normalize(text)];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

export function train(phrases: readonly TrainingPhrase[], options: Partial<TrainOptions> = {}): IntentModel {
  const opts: TrainOptions = { ...DEFAULT_TRAIN_OPTIONS, ...options, features: { ...DEFAULT_FEATURES, ...options.features }, naiveBayes: { ...DEFAULT_TRAIN_OPTIONS.naiveBayes, ...options.naiveBayes } };
  const usable = phrases.filter((p) => normalize(p.text) !== '');
  const skills = [...new Set(usable.map((p) => p.skillId))].sort();
  const classOf = new Map(skills.map((id, i) => [id, i]));
  const data: Prepared = {
    raw: usable.map((p) => rawFeatures(p.text, opts.features)),
    y: Int32Array.from(usable, (p) => classOf.get(p.skillId)!),
    classes: skills.length,
  };
  const all = Int32Array.from(data.y.keys());
  const held = skills.length > 0 && opts.calibrate !== false ? holdOuts(data.y, data.classes, opts) : [];
  const totalEpochs = (held.length + 1) * opts.epochs;
  let epochsDone = 0;
  const onEpoch = () => opts.onProgress?.(++epochsDone / totalEpochs);

  // Calibration on phrases each model did not see, and on scrambled copies of them.
  const forSkill: Sample[] = [];
  const forTopic: Sample[] = [];
  let heldOut = 0;
  let heldRight = 0;
  const s = new Float64Array(data.classes);
  const next = random(opts.seed ^ 0x0dd);
  for (const out of held) {
    const keep = new Uint8Array(data.y.length).fill(1);
    out.forEach((i) => (keep[i] = 0));
    const model = fit(data, all.filter((i) => keep[i] === 1), opts, onEpoch);
    for (const i of out) {
      const v = model.vocabulary.vectorize(data.raw[i]);
      margins(model.weights, v.idx, v.val, 0, v.idx.length, s);
      heldOut++;
      if (skillSamples(s, data.y[i], forSkill)) heldRight++;
      forTopic.push({ x: s[bestTwo(s).best], y: knownLength(v), positive: true });
      const nonsense = model.vocabulary.vector(scramble(usable[i].text, next));
      margins(model.weights, nonsense.idx, nonsense.val, 0, nonsense.idx.length, s);
      forTopic.push({ x: s[bestTwo(s).best], y: knownLength(nonsense), positive: false });
    }
  }
  const calibration = { skill: fitLogistic(forSkill, DEFAULT_CALIBRATION.skill), known: fitLogistic(forTopic, DEFAULT_CALIBRATION.known) };
  const { vocabulary, weights } = fit(data, all, opts, onEpoch);

  // Training phrases typed again go to their skill, unless two skills share the phrase.
  const exact = new Map<number, number>();
  usable.forEach((p, i) => {
    const h = phraseHash(p.text);
    exact.set(h, exact.has(h) && exact.get(h) !== data.y[i] ? -1 : data.y[i]);
  });
  const exactKept = [...exact.entries()].filter(([, c]) => c >= 0).sort((a, b) => a[0] - b[0]);
  return new IntentModel(
    skills,
    vocabulary,
    weights,
    calibration,
    { hashes: Uint32Array.from(exactKept, ([h]) => h), skill: Int32Array.from(exactKept, ([, c]) => c) },
    {
      phrases: usable.length,
      features: vocabulary.size,
      weights: weights.w.length,
      heldOut,
      heldOutAccuracy: heldOut ? heldRight / heldOut : null,
    },
  );
}
