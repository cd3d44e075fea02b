// The linear model under the intent classifier, and its training. The weights are sparse, row by
// feature (see `support`), so the model stays small and trains in bounded time when a bot has a
// thousand skills: a phrase's margin for class m is m's bias plus, over the phrase's features, the
// weight of (feature, m). Training is deterministic: the order of the passes comes from a seeded
// generator. A naive Bayes model on the same features can be folded into the same weights
// (addNaiveBayes), plus one weight per class of the sum of the phrase's feature values.

/** Sparse weights, row by feature: the classes of feature f are cls[rowPtr[f] .. rowPtr[f+1]). */
export interface LinearWeights {
  rowPtr: Int32Array;
  cls: Int32Array;
  w: Float32Array;
  bias: Float32Array;
  /** Per class, a weight of the sum of the phrase's feature values (the naive Bayes part's length term); absent, none. */
  mass?: Float32Array;
}

/** Phrases packed one after the other: phrase i's features are idx/val[ptr[i] .. ptr[i+1]). */
export interface PackedPhrases {
  ptr: Int32Array;
  idx: Int32Array;
  val: Float32Array;
}

/** mulberry32: a small seeded generator, enough to shuffle. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function shuffle(order: Int32Array, next: () => number): void {
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    const t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
}

/** Which (feature, class) pairs carry a weight: see `support`. */
export interface SupportOptions {
  /** A feature found in the phrases of more classes than this says little about any one; it keeps no weight. */
  maxClasses: number;
  /** With at most maxClasses classes, a feature found in at least this many phrases may carry a weight for every class... */
  denseMinDf: number;
  /** ...while a pass over the phrases costs at most this many weight visits. */
  visitBudget: number;
}

/**
 * Where the model may hold a weight. Every feature may weigh for the classes whose phrases contain
 * it. A frequent feature may also weigh (negatively) for every other class, which helps tell close
 * skills apart ('alarma' speaks against the calendar skills); those rows go to the most frequent
 * features first, for as long as a training pass stays within the visit budget, so a bot with
 * many skills trains in bounded time.
 */
export function support(x: PackedPhrases, y: Int32Array, features: number, classes: number, options: SupportOptions): { rowPtr: Int32Array; cls: Int32Array } {
  // Phrases by class, so a feature's classes arrive in increasing order and a repeat is the last one seen.
  const byClass = Int32Array.from(y.keys()).sort((a, b) => y[a] - y[b] || a - b);
  const last = new Int32Array(features);
  const eachPair = (visit: (f: number, c: number) => void) => {
    last.fill(-1);
    for (const i of byClass) {
      for (let p = x.ptr[i]; p < x.ptr[i + 1]; p++) {
        const f = x.idx[p];
        if (last[f] === y[i]) continue;
        last[f] = y[i];
        visit(f, y[i]);
      }
    }
  };
  const count = new Int32Array(features);
  eachPair((f) => count[f]++);
  const df = new Int32Array(features);
  for (let p = 0; p < x.idx.length; p++) df[x.idx[p]]++;
  const length = Int32Array.from(count, (n) => (n <= options.maxClasses ? n : 0));
  let visits = 0;
  for (let f = 0; f < features; f++) visits += df[f] * length[f];
  const dense = new Uint8Array(features);
  // With more classes than maxClasses, a full row would cost more than any feature may have.
  const frequent = classes > options.maxClasses ? new Int32Array(0) : Int32Array.from(df.keys()).filter((f) => df[f] >= options.denseMinDf && length[f] < classes);
  frequent.sort((a, b) => df[b] - df[a] || a - b);
  for (const f of frequent) {
    const extra = df[f] * (classes - length[f]);
    if (visits + extra > options.visitBudget) continue;
    visits += extra;
    dense[f] = 1;
    length[f] = classes;
  }
  const rowPtr = new Int32Array(features + 1);
  for (let f = 0; f < features; f++) rowPtr[f + 1] = rowPtr[f] + length[f];
  const cls = new Int32Array(rowPtr[features]);
  const fill = rowPtr.slice(0, features);
  for (let f = 0; f < features; f++) if (dense[f]) for (let c = 0; c < classes; c++) cls[fill[f]++] = c;
  eachPair((f, c) => {
    if (!dense[f] && length[f] > 0) cls[fill[f]++] = c;
  });
  return { rowPtr, cls };
}

