// Cross-validation on MASSIVE's train split only, to choose the classifier's options: the train
// split, shuffled with a seed, in ten folds; each fold asked for is scored by a model trained on
// the other nine, with no calibration (it ranks the skills the same). Prints the accuracy over the
// folds and each fold's.
// Run: npx tsx bench/nlu/cv.ts '<TrainOptions as JSON>' [folds, default 0,1,2,3,4] [seed, default 11]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { train, type TrainingPhrase } from '../../server/src/engine/nlu/classifier';
import { margins, random, shuffle } from '../../server/src/engine/nlu/linear';
import { phraseHash } from '../../server/src/engine/nlu/model';

const here = path.dirname(fileURLToPath(import.meta.url));
const all: TrainingPhrase[] = fs
  .readFileSync(path.join(here, '..', 'data', 'massive-es', 'train.tsv'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => {
    const [skillId, text] = line.split('\t');
    return { skillId, text };
  });
const options = JSON.parse(process.argv[2] ?? '{}');
const folds = (process.argv[3] ?? '0,1,2,3,4').split(',').map(Number);
const seed = Number(process.argv[4] ?? 11);
const order = Int32Array.from(all.keys());
shuffle(order, random(seed));
let right = 0;
let total = 0;
const accuracies: string[] = [];
let seconds = 0;
for (const k of folds) {
  const held: TrainingPhrase[] = [];
  const rest: TrainingPhrase[] = [];
  for (let j = 0; j < order.length; j++) (j % 10 === k ? held : rest).push(all[order[j]]);
  const started = performance.now();
  const model = train(rest, { ...options, calibrate: false });
  seconds += (performance.now() - started) / 1000;
  // Training phrases typed again go to their skill, as in the model's scores.
  const exact = new Map<number, string | null>();
  for (const p of rest) {
    const h = phraseHash(p.text);
    exact.set(h, exact.has(h) && exact.get(h) !== p.skillId ? null : p.skillId);
  }
  const s = new Float64Array(model.skills.length);
  let r = 0;
  for (const p of held) {
    const v = model.vocabulary.vector(p.text);
    margins(model.weights, v.idx, v.val, 0, v.idx.length, s);
    let best = 0;
    for (let m = 1; m < s.length; m++) if (s[m] > s[best]) best = m;
    if ((exact.get(phraseHash(p.text)) ?? model.skills[best]) === p.skillId) r++;
  }
  right += r;
  total += held.length;
  accuracies.push(((100 * r) / held.length).toFixed(2));
}
console.log(`${((100 * right) / total).toFixed(2)} %  folds ${accuracies.join(' ')}  fit ${(seconds / folds.length).toFixed(1)} s  seed ${seed}  ${JSON.stringify(options)}`);
