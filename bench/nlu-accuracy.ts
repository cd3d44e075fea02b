// How well and how fast the NLU understands Spanish. Prints figures; passes or fails on nothing.
// 1. Validation: trains on nine tenths of MASSIVE es-ES's train split (seeded) and scores the other
//    tenth. Options are chosen on the train split only, never on the test split: on this tenth and,
//    since a change can move one tenth by nearly a point either way, on two seeded 10-fold
//    cross-validations (bench/nlu/cv.ts). Naive Bayes and the cut words: 84.58 → 85.22 % over the
//    20 folds (19 better), though 85.93 → 85.14 % on this tenth (seed 7).
// 2. MASSIVE: trains on the whole train split (11,514 phrases, 60 intents) through the code that
//    answers chats (classifier and matcher, no keywords, every skill at the default threshold 0.5)
//    and classifies the 2,974 test phrases: accuracy, macro-F1, training time, classifications per
//    second, size of the stored model and peak memory.
// 3. Size: a made-up bot of 1,000 skills × 20 phrases: training time, memory and model size.
// Each part runs in a process of its own, so each peak memory is its own.
// Last run (2 shared cores, times noisy): test 85.27 % (84.26 % before naive Bayes and the cut
// words), macro-F1 80.95 %, training 19.3 s, 14,100 classifications/s (4,600 before a message was
// scored without intermediate strings and arrays, run back to back), model 7.1 MB; the 1,000-skill
// bot trains in 22 s in 311 MB.
// Run: npm run bench -- nlu   (or: npx tsx bench/nlu-accuracy.ts [validacion|massive|tamano])
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IntentModel, train, type TrainingPhrase } from '../server/src/engine/nlu/classifier';
import { random, shuffle } from '../server/src/engine/nlu/linear';
import { Matcher, type MatchSkill } from '../server/src/engine/nlu/matcher';
import { syntheticBot } from './nlu/synthetic';

const here = path.dirname(fileURLToPath(import.meta.url));
const PARTS = ['validacion', 'massive', 'tamano'] as const;

function readTsv(name: string): TrainingPhrase[] {
  return fs
    .readFileSync(path.join(here, 'data', 'massive-es', name), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [skillId, text] = line.split('\t');
      return { skillId, text };
    });
}

const pct = (x: number) => `${(100 * x).toFixed(2)} %`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
/** Peak resident memory of this process so far. */
const peak = () => process.resourceUsage().maxRSS * 1024;

function matcherFor(model: IntentModel): Matcher {
  const skills: MatchSkill[] = model.skills.map((id) => ({ id, nm: id, tipo: 0, threshold: 0.5, keywordIncluye: [], keywordExcluye: [], modToken: false, tokenOrd: false, tokens: [] }));
  return new Matcher(skills, model);
}

/** Top-1 accuracy, macro-F1 (over the intents in the truth or the predictions, as scikit-learn does) and what the threshold does. */
function evaluate(matcher: Matcher, phrases: readonly TrainingPhrase[]) {
  const truth: string[] = [];
  const guess: string[] = [];
  let right = 0;
  let wrong = 0;
  let unrecognised = 0;
  let unrecognisedRight = 0;
  const started = performance.now();
  for (const p of phrases) {
    const r = matcher.match(p.text);
    truth.push(p.skillId);
    guess.push(r.candidates[0]?.skillId ?? '');
    if (!r.recognised) {
      unrecognised++;
      if (r.candidates[0]?.skillId === p.skillId) unrecognisedRight++;
    } else if (r.skillId === p.skillId) right++;
    else wrong++;
  }
  const ms = performance.now() - started;
  const labels = new Set([...truth, ...guess]);
  let f1 = 0;
  for (const label of labels) {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    truth.forEach((t, i) => {
      if (t === label && guess[i] === label) tp++;
      else if (guess[i] === label) fp++;
      else if (t === label) fn++;
    });
    f1 += tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
  }
  const n = phrases.length;
  return { accuracy: truth.filter((t, i) => t === guess[i]).length / n, macroF1: f1 / labels.size, right: right / n, wrong: wrong / n, unrecognised: unrecognised / n, unrecognisedRight, perSecond: (n / ms) * 1000 };
}

