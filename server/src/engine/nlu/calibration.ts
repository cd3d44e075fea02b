// Turns the classifier's margins into scores from 0 to 1 that read as probabilities, so that a
// skill's threshold means the same in every bot. The score of skill m for a phrase is
//   P(the phrase is about something the bot knows) × P(it is skill m, if it is about something the bot knows)
// - the second factor is Platt scaling with two inputs: m's margin and its lead (how far m stands
//   above the best other skill, since a margin shared with a rival means less); it is fitted on
//   phrases of the bot held out from training;
// - the first factor reads the phrase's best margin and how much of it the model knows (the length
//   of its known features); it is fitted on the same held-out phrases against scrambled copies of
//   them (their letters shuffled): nonsense that the bot must send to its fallback.

/** σ(a·x + b·y + c), with a and b never negative, so more evidence never scores lower. */
export interface Logistic {
  a: number;
  b: number;
  c: number;
}

export interface Calibration {
  /** P(skill | known topic) from (margin, lead). */
  skill: Logistic;
  /** P(known topic) from (best margin, known length). */
  known: Logistic;
}

/** What a factor falls back to when its sample has no positive or no negative case (a bot of one skill has no rival). */
export const DEFAULT_CALIBRATION: Calibration = { skill: { a: 4, b: 0, c: 0 }, known: { a: 0, b: 0, c: 20 } };

const sigmoid = (z: number) => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));

export const logistic = (f: Logistic, x: number, y: number): number => sigmoid(f.a * x + f.b * y + f.c);

/** One observation for a logistic: its two inputs and whether it is a positive case. */
export interface Sample {
  x: number;
  y: number;
  positive: boolean;
}

/**
 * Fits a, b and c on the log-loss by Newton's method with a backtracking line search, on Platt's
 * smoothed targets (so a perfectly separated sample does not send the weights to infinity).
 * A coefficient that comes out negative is fixed at 0 and the rest fitted again.
 */
export function fitLogistic(samples: readonly Sample[], fallback: Logistic): Logistic {
  const positives = samples.filter((s) => s.positive).length;
  const negatives = samples.length - positives;
  if (positives === 0 || negatives === 0) return fallback;
  const targets = { hi: (positives + 1) / (positives + 2), lo: 1 / (negatives + 2) };
  let free = [true, true, true];
  for (let attempt = 0; attempt < 3; attempt++) {
    const [a, b, c] = newton(samples, targets, free);
    if (a >= 0 && b >= 0) return { a, b, c };
    free = [free[0] && a >= 0, free[1] && b >= 0, true];
  }
  return fallback;
}

function newton(samples: readonly Sample[], targets: { hi: number; lo: number }, free: boolean[]): number[] {
  const loss = (w: number[]) => {
    let total = 0;
    for (const s of samples) {
      const z = w[0] * s.x + w[1] * s.y + w[2];
      // log(1 + e^z) − t·z, written to stay finite.
      total += (z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z))) - (s.positive ? targets.hi : targets.lo) * z;
    }
    return total;
  };
  let w = [free[0] ? 1 : 0, free[1] ? 1 : 0, 0];
  let current = loss(w);
  for (let iter = 0; iter < 100; iter++) {
    const grad = [0, 0, 0];
    const hess = [[1e-9, 0, 0], [0, 1e-9, 0], [0, 0, 1e-9]];
    for (const s of samples) {
      const x = [s.x, s.y, 1];
      const p = sigmoid(w[0] * x[0] + w[1] * x[1] + w[2]);
      const r = p - (s.positive ? targets.hi : targets.lo);
      const v = p * (1 - p);
      for (let j = 0; j < 3; j++) {
        grad[j] += r * x[j];
        for (let k = 0; k < 3; k++) hess[j][k] += v * x[j] * x[k];
      }
    }
    // A fixed coefficient stays where it is.
    for (let j = 0; j < 3; j++) {
      if (free[j]) continue;
      grad[j] = 0;
      for (let k = 0; k < 3; k++) hess[j][k] = hess[k][j] = j === k ? 1 : 0;
    }
    const step = solve3(hess, grad);
    if (!step) break;
    let t = 1;
    let candidate = w.map((v, j) => v - step[j]);
    let value = loss(candidate);
    while (value > current && t > 1e-6) {
      t /= 2;
      candidate = w.map((v, j) => v - t * step[j]);
      value = loss(candidate);
    }
    if (value > current) break;
    w = candidate;
    const moved = Math.max(...step.map((v) => Math.abs(v * t)));
    current = value;
    if (moved < 1e-9) break;
  }
  return w;
}

/** Solves the 3×3 system m · x = v by Gauss-Jordan elimination with pivoting; undefined if singular. */
function solve3(m: number[][], v: number[]): number[] | undefined {
  const a = m.map((row, i) => [...row, v[i]]);
  for (let col = 0; col < 3; col++) {
    let pivot = col;
    for (let r = col + 1; r < 3; r++) if (Math.abs(a[r][col]) > Math.abs(a[pivot][col])) pivot = r;
    if (Math.abs(a[pivot][col]) < 1e-15) return undefined;
    [a[col], a[pivot]] = [a[pivot], a[col]];
    for (let r = 0; r < 3; r++) {
      if (r === col) continue;
      const f = a[r][col] / a[col][col];
      for (let k = col; k < 4; k++) a[r][k] -= f * a[col][k];
    }
  }
  return a.map((row, i) => row[3] / a[i][i]);
}

/** The best class of margins `s` and the best margin among the others (0 when there is no other). */
export function bestTwo(s: Float64Array): { best: number; second: number } {
  let best = 0;
  for (let m = 1; m < s.length; m++) if (s[m] > s[best]) best = m;
  let second = s.length > 1 ? -Infinity : 0;
  for (let m = 0; m < s.length; m++) if (m !== best && s[m] > second) second = s[m];
  return { best, second };
}

/** The calibrated score of every class, into `out`, from the margins `s` and the phrase's known length. */
export function calibratedScores(cal: Calibration, s: Float64Array, known: number, out: Float64Array): void {
  const { best, second } = bestTwo(s);
  const topic = logistic(cal.known, s[best], known);
  for (let m = 0; m < s.length; m++) out[m] = topic * logistic(cal.skill, s[m], s[m] - (m === best ? second : s[best]));
}
