// How a message is scored (server/src/engine/nlu: normalize, features, model, matcher) against a
// straightforward computation kept here: the classifier's way of scoring as first written, string
// by string and sort by sort. The scores must agree to the last bit, so that stored models answer
// exactly as they did.
import { NormalizerEs } from '@nlpjs/lang-es';
import { beforeAll, describe, expect, it } from 'vitest';
import { syntheticBot } from '../../../bench/nlu/synthetic';
import { calibratedScores } from '../../../server/src/engine/nlu/calibration';
import { IntentModel, train, type SerializedModel } from '../../../server/src/engine/nlu/classifier';
import { DEFAULT_FEATURES, rawFeatures, sortUint32, Vocabulary, type FeatureOptions, type RawFeatures, type SparseVector } from '../../../server/src/engine/nlu/features';
import { Matcher, type MatchCandidate, type MatchOptions, type MatchSkill } from '../../../server/src/engine/nlu/matcher';
import { MAX_TEXT } from '../../../server/src/engine/nlu/model';
import { normalize, slowNormalize, stem } from '../../../server/src/engine/nlu/normalize';
import { FRASES, INEDITAS, SIN_SENTIDO, SKILLS, phrasesOf } from './nluBot';

// ---- The reference: each step as it reads. ----

const nlp = new NormalizerEs();
const refNormalize = (text: string) =>
  nlp
    .normalize(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/(\p{L})\1{2,}/gu, '$1')
    .trim();

