// How well and how fast the QnA search (server/src/engine/kb) finds a knowledge base's QnAs.
// Prints figures; passes or fails on nothing.
// MASSIVE es-ES as a knowledge base: one QnA per intent, named by the intent's first phrase in
// train.tsv (real QnA names are questions), with the intent's first 10 phrases (in file order) as
// its variants; so the name is also its first variant.
// 1. Validation (options and thresholds are chosen here, never on the test split): every third of
//    the train phrases that are not variants (3,640) asked of that knowledge base, per candidate,
//    and the intent classifier (TF-IDF + linear SVM, server/src/engine/nlu/classifier.ts) trained
//    on the same variants as a reference; last, the search and the classifier added at half each.
// 2. MASSIVE: the 2,974 test phrases asked once: top-1, top-3, how many answers fall to 'one',
//    'several' and 'none' and how right the 'one' answers are; beside it the same reference.
// 3. Speed: first the search time per message of a bot as bench/chat-load.ts loads it, 1,000
//    made-up QnAs (MASSIVE phrases recombined, seeded) of a name and 10 variants in one tag; then
//    10,000 made-up QnAs of 10 variants each in 50 tags: build time and the memory it keeps, then
//    search time per message with a tag filter (OR of 2 tags + global) and with none; last, the
//    build as a bot's compile runs it (in a worker thread) and the longest the main thread goes
//    without a 10 ms timer's tick meanwhile.
// Last run (2 shared cores, often loaded by other work: times move two- to threefold):
//   validation: closest text alone 45.7 / 64.6 % (top-1 / top-3); + centroid 52.1 / 69.1 %;
//   + synonyms of the message's words no QnA has (chosen) 51.8 / 69.1 %; + synonyms of every
//   word 49.6 / 68.0 %; synonyms on the QnAs' side too 43.4 / 62.8 %; classifier 53.8 / 69.5 %.
//   MiniSearch 7.2.0 over the same normalisation and stems (one document per text, best document
//   per QnA; run outside the repository, not installed) 39.2 / 58.1 %, fuzzy 0.2 37.8 / 56.2 %,
//   and 0.9 s p95 per search over 10,000 QnAs (common words match most documents).
//   Not kept (each against 52.1 / 69.1 % without synonyms, or 51.8 / 69.1 % with them; a point is
//   36 phrases): centroid at 0.6 51.4 / 68.6 %, at 0.8 51.7 / 69.1 %; synonyms at 0.2 52.1 / 69.3 %,
//   at 0.5 50.8 / 68.7 %; word block at 1.5 50.9 / 68.2 %, at 0.7 52.0 / 69.1 %; unknown features
//   out of the length 51.7 / 69.0 %; 3- to 5-grams and words cut to 4 letters 51.5 / 69.3 %.
//   By scripts outside the repository: character n-grams of stems (texts and messages stemmed
//   before the features) 51.5 / 68.6 %,
//   of words and stems 52.0 / 69.3 %. A QnA's texts other than by the closest one, with the
//   centroid: mean of the best 2 texts 51.7 / 69.0 %, of the best 3 51.5 / 68.7 %, the best
//   squared 51.7 / 69.4 %, a soft maximum 51.5 / 68.6 %. BM25 (k1 1.2, b 0.75) over each QnA's
//   stems taken together, scaled by what the message's stems could score, alone 49.3 / 67.5 %,
//   added at 0.2 52.9 / 69.3 %, 0.4 52.9 / 70.0 %, 0.6 53.1 / 70.2 %, 1 52.7 / 69.8 % (k1 0.5 to
//   2 and b 1 within 0.3 points; its synonyms of unknown words too at 0.3 to 1: 52.9 to 52.6 %):
//   a point of top-1 that lifts every score, so the thresholds must move (floor 0.28, one 0.55,
//   lead 0.15 keep 'none' for 43.5 % of the phrases of a quarter of the intents left out of the
//   base, against 45.8 % now), and then a match by synonyms only ('¿y el precio?', 0.29) sits at
//   the floor, a lone common word ('de') scores 0.29 and the phrases of intents outside the base
//   get 7.2 % direct answers instead of 5.5 %: it does not pay. The search and the classifier at
//   half each 54.1 / 69.8 % (0.2 to 0.7 of the search: 54.0 to 54.2 %): the classifier carries
//   it, and it would need a training per deploy (compileBot), 22 s for 500 QnAs.
//   test: search 52.6 / 70.2 %, 'one' 461 (90.2 % right), 'several' 1,525, 'none' 988;
//   classifier 53.4 / 70.1 %. The budget of 60 / 80 % is not reached by either.
//   speed (load average 3.4): the 1,000 QnAs' bot p50 0.34 ms, p95 0.56 ms (before a search
//   walked only what its postings reach: 0.38 / 0.62 ms at load 0.6; both ways, one after the
//   other in one process, within 2 %). Its messages read about 62,000 postings each, six per
//   text (bench/chat-load.ts's bot's 106,000, ten per text): common words and their letter
//   n-grams reach nearly every text, so the search walks every QnA anyway, and reading the
//   postings is most of its time (the texts' ~52 %, the centroids' ~27 %, the walk ~11 %, the
//   message's vector ~6 %, the tags ~3 %, synonyms ~2 %). 10,000 QnAs: build 4.0 s, 129 MB
//   kept (495 MB peak), p50 2.5 / p95 4.8 ms with tags, 2.7 / 4.3 ms without, max 18 ms (before:
//   2.4 / 3.9 and 2.7 / 4.1 ms at load 0.6); in a worker thread 4.5 s, the main thread's longest
//   gap 22 ms (it was the whole build). Before the postings' 16-bit rows and the build's arrays
//   made at their size: 166 MB kept (553 MB peak; 1,000 QnAs 22 MB, now 18 MB); (load average
//   13): build 19.6 s, p95 19.0 / 17.8 ms. The classifier trains 500 QnAs × 10 phrases in 22 s,
//   1,000 in 60 s and 2,000 in 381 s (loaded): not for 10,000.
//   Since only the QnAs that may still rank among the best have their texts scored (bounded by their
//   texts' largest values, kept beside the centroids' postings; the same results), at load 9, each
//   version one after the other: bench/chat-load.ts's messages 0.40 ms of CPU per search (0.54 to
//   0.61 before); 10,000 QnAs p50 2.9 / 3.2 ms with tags and without (4.3 / 5.4 before), 144 MB kept
//   (128 before), 525 MB peak (479).
//   Since the features of more than 30 % of the QnAs are left out of the message's vector (kbIndex.ts),
//   at load 1 to 2: validation 51.8 / 69.1 % (the same), 'one' 574 (92.7 % right; 531 and 91.9 %
//   before); test 52.3 / 69.8 %, 'one' 501 (91.0 % right), 'none' 931. bench/chat-load.ts's bot p50
//   0.13 / p95 0.21 ms; 10,000 QnAs p50 0.53 / p95 1.09 ms with tags, 0.63 / 1.15 ms without, max
//   2.1 ms; build 4.1 s, 144 MB kept, 526 MB peak, the main thread's longest gap 29 ms. Left out at
//   30 % against 50 %: at the same thresholds, scaled back to length 1, 50 % keeps 'none' for 37.5 %
//   of the phrases of a quarter of the intents left out of the base and 30 % for 46.5 % (56.2 % with
//   every feature); scaled by the length to the power −0.8 instead, 30 % keeps 54.7 %.
//   Then each feature's idf counted over QnAs rather than texts (one QnA's texts repeating a word no
//   longer lower its weight), with the floor at 0.21 and 'one' at 0.44: validation 52.7 / 69.9 %,
//   'one' 590 (92.7 % right), 'none' 1,192, and 'none' for 56.2 % of the phrases of intents left out
//   (direct answers 3.0 %); test 53.0 / 70.6 %, 'one' 516 (90.3 % right), 'none' 971, against the
//   classifier's 53.4 / 70.1 %. Not kept beside it (validation top-1 / top-3): centroid at 0.6
//   52.5 / 70.0 %, 0.8 52.6 / 70.1 %, 0.9 51.9 / 69.9 %; synonyms at 0.2 52.7 / 69.8 %, 0.4 52.5 /
//   69.8 %; common features from 20 % 51.7 / 69.6 %; 2- to 5-grams 52.6 / 69.8 %; the words' block at
//   1.5 52.7 / 69.7 %; unknown features out of the norm 52.5 / 69.9 %; the synonyms' idf by QnAs too
//   52.8 / 69.9 %. Speed: the 1,000 QnAs' bot p50 0.14 / p95 0.23 ms; 10,000 QnAs p50 0.47 / p95
//   0.94 ms with tags, 0.57 / 1.00 ms without; build 4.3 s, 144 MB kept, 572 MB peak.
// Run: npm run bench -- qna   (or: npx tsx bench/qna.ts [validacion|massive|velocidad] ['<KbOptions as JSON>'])
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_KB_OPTIONS, KbIndex, type KbEntry, type KbOptions, type KbQuery } from '../server/src/engine/kb/kbIndex';
import { buildKbIndex } from '../server/src/engine/kb/kbBuild';
import { train } from '../server/src/engine/nlu/classifier';
import type { IntentModel } from '../server/src/engine/nlu/model';
import { DEFAULT_FEATURES } from '../server/src/engine/nlu/features';
import { random } from '../server/src/engine/nlu/linear';