/**
 * The margins of one phrase (features idx/val[from .. to)) for every class, into `out`. Each class
 * adds its weights in the order of the phrase's features, so the sums are the same to the last bit
 * however the walk is arranged: a full row (every class, in order) is walked without its classes,
 * and up to four full rows in a row at once, each margin read and written once for the four.
 */
export function margins(model: LinearWeights, idx: Int32Array, val: Float32Array, from: number, to: number, out: Float64Array): void {
  const { rowPtr, cls, w, bias, mass } = model;
  const k = out.length;
  let sum = 0;
  for (let m = 0; m < k; m++) out[m] = bias[m];
  let p = from;
  while (p < to) {
    const f = idx[p];
    const start = rowPtr[f];
    const end = rowPtr[f + 1];
    const v = val[p];
    if (end - start !== k) {
      sum += v;
      for (let q = start; q < end; q++) out[cls[q]] += w[q] * v;
      p++;
      continue;
    }
    if (p + 3 < to) {
      const f1 = idx[p + 1];
      const f2 = idx[p + 2];
      const f3 = idx[p + 3];
      const s1 = rowPtr[f1];
      const s2 = rowPtr[f2];
      const s3 = rowPtr[f3];
      if (rowPtr[f1 + 1] - s1 === k && rowPtr[f2 + 1] - s2 === k && rowPtr[f3 + 1] - s3 === k) {
        const v1 = val[p + 1];
        const v2 = val[p + 2];
        const v3 = val[p + 3];
        sum += v;
        sum += v1;
        sum += v2;
        sum += v3;
        for (let c = 0; c < k; c++) out[c] = out[c] + w[start + c] * v + w[s1 + c] * v1 + w[s2 + c] * v2 + w[s3 + c] * v3;
        p += 4;
        continue;
      }
    }
    sum += v;
    for (let c = 0; c < k; c++) out[c] += w[start + c] * v;
    p++;
  }
  if (mass) for (let m = 0; m < k; m++) out[m] += mass[m] * sum;
}

export interface SvmOptions extends SupportOptions {
  /** The SVM's cost of a margin violation (higher fits the phrases closer). */
  c: number;
  /** Passes over the phrases. */
  epochs: number;
  seed: number;
}

/**
 * One-vs-rest L2-loss linear SVMs by dual coordinate descent (Hsieh et al., ICML 2008, the method
 * of LIBLINEAR) on the sparse support: each phrase takes its coordinate step in every class's
 * problem at once, which costs two walks over its features' rows. The bias is a feature of value 1
 * that every class has, regularised like the others, as in LIBLINEAR.
 */
export function trainSvm(x: PackedPhrases, y: Int32Array, classes: number, features: number, options: SvmOptions, onEpoch?: () => void): LinearWeights {
  const { rowPtr, cls } = support(x, y, features, classes, options);
  const n = y.length;
  const w = new Float64Array(cls.length);
  const bias = new Float64Array(classes);
  // The dual variables, one per phrase and class.
  const alpha = new Float32Array(n * classes);
  const s = new Float64Array(classes);
  const q = new Float64Array(classes);
  const d = new Float64Array(classes);
  const moved = new Int32Array(classes);
  const diag = 1 / (2 * options.c);
  const order = Int32Array.from({ length: n }, (_, i) => i);
  const next = random(options.seed);
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    shuffle(order, next);
    for (const i of order) {
      const from = x.ptr[i];
      const to = x.ptr[i + 1];
      for (let m = 0; m < classes; m++) {
        s[m] = bias[m];
        q[m] = 1 + diag;
      }
      for (let p = from; p < to; p++) {
        const v = x.val[p];
        for (let r = rowPtr[x.idx[p]]; r < rowPtr[x.idx[p] + 1]; r++) {
          s[cls[r]] += w[r] * v;
          q[cls[r]] += v * v;
        }
      }
      const base = i * classes;
      let nMoved = 0;
      for (let m = 0; m < classes; m++) {
        const t = m === y[i] ? 1 : -1;
        const a = alpha[base + m];
        const gradient = t * s[m] - 1 + diag * a;
        alpha[base + m] = Math.max(a - gradient / q[m], 0);
        d[m] = (alpha[base + m] - a) * t;
        bias[m] += d[m];
        if (d[m] !== 0) moved[nMoved++] = m;
      }
      if (nMoved * 4 < classes) updateSome(rowPtr, cls, w, x, from, to, d, moved, nMoved, classes);
      else
        for (let p = from; p < to; p++) {
          const v = x.val[p];
          for (let r = rowPtr[x.idx[p]]; r < rowPtr[x.idx[p] + 1]; r++) w[r] += d[cls[r]] * v;
        }
    }
    onEpoch?.();
  }
  return { rowPtr, cls, w: Float32Array.from(w), bias: Float32Array.from(bias) };
}