function fnv(tag: number, text: string): number {
  let h = Math.imul(0x811c9dc5 ^ tag, 0x01000193) >>> 0;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** FNV-1a of a whole phrase, as the exact matches are found. */
function phraseFnv(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** Stems with their pairs and skipped pairs, cut words with their pairs, character n-grams: each block sorted and counted. */
function refRaw(text: string, options: FeatureOptions): RawFeatures {
  const clean = refNormalize(text);
  const word: number[] = [];
  const char: number[] = [];
  const tokens = clean ? clean.split(' ') : [];
  if (tokens.length) {
    const stems = ['\u0002', ...tokens.map(stem), '\u0002'];
    for (let i = 1; i < stems.length; i++) {
      if (i < stems.length - 1) word.push(fnv(1, stems[i]));
      word.push(fnv(2, `${stems[i - 1]} ${stems[i]}`));
      if (i >= 3 && i < stems.length - 1) word.push(fnv(3, `${stems[i - 2]} ${stems[i]}`));
    }
    if (options.prefix > 0) {
      const cut = ['\u0002', ...tokens.map((t) => t.slice(0, options.prefix)), '\u0002'];
      for (let i = 1; i < cut.length; i++) {
        if (i < cut.length - 1) word.push(fnv(5, cut[i]));
        word.push(fnv(6, `${cut[i - 1]} ${cut[i]}`));
      }
    }
    for (const token of tokens) {
      const padded = ` ${token} `;
      for (let start = 0; start < padded.length; start++)
        for (let n = options.charMin; n <= options.charMax && start + n <= padded.length; n++) char.push(fnv(4, padded.slice(start, start + n)));
    }
  }
  const hashes: number[] = [];
  const counts: number[] = [];
  const block = (list: number[]) => {
    const sorted = [...list].sort((a, b) => a - b);
    sorted.forEach((h, i) => {
      if (i > 0 && h === sorted[i - 1]) counts[counts.length - 1] = Math.min(counts[counts.length - 1] + 1, 65_535);
      else {
        hashes.push(h);
        counts.push(1);
      }
    });
  };
  block(word);
  const words = hashes.length;
  block(char);
  return { hashes: Uint32Array.from(hashes), counts: Uint16Array.from(counts), words };
}

/** TF-IDF per block, each normalised and weighted, the features in increasing order (the word block's first for a feature in both). */
function refVector(vocabulary: Vocabulary, raw: RawFeatures): SparseVector {
  const featureOf = new Map<number, number>();
  vocabulary.hashes.forEach((h, i) => featureOf.set(h, i));
  const { wordWeight, unknownInNorm } = vocabulary.options;
  const entries: Array<{ feature: number; place: number; value: number }> = [];
  for (const [from, to, weight] of [[0, raw.words, wordWeight], [raw.words, raw.hashes.length, 1]]) {
    const block: typeof entries = [];
    let norm = 0;
    for (let k = from; k < to; k++) {
      const tf = 1 + Math.log(raw.counts[k]);
      const feature = featureOf.get(raw.hashes[k]);
      if (feature === undefined) {
        if (unknownInNorm) norm += (tf * vocabulary.unknownIdf) ** 2;
        continue;
      }
      const value = tf * vocabulary.idf[feature];
      block.push({ feature, place: entries.length + block.length, value });
      norm += value * value;
    }
    const scale = norm > 0 ? weight / Math.sqrt(norm) : 0;
    for (const e of block) entries.push({ ...e, value: e.value * scale });
  }
  entries.sort((a, b) => a.feature - b.feature || a.place - b.place);
  const scale = 1 / Math.hypot(wordWeight, 1);
  return { idx: Int32Array.from(entries, (e) => e.feature), val: Float32Array.from(entries, (e) => e.value * scale) };
}

/** Every class's bias plus its weights times the features, in the features' order, plus the length term. */
function refScore(model: IntentModel, message: string): { scores: Float64Array; exact: number } {
  const k = model.skills.length;
  const text = message.slice(0, MAX_TEXT);
  const v = refVector(model.vocabulary, refRaw(text, model.vocabulary.options));
  const { rowPtr, cls, w, bias, mass } = model.weights;
  const margins = Float64Array.from(bias);
  let sum = 0;
  let squares = 0;
  v.idx.forEach((f, p) => {
    sum += v.val[p];
    squares += v.val[p] * v.val[p];
    for (let q = rowPtr[f]; q < rowPtr[f + 1]; q++) margins[cls[q]] += w[q] * v.val[p];
  });
  if (mass) for (let m = 0; m < k; m++) margins[m] += mass[m] * sum;
  const scores = new Float64Array(k);
  calibratedScores(model.calibration, margins, Math.sqrt(squares), scores);
  const phrase = phraseFnv(refNormalize(text));
  const { hashes, skill } = model.exactPhrases;
  const at = hashes.indexOf(phrase);
  const exact = at >= 0 ? skill[at] : -1;
  if (exact >= 0) scores[exact] = 1;
  return { scores, exact };
}

/** The bytes of the scores, so that any difference shows, down to the sign of a zero. */
const bits = (scores: Float64Array) => Buffer.from(scores.buffer, scores.byteOffset, scores.byteLength).toString('hex');

// ---- What is compared. ----

const RAROS = [
  '',
  '  ¿¡?!  ',
  'HOLAAAA!!! siiiiii 111 aaa',
  'canción'.normalize('NFD'),
  'a\u0301aa llaamaa',
  'İstanbul ΣΊΣΥΦΟΣ straße Ǆemal ª º ½ ² ①',
  'emoji 😀 👍🏽 al final',
  '日本語のテキスト',
  'correo: ana@empresa.com / tel. (01) 555-1234',
  'precio '.repeat(1000),
  '¿a qué hora abren? '.repeat(300),
];

let model: IntentModel;
let stored: IntentModel;
let synthetic: IntentModel;
let syntheticTexts: string[];
beforeAll(() => {
  model = train(phrasesOf(FRASES));
  // A model stored before the cut words and naive Bayes (features without `prefix`, no `mass`).
  const before = JSON.parse(JSON.stringify(train(phrasesOf(FRASES), { features: { ...DEFAULT_FEATURES, prefix: 0 }, naiveBayes: { alpha: 0.01, weight: 0 } })));
  delete before.features.prefix;
  stored = IntentModel.fromJSON(before as SerializedModel);
  const bot = syntheticBot(12, 20);
  synthetic = train(bot.flatMap((s) => s.frases.map((text) => ({ text, skillId: s.id }))));
  syntheticTexts = bot.flatMap((s) => [...s.unseen, ...s.frases.slice(0, 3)]);
});

const TEXTS = () => [...INEDITAS.map(([t]) => t), ...SIN_SENTIDO, ...Object.values(FRASES).flat(), ...RAROS];

describe('puntajes del clasificador', () => {
  it('son los del cálculo de referencia, bit a bit, con un modelo recién entrenado y con uno guardado antes', () => {
    for (const [m, texts] of [[model, TEXTS()], [stored, TEXTS()], [synthetic, [...syntheticTexts, ...RAROS]]] as const) {
      for (const text of texts) {
        const got = m.score(text);
        const want = refScore(m, text);
        expect({ text, scores: bits(got.scores), exact: got.exact }).toEqual({ text, scores: bits(want.scores), exact: want.exact });
      }
    }
  });

  it('los rasgos y el vector de una frase son los de referencia, también con un vocabulario desordenado', () => {
    const { vocabulary } = synthetic;
    // The same vocabulary in another order: its features no longer follow their hashes.
    const order = Array.from(vocabulary.hashes.keys()).reverse();
    const shuffled = new Vocabulary(Uint32Array.from(order, (i) => vocabulary.hashes[i]), Float32Array.from(order, (i) => vocabulary.idf[i]), vocabulary.unknownIdf, vocabulary.options);
    for (const text of [...syntheticTexts.slice(0, 40), ...RAROS]) {
      const raw = rawFeatures(text, vocabulary.options);
      expect(raw).toEqual(refRaw(text, vocabulary.options));
      for (const v of [vocabulary, shuffled]) {
        expect(v.vectorize(raw)).toEqual(refVector(v, raw));
        expect(v.vector(text)).toEqual(refVector(v, raw));
      }
    }
  });
});

describe('normalize', () => {
  it('da lo mismo que NLP.js y las dos sustituciones, para cada carácter y cada par de los primeros', () => {
    for (let c = 0; c < 0x10000; c++) {
      const text = `${String.fromCharCode(c)}x${String.fromCharCode(c, c, c)}`;
      if (normalize(text) !== refNormalize(text)) expect({ c, text: normalize(text) }).toEqual({ c, text: refNormalize(text) });
    }
    for (let a = 0; a < 0x380; a++) {
      for (let b = 0; b < 0x380; b++) {
        const text = String.fromCharCode(a, b, b, a);
        if (normalize(text) !== refNormalize(text)) expect({ a, b, text: normalize(text) }).toEqual({ a, b, text: refNormalize(text) });
      }
    }
    for (const text of [...TEXTS(), 'x'.repeat(100_000), 'ab '.repeat(50_000)]) expect(normalize(text)).toBe(refNormalize(text));
    expect(slowNormalize('¿Qué HORARIO tienen?!')).toBe('que horario tienen');
  });
});

describe('sortUint32', () => {
  it('ordena como el sort de un Uint32Array, solo los primeros n', () => {
    let seed = 7;
    const next = () => (seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0);
    const kinds = [() => next(), () => next() % 3, () => 7, (i: number) => i, (i: number) => 1000 - i, (i: number) => (i % 2 ? i : 0xffffffff - i)];
    for (const kind of kinds) {
      for (const n of [0, 1, 2, 16, 17, 18, 40, 131, 500, 5000]) {
        const values = Uint32Array.from({ length: n + 2 }, (_, i) => kind(i));
        const sorted = values.slice();
        sortUint32(sorted, n);
        expect(sorted).toEqual(Uint32Array.from([...values.subarray(0, n).sort(), ...values.subarray(n)]));
      }
    }
  });
});

describe('matcher', () => {
  const rank = (c: MatchCandidate) => (!c.passed ? 0 : c.reason === 'palabraClave' || c.reason === 'tokens' ? 2 : 1);
  /** Every skill's candidate, sorted as the matcher first did: rank, score, then the definition's order. */
  const reference = (matcher: Matcher, skills: MatchSkill[], text: string, options: MatchOptions) => {
    const all = matcher.match(text, { limit: skills.length }).candidates;
    const candidates = skills.map((s) => all.find((c) => c.skillId === s.id)!);
    candidates.sort((a, b) => rank(b) - rank(a) || b.score - a.score);
    const winner = candidates[0]?.passed ? candidates[0] : undefined;
    const shown = candidates.slice(0, options.limit ?? 10);
    const asked = options.skillId !== undefined && !shown.some((c) => c.skillId === options.skillId) ? candidates.find((c) => c.skillId === options.skillId) : undefined;
    if (asked) shown.push(asked);
    return { skillId: winner?.skillId ?? 'noEntiendo', score: winner?.score ?? 0, recognised: !!winner, candidates: shown };
  };

  it('elige y ordena los candidatos como ordenando todos, con o sin palabras clave y tokens', () => {
    const keywords: MatchSkill[] = SKILLS.map((s) =>
      s.id === 'horario' ? { ...s, keywordIncluye: ['abren'], keywordExcluye: ['precio'] } : s.id === 'precios' ? { ...s, modToken: true, tokens: [{ nm: 'cuánto', obl: true }] } : s,
    );
    for (const skills of [SKILLS, keywords, SKILLS.map((s) => ({ ...s, threshold: 0 }))]) {
      const matcher = new Matcher(skills, model);
      expect(skills.find((s) => s.tipo === 1)?.id).toBe('noEntiendo');
      for (const text of TEXTS()) {
        for (const options of [{}, { limit: 0 }, { limit: 1 }, { limit: 3 }, { limit: 2.5 }, { limit: -2 }, { limit: 3, skillId: 'noEntiendo' }, { limit: 1, skillId: 'precios' }, { limit: 0, skillId: 'horario' }]) {
          const got = matcher.match(text, options);
          expect({ text, options, ...got, fallback: undefined }).toEqual({ text, options, ...reference(matcher, skills, text, options), fallback: undefined });
        }
      }
    }
  });
});
