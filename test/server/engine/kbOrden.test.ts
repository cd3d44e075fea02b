// The knowledge-base search's ranking against a plain reference kept here: every QnA the query
// reaches, every text of each one, scored as the index's header says. The index walks only what a
// message reaches when its features have few postings; both ways must give the same scores, in the
// same order, with the same ties.
import { describe, expect, it, vi } from 'vitest';
import { GLOBAL_TAG, KbIndex, type KbEntry, type KbIndexData, type KbQuery, type KbResult, type Postings } from '../../../server/src/engine/kb/kbIndex';
import { synonymTable } from '../../../server/src/engine/kb/synonyms';
import { Vocabulary } from '../../../server/src/engine/nlu/features';
import { random } from '../../../server/src/engine/nlu/linear';
import { normalize, stem } from '../../../server/src/engine/nlu/normalize';

const BLOCK_ROWS = 65_536;

function add(p: Postings, idx: Int32Array, val: Float32Array | Float64Array, n: number, weight: number, scores: Float32Array): void {
  p.forEach(({ ptr, row, val: posted }, b) => {
    for (let k = 0; k < n; k++) {
      const q = weight * val[k];
      for (let at = ptr[idx[k]]; at < ptr[idx[k] + 1]; at++) scores[b * BLOCK_ROWS + row[at]] += q * posted[at];
    }
  });
}

/** What `rank` gives, from the index's data: every text of every QnA the query may reach. */
function referenceRank(data: KbIndexData, text: string, query: KbQuery, limit: number): KbResult[] {
  const clean = normalize(text);
  const qnas = data.ids.length;
  if (!clean || qnas === 0) return [];
  const { centroidWeight, synonymWeight, expandUnknownOnly } = data.options;
  const vector = { idx: new Int32Array(8), val: new Float32Array(8) };
  const n = new Vocabulary(data.hashes, data.idf, data.unknownIdf, data.options.features).vectorOfNormalized(clean, vector);
  const words = new Float32Array(data.first[qnas]);
  const centroids = new Float32Array(qnas);
  const synonyms = new Float32Array(data.first[qnas]);
  add(data.words, vector.idx, vector.val, n, 1, words);
  add(data.centroids, vector.idx, vector.val, n, 1, centroids);

  const stems = new Map(data.stems.map((s, id) => [s, id]));
  const message = clean.split(' ');
  const brought = new Set<number>();
  for (const word of expandUnknownOnly ? message.filter((w) => !stems.has(stem(w))) : message) {
    for (const s of [word, ...(synonymTable().get(word) ?? [])]) if (stems.has(stem(s))) brought.add(stems.get(stem(s))!);
  }
  for (const word of message) brought.delete(stems.get(stem(word)) ?? -1);
  const hasSynonyms = synonymWeight > 0 && brought.size > 0;
  if (hasSynonyms) {
    let norm = 0;
    for (const s of new Set(message.map(stem))) norm += (stems.has(s) ? data.conceptIdf[stems.get(s)!] : data.unknownConceptIdf) ** 2;
    const idx = Int32Array.from([...brought].sort((a, b) => a - b));
    add(data.concepts, idx, Float64Array.from(idx, (id) => data.conceptIdf[id]), idx.length, 1 / Math.sqrt(norm), synonyms);
  }

  const tagsOf = (q: number) => data.tags.filter((_, i) => data.tagQnas.subarray(data.tagPtr[i], data.tagPtr[i + 1]).includes(q));
  const reaches = (q: number) => {
    const own = tagsOf(q);
    if (query.global && own.includes(GLOBAL_TAG)) return true;
    return query.and ? query.tags.every((t) => own.includes(t)) : query.tags.some((t) => own.includes(t));
  };
  const scored: KbResult[] = [];
  for (let q = 0; q < qnas; q++) {
    if (!reaches(q)) continue;
    let best = 0;
    let synonym = 0;
    for (let t = data.first[q]; t < data.first[q + 1]; t++) {
      best = Math.max(best, words[t]);
      if (hasSynonyms) synonym = Math.max(synonym, synonyms[t]);
    }
    const score = (1 - centroidWeight) * best + centroidWeight * centroids[q] + synonymWeight * synonym;
    if (score > 0) scored.push({ id: data.ids[q], score });
  }
  // A stable sort: equal scores stay in the order of the entries.
  return scored
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((r) => ({ id: r.id, score: Math.min(1, r.score) }));
}