const here = path.dirname(fileURLToPath(import.meta.url));
const PARTS = ['validacion', 'massive', 'velocidad'] as const;
const VARIANTS = 10;
const EVERYTHING: KbQuery = { tags: [], and: true, global: false };

interface Asked {
  text: string;
  id: string;
}

function readTsv(name: string): Asked[] {
  return fs
    .readFileSync(path.join(here, 'data', 'massive-es', name), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [id, text] = line.split('\t');
      return { id, text };
    });
}

/** One QnA per intent: its first phrase as the name, its first VARIANTS phrases as variants; and the intent's other phrases. */
function knowledgeBase(phrases: readonly Asked[]): { entries: KbEntry[]; rest: Asked[] } {
  const byIntent = new Map<string, string[]>();
  for (const p of phrases) byIntent.set(p.id, [...(byIntent.get(p.id) ?? []), p.text]);
  const entries = [...byIntent].map(([id, texts]) => ({ id, nm: texts[0], frases: texts.slice(0, VARIANTS), tags: ['t1'] }));
  const rest = [...byIntent].flatMap(([id, texts]) => texts.slice(VARIANTS).map((text) => ({ id, text })));
  return { entries, rest };
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
const ms = (x: number) => `${x.toFixed(2)} ms`;
const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** Top-1, top-3 and what the thresholds do, for a ranker. */
function score(asked: readonly Asked[], rank: (text: string) => string[], kindOf?: (text: string) => string) {
  let top1 = 0;
  let top3 = 0;
  const kinds = { one: 0, several: 0, none: 0 };
  let oneRight = 0;
  const times: number[] = [];
  for (const a of asked) {
    const started = performance.now();
    const ids = rank(a.text);
    times.push(performance.now() - started);
    if (ids[0] === a.id) top1++;
    if (ids.slice(0, 3).includes(a.id)) top3++;
    if (kindOf) {
      const kind = kindOf(a.text) as keyof typeof kinds;
      kinds[kind]++;
      if (kind === 'one' && ids[0] === a.id) oneRight++;
    }
  }
  times.sort((x, y) => x - y);
  return { top1: top1 / asked.length, top3: top3 / asked.length, kinds, oneRight, p95: quantile(times, 0.95) };
}

function printKb(label: string, index: KbIndex, asked: readonly Asked[], seconds: number) {
  const r = score(
    asked,
    (text) => index.rank(text, EVERYTHING).map((x) => x.id),
    (text) => index.search(text, EVERYTHING).kind,
  );
  const n = asked.length;
  console.log(
    `  ${label.padEnd(50)} top-1 ${pct(r.top1)}  top-3 ${pct(r.top3)}  one ${r.kinds.one} (${pct(r.oneRight / Math.max(1, r.kinds.one))} bien), several ${r.kinds.several}, none ${r.kinds.none} de ${n}; p95 ${ms(r.p95)}, índice ${seconds.toFixed(2)} s`,
  );
  return r;
}

function timedBuild(entries: readonly KbEntry[], options: Partial<KbOptions>) {
  const started = performance.now();
  const index = KbIndex.build(entries, options);
  return { index, seconds: (performance.now() - started) / 1000 };
}

/** The candidates compared, each from the module's defaults. */
const CANDIDATES: Array<[string, Partial<KbOptions>]> = [
  ['texto más cercano, sin sinónimos', { centroidWeight: 0, synonymWeight: 0 }],
  ['+ centroide, n-gramas de 2 a 5 letras', { synonymWeight: 0, features: DEFAULT_FEATURES }],
  ['+ centroide, n-gramas de 3 y 4 letras', { synonymWeight: 0 }],
  ['+ sinónimos de las palabras que ninguna QnA tiene', {}],
  ['+ sinónimos de todas las palabras del mensaje', { expandUnknownOnly: false }],
  ['+ sinónimos también en las QnAs', { expandUnknownOnly: false, expandTexts: true }],
  ['+ sinónimos con peso 0,15', { expandUnknownOnly: false, synonymWeight: 0.15 }],
];

function validation(extra?: Partial<KbOptions>) {
  const { entries, rest } = knowledgeBase(readTsv('train.tsv'));
  const asked = rest.filter((_, i) => i % 3 === 0);
  console.log(`Validación: ${entries.length} QnAs de ${VARIANTS} variantes (train.tsv), ${asked.length} frases de train.tsv que no son variantes`);
  const candidates: Array<[string, Partial<KbOptions>]> = extra ? [['opciones dadas', extra]] : CANDIDATES;
  for (const [label, options] of candidates) {
    const { index, seconds } = timedBuild(entries, options);
    printKb(label, index, asked, seconds);
  }
  if (!extra) {
    const model = reference(entries, asked);
    ensemble(entries, asked, model);
  }
}

function massive(extra?: Partial<KbOptions>) {
  const { entries } = knowledgeBase(readTsv('train.tsv'));
  const test = readTsv('test.tsv');
  console.log(`MASSIVE es-ES: ${entries.length} QnAs de ${VARIANTS} variantes (train.tsv), ${test.length} frases de test.tsv`);
  const { index, seconds } = timedBuild(entries, extra ?? {});
  const t = DEFAULT_KB_OPTIONS.thresholds;
  printKb(`búsqueda (umbrales ${t.floor}/${t.one}/${t.lead})`, index, test, seconds);
  reference(entries, test);
}

/** The intent classifier trained on the same variants, ranking the QnAs as it ranks skills. */
function reference(entries: readonly KbEntry[], asked: readonly Asked[]): IntentModel {
  const started = performance.now();
  const model = train(entries.flatMap((e) => e.frases.map((text) => ({ text, skillId: e.id }))));
  const trainSeconds = (performance.now() - started) / 1000;
  const r = score(asked, (text) => model.classify(text).map((c) => c.skillId));
  console.log(`  ${'referencia: clasificador (TF-IDF + SVM)'.padEnd(50)} top-1 ${pct(r.top1)}  top-3 ${pct(r.top3)}; p95 ${ms(r.p95)}, entrenamiento ${trainSeconds.toFixed(2)} s`);
  return model;
}

/** The search's scores and the classifier's (calibrated, 0 to 1) added at half each, for every QnA. */
function ensemble(entries: readonly KbEntry[], asked: readonly Asked[], model: IntentModel) {
  const index = KbIndex.build(entries);
  const r = score(asked, (text) => {
    const both = new Map(entries.map((e) => [e.id, 0]));
    for (const x of index.rank(text, EVERYTHING, entries.length)) both.set(x.id, x.score / 2);
    for (const c of model.classify(text)) both.set(c.skillId, (both.get(c.skillId) ?? 0) + c.score / 2);
    return [...both].sort((a, b) => b[1] - a[1]).map(([id]) => id);
  });
  console.log(`  ${'búsqueda + clasificador, mitad cada uno'.padEnd(50)} top-1 ${pct(r.top1)}  top-3 ${pct(r.top3)}; p95 ${ms(r.p95)}`);
}

/** Made-up QnAs: each variant joins the start of one MASSIVE phrase to the end of another, seeded; with `named`, a name of its own besides the variants. */
function syntheticKb(count: number, tags: number, named = false): { entries: KbEntry[]; asked: string[] } {
  const phrases = readTsv('train.tsv').map((p) => p.text.split(' '));
  const next = random(3);
  const pick = () => phrases[Math.floor(next() * phrases.length)];
  const phrase = () => {
    const a = pick();
    const b = pick();
    return [...a.slice(0, Math.ceil(a.length / 2)), ...b.slice(Math.floor(b.length / 2))].join(' ');
  };
  const entries = Array.from({ length: count }, (_, q) => {
    const frases = Array.from({ length: VARIANTS }, phrase);
    const nm = named ? phrase() : frases[0];
    const tag = q % tags;
    return { id: `q${q}`, nm, frases, tags: [`t${tag}`, ...(q % 7 === 0 ? [`t${(tag + 1) % tags}`] : [])] };
  });
  const asked = Array.from({ length: 1000 }, phrase);
  return { entries, asked };
}

/** The longest the main thread goes without a tick of a 10 ms timer while `work` runs (and one tick after). */
async function longestGap(work: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const ticks = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 10);
  await work();
  await new Promise((resolve) => setTimeout(resolve, 30));
  clearInterval(ticks);
  return longest;
}