function printEvaluation(e: ReturnType<typeof evaluate>, n: number) {
  console.log(`  exactitud (skill con mejor puntaje):  ${pct(e.accuracy)}`);
  console.log(`  macro-F1:                             ${pct(e.macroF1)}`);
  console.log(`  con el umbral 0,5: responde bien ${pct(e.right)}, responde mal ${pct(e.wrong)}, no reconocidas ${pct(e.unrecognised)} (${Math.round(e.unrecognised * n)} frases; en ${e.unrecognisedRight} el mejor skill era el correcto)`);
}

function timedTrain(phrases: readonly TrainingPhrase[]): { model: IntentModel; seconds: number } {
  const started = performance.now();
  const model = train(phrases);
  return { model, seconds: (performance.now() - started) / 1000 };
}

function validation() {
  const all = readTsv('train.tsv');
  const order = Int32Array.from(all.keys());
  shuffle(order, random(7));
  const cut = Math.round(all.length / 10);
  const held = Array.from(order.subarray(0, cut), (i) => all[i]);
  const rest = Array.from(order.subarray(cut), (i) => all[i]);
  const { model, seconds } = timedTrain(rest);
  console.log(`Validación: entrena con ${rest.length} frases de train.tsv y evalúa ${held.length} que apartó (semilla 7), en ${seconds.toFixed(1)} s`);
  printEvaluation(evaluate(matcherFor(model), held), held.length);
}

function massive() {
  const phrases = readTsv('train.tsv');
  const test = readTsv('test.tsv');
  const { model, seconds } = timedTrain(phrases);
  const json = JSON.stringify(model);
  const restored = IntentModel.fromJSON(JSON.parse(json));
  const matcher = matcherFor(restored);
  evaluate(matcher, test.slice(0, 200)); // warm-up
  const e = evaluate(matcher, test);
  console.log(`MASSIVE es-ES: ${phrases.length} frases de entrenamiento, ${model.skills.length} intenciones, ${test.length} frases de prueba`);
  printEvaluation(e, test.length);
  console.log(`  entrenamiento:            ${seconds.toFixed(1)} s (con la calibración: ${model.info.heldOut} frases apartadas, ${pct(model.info.heldOutAccuracy ?? 0)} acertadas)`);
  console.log(`  clasificaciones por s:    ${Math.round(e.perSecond)} (clasificador y matcher, un núcleo)`);
  console.log(`  modelo guardado:          ${mb(Buffer.byteLength(json))} (${model.info.features} rasgos, ${model.info.weights} pesos)`);
  console.log(`  memoria máxima:           ${mb(peak())}`);
}

function size() {
  const skills = syntheticBot(1000, 20);
  const phrases = skills.flatMap((s) => s.frases.map((text) => ({ text, skillId: s.id })));
  const { model, seconds } = timedTrain(phrases);
  const json = JSON.stringify(model);
  const unseen = skills.flatMap((s) => s.unseen.map((text) => ({ text, skillId: s.id })));
  const e = evaluate(matcherFor(model), unseen);
  console.log(`Tamaño: bot inventado de ${skills.length} skills × 20 frases (${phrases.length} frases)`);
  console.log(`  entrenamiento:            ${seconds.toFixed(1)} s`);
  console.log(`  memoria máxima:           ${mb(peak())}`);
  console.log(`  modelo guardado:          ${mb(Buffer.byteLength(json))} (${model.info.features} rasgos, ${model.info.weights} pesos)`);
  console.log(`  exactitud en ${unseen.length} frases nuevas: ${pct(e.accuracy)}; ${Math.round(e.perSecond)} clasificaciones por s`);
}

const part = process.argv[2];
if (part === 'validacion') validation();
else if (part === 'massive') massive();
else if (part === 'tamano') size();
else {
  const tsx = path.join(here, '..', 'node_modules', '.bin', 'tsx');
  for (const p of PARTS) {
    const run = spawnSync(tsx, [fileURLToPath(import.meta.url), p], { stdio: 'inherit' });
    if (run.status !== 0) process.exitCode = run.status ?? 1;
  }
}