const COMMON = ['quiero', 'saber', 'el', 'la', 'de', 'mi', 'cómo', 'cuánto', 'cuesta', 'precio', 'envío', 'horario', 'pago', 'tarjeta', 'cuenta', 'factura', 'reclamo', 'hablar', 'con', 'una', 'persona'];
// Words of the synonym table that no QnA has: 'coste' brings 'precio', a common word of the QnAs;
// 'pedido' brings 'remesa', one that few texts have.
const SYNONYMS = ['coste', 'abonar', 'clave', 'pedido', 'garantía', 'cita', 'sede'];
const SCARCE = ['remesa', 'respaldo', 'entrevista', 'ubicación'];

/** A seeded base: common words and invented ones (a few QnAs alike, a few texts repeated), in tags t0 to t4. */
function base(next: () => number, count: number): { entries: KbEntry[]; rare: string[] } {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const rare = Array.from({ length: count }, () => Array.from({ length: 3 }, () => `${pick([...'bcdfgjklmnprstvz'])}${pick([...'aeiou'])}`).join(''));
  const phrase = (q: number) => Array.from({ length: 2 + Math.floor(next() * 5) }, () => (next() < 0.3 ? rare[q] : next() < 0.05 ? pick(SCARCE) : pick(COMMON))).join(' ');
  const entries = Array.from({ length: count }, (_, q) => {
    const frases = Array.from({ length: 1 + Math.floor(next() * 4) }, () => phrase(q));
    if (next() < 0.1) frases.push(frases[0]);
    const tags = [`t${Math.floor(next() * 5)}`, ...(next() < 0.3 ? [`t${Math.floor(next() * 5)}`] : [])];
    return { id: `q${q}`, nm: phrase(q), frases, tags };
  });
  // Twins: the same QnA under another id, to tie.
  for (let q = 0; q < count; q += 17) entries.splice(q + 1, 0, { ...entries[q], id: `${entries[q].id}-bis` });
  return { entries, rare };
}

function queries(next: () => number, rare: readonly string[], count: number): Array<{ text: string; query: KbQuery; limit: number }> {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const typo = (w: string) => (next() < 0.2 && w.length > 3 ? w.slice(0, -1) : w);
  return Array.from({ length: count }, () => {
    const kind = next();
    // One or two rare words (or words that bring scarce ones) reach few texts; a longer message with common words reaches most.
    const words = kind < 0.4 ? Array.from({ length: 1 + Math.floor(next() * 2) }, () => (next() < 0.3 ? pick(SYNONYMS.slice(3)) : pick(rare))) : Array.from({ length: 1 + Math.floor(next() * 7) }, () => pick(next() < 0.2 ? SYNONYMS : next() < 0.5 ? rare : COMMON));
    const tags = Array.from({ length: Math.floor(next() * 3) }, () => pick(['t0', 't1', 't2', 't3', 't4', 't9']));
    return { text: words.map(typo).join(' '), query: { tags, and: next() < 0.5, global: next() < 0.5 }, limit: 1 + Math.floor(next() * 8) };
  });
}

describe('orden de la búsqueda en la base de conocimiento', () => {
  it('da los mismos puntajes, en el mismo orden y con los mismos empates que la referencia, en muchas búsquedas al azar', () => {
    const next = random(11);
    // Both ways of walking are taken: the test would prove little otherwise.
    const reached = vi.spyOn(KbIndex.prototype as unknown as { rankReached: () => void }, 'rankReached');
    const all = vi.spyOn(KbIndex.prototype as unknown as { rankAll: () => void }, 'rankAll');
    for (const [count, options] of [
      [400, {}],
      [150, { expandUnknownOnly: false }],
      [300, { synonymWeight: 0 }],
    ] as const) {
      const { entries, rare } = base(next, count);
      const index = KbIndex.build(entries, options);
      const { data } = index.toData();
      for (const { text, query, limit } of queries(next, rare, 600)) {
        expect(index.rank(text, query, limit), text).toEqual(referenceRank(data, text, query, limit));
      }
    }
    expect(reached.mock.calls.length).toBeGreaterThan(300);
    expect(all.mock.calls.length).toBeGreaterThan(300);
  });
});