/** Where row f holds class c, or -1: a full row at its start + c, a partial one (classes increasing) by bisection. */
function entry(rowPtr: Int32Array, cls: Int32Array, f: number, c: number, classes: number): number {
  const start = rowPtr[f];
  const end = rowPtr[f + 1];
  if (end - start === classes) return start + c;
  let lo = start;
  let hi = end;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cls[mid] < c) lo = mid + 1;
    else hi = mid;
  }
  return lo < end && cls[lo] === c ? lo : -1;
}

export interface NaiveBayesOptions {
  /** Additive smoothing of the feature weights counted per class. */
  alpha: number;
  /** What the naive Bayes scores weigh against the SVM's margins (0: not at all). */
  weight: number;
}

/**
 * Adds a multinomial naive Bayes model over the same TF-IDF values (Rennie et al., ICML 2003) to
 * the weights, scaled by options.weight: class c scores log P(c) + Σ_f x_f · log θ_cf, where
 * θ_cf = (n_cf + α) / (N_c + α·F), n_cf the sum of feature f's values in the phrases of c and N_c
 * the sum of all of them. Split as log(n_cf + α) − log α on the support (where class c has f),
 * plus (log α − log(N_c + α·F)) times the sum of the phrase's values (`mass`), it stays a linear
 * model: scoring costs one more multiplication per class. Every class's score is lowered by the
 * same (log α − mean over classes of log(N_c + α·F)) times that sum, which changes no ranking: so a
 * phrase's scores grow with the evidence for each class, as the SVM's margins do, and do not
 * sink with its length.
 */
export function addNaiveBayes(weights: LinearWeights, x: PackedPhrases, y: Int32Array, classes: number, features: number, options: NaiveBayesOptions): LinearWeights {
  const { rowPtr, cls } = weights;
  const counts = new Float64Array(cls.length);
  const totals = new Float64Array(classes);
  const sizes = new Float64Array(classes);
  for (let i = 0; i < y.length; i++) {
    const c = y[i];
    sizes[c]++;
    for (let p = x.ptr[i]; p < x.ptr[i + 1]; p++) {
      totals[c] += x.val[p];
      const e = entry(rowPtr, cls, x.idx[p], c, classes);
      if (e >= 0) counts[e] += x.val[p];
    }
  }
  const { alpha, weight } = options;
  const logAlpha = Math.log(alpha);
  const w = Float32Array.from(weights.w, (v, e) => (counts[e] > 0 ? v + weight * (Math.log(counts[e] + alpha) - logAlpha) : v));
  const bias = Float32Array.from(weights.bias, (v, c) => v + weight * Math.log(sizes[c] / y.length));
  let meanLog = 0;
  for (const t of totals) meanLog += Math.log(t + alpha * features) / classes;
  const mass = Float32Array.from(totals, (t) => weight * (meanLog - Math.log(t + alpha * features)));
  return { rowPtr, cls, w, bias, mass };
}

/**
 * w += d · x for the few classes that moved (`moved`): a full row holds class c at its start + c,
 * a partial one lists its classes in increasing order, so c is found by bisection.
 */
function updateSome(rowPtr: Int32Array, cls: Int32Array, w: Float64Array, x: PackedPhrases, from: number, to: number, d: Float64Array, moved: Int32Array, nMoved: number, classes: number): void {
  for (let p = from; p < to; p++) {
    const v = x.val[p];
    const start = rowPtr[x.idx[p]];
    if (rowPtr[x.idx[p] + 1] - start === classes) {
      for (let k = 0; k < nMoved; k++) w[start + moved[k]] += d[moved[k]] * v;
      continue;
    }
    for (let k = 0; k < nMoved; k++) {
      const e = entry(rowPtr, cls, x.idx[p], moved[k], classes);
      if (e >= 0) w[e] += d[moved[k]] * v;
    }
  }
}

