// Cross-validation on MASSIVE's train split only: npx tsx bench/nlu/cv.ts '<options json>' [folds=0,1,2,3,4] [seed=11]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { train, type TrainingPhrase } from '../../server/src/engine/nlu/classifier';
import { random, shuffle } from '../../server/src/engine/nlu/linear';

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
const accs: string[] = [];
let seconds = 0;
for (const k of folds) {
  const held: TrainingPhrase[] = [];
  const rest: TrainingPhrase[] = [];
  for (let j = 0; j < order.length; j++) (j % 10 === k ? held : rest).push(all[order[j]]);
  const started = performance.now();
  const aug = random(99);
  const extra: TrainingPhrase[] = [];
  for (let copy = 0; copy < (options.augment ?? 0); copy++)
    for (const p of rest) {
      const w = p.text.split(" ");
      if (w.length < 3) continue;
      w.splice(Math.floor(aug() * w.length), 1);
      extra.push({ text: w.join(" "), skillId: p.skillId });
    }
  const model = train([...rest, ...extra], { ...options, calibrate: false });
  seconds += (performance.now() - started) / 1000;
  let r = 0;
  for (const p of held) {
    const { scores } = model.score(p.text);
    let best = 0;
    for (let m = 1; m < scores.length; m++) if (scores[m] > scores[best]) best = m;
    if (model.skills[best] === p.skillId) r++;
  }
  right += r;
  total += held.length;
  accs.push((100 * r / held.length).toFixed(2));
}
console.log(`${(100 * right / total).toFixed(2)} %  folds ${accs.join(' ')}  fit ${(seconds / folds.length).toFixed(1)} s  ${JSON.stringify(options)}`);