/** Search times per message, p50, p95 and the longest, after a warm-up. */
function searchTimes(index: KbIndex, asked: readonly string[], query: KbQuery): string {
  for (const text of asked.slice(0, 100)) index.search(text, query);
  const times = asked.map((text) => {
    const started = performance.now();
    index.search(text, query);
    return performance.now() - started;
  });
  times.sort((x, y) => x - y);
  return `p50 ${ms(quantile(times, 0.5))}  p95 ${ms(quantile(times, 0.95))}  máx ${ms(times[times.length - 1])}`;
}

async function speed(extra?: Partial<KbOptions>) {
  // A bot as bench/chat-load.ts loads it: 1,000 QnAs of a name and 10 variants, all in one tag.
  const small = syntheticKb(1_000, 1, true);
  const smallIndex = KbIndex.build(small.entries, extra ?? {});
  console.log(`Velocidad: ${small.entries.length} QnAs inventadas de un nombre y ${VARIANTS} variantes en 1 etiqueta`);
  console.log(`  búsqueda ${'etiqueta t0'.padEnd(28)} ${searchTimes(smallIndex, small.asked, { tags: ['t0'], and: false, global: true })}`);
  const { entries, asked } = syntheticKb(10_000, 50);
  // Typed arrays' memory is given back after a collection, not during it: a few, with a pause.
  const held = async () => {
    for (let i = 0; i < 3; i++) {
      globalThis.gc?.();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const before = await held();
  const { index, seconds } = timedBuild(entries, extra ?? {});
  const heap = (await held()) - before;
  console.log(`Velocidad: ${entries.length} QnAs inventadas de ${VARIANTS} variantes en 50 etiquetas`);
  console.log(`  índice: ${seconds.toFixed(2)} s, memoria que queda ocupada ${(heap / 1e6).toFixed(0)} MB (montón y arrays), pico del proceso ${(process.resourceUsage().maxRSS / 1e3).toFixed(0)} MB${globalThis.gc ? '' : ' (sin --expose-gc: aproximado)'}`);
  const filtered: KbQuery = { tags: ['t3', 't17'], and: false, global: true };
  for (const [label, query] of [
    ['etiquetas t3 O t17, más t0', filtered],
    ['sin filtro', EVERYTHING],
  ] as const) {
    console.log(`  búsqueda ${label.padEnd(28)} ${searchTimes(index, asked, query)}`);
  }
  // As a bot is compiled: a big index is built in a worker thread, while the main thread goes on.
  const started = performance.now();
  const stopped = await longestGap(() => buildKbIndex(entries));
  console.log(`  índice al compilar el bot, en un hilo aparte: ${((performance.now() - started) / 1000).toFixed(2)} s, el hilo principal sin responder ${stopped.toFixed(0)} ms como mucho`);
}

const part = process.argv[2];
const extra = process.argv[3] ? (JSON.parse(process.argv[3]) as Partial<KbOptions>) : undefined;
if (part === 'validacion') validation(extra);
else if (part === 'massive') massive(extra);
else if (part === 'velocidad') await speed(extra);
else {
  const tsx = path.join(here, '..', 'node_modules', '.bin', 'tsx');
  for (const p of PARTS) {
    const run = spawnSync(tsx, ['--expose-gc', fileURLToPath(import.meta.url), p], { stdio: 'inherit' });
    if (run.status !== 0) process.exitCode = run.status ?? 1;
  }
}
