// The knowledge base's index for a bot being compiled: a small one is built at once, a big one in a
// worker thread that never stops the conversations and comes back as transferred buffers that search
// like the index built in place; a worker past its time limit or that fails is gone all the same.
import { describe, expect, it } from 'vitest';
import { KbIndex, type KbEntry, type KbQuery } from '../../../server/src/engine/kb/kbIndex';
import { buildKbIndex, INLINE_KB_TEXTS, inWorker, liveKbWorkers } from '../../../server/src/engine/kb/kbBuild';
import { TrainingLimitError, trainingTimeoutMessage } from '../../../server/src/engine/training';

const TOPICS = ['precio', 'horario', 'envío', 'reclamo', 'factura', 'garantía', 'cuenta', 'pago', 'cita', 'sede'];
const FORMS = ['quiero saber sobre {t}', 'consulta de {t}', 'tengo una duda con {t}', 'me ayudas con {t}', 'información de {t} por favor'];
const TODAS: KbQuery = { tags: [], and: true, global: true };

/** `count` QnAs of `variants` variants, each about its own topic and number, in 20 tags. */
function qnas(count: number, variants: number): KbEntry[] {
  return Array.from({ length: count }, (_, q) => ({
    id: `q${q}`,
    nm: `${TOPICS[q % TOPICS.length]} número ${q}`,
    frases: Array.from({ length: variants }, (_, i) => `${FORMS[i % FORMS.length].replace('{t}', TOPICS[q % TOPICS.length])} número ${q} caso ${i}`),
    tags: [`t${q % 20}`],
  }));
}

const askedOf = (entries: readonly KbEntry[]) => [entries[0].frases[1], entries.at(-1)!.frases[2], entries.at(-2)!.nm, 'una duda con la factura', '¿y el precio?', 'número 4321'];

describe('índice de la base de conocimiento', () => {
  it('pasado a otro hilo transfiriendo sus arrays, busca igual que el construido en el lugar', () => {
    const entries = qnas(120, 6);
    const built = KbIndex.build(entries);
    const expected = askedOf(entries).map((text) => built.rank(text, TODAS, 10));
    const { data, transfer } = built.toData();
    const moved = structuredClone(data, { transfer });
    // Transferred, not copied: the sender keeps empty buffers.
    expect(data.words[0].val.byteLength).toBe(0);
    expect(data.hashes.byteLength).toBe(0);
    const again = KbIndex.fromData(moved);
    expect(askedOf(entries).map((text) => again.rank(text, TODAS, 10))).toEqual(expected);
  });

  it('una base pequeña se indexa en el momento, sin hilo', async () => {
    const entries = qnas(50, 9);
    expect(entries.length * 10).toBeLessThanOrEqual(INLINE_KB_TEXTS);
    const building = buildKbIndex(entries);
    expect(liveKbWorkers()).toBe(0);
    expect((await building).rank('consulta de horario número 31 caso 1', TODAS)[0]?.id).toBe('q31');
  });

  it('una base grande se indexa en un hilo aparte, y responde como la construida en el lugar', async () => {
    // More than 65,536 texts: the postings of the last ones are in a second block. How long the main
    // thread waits meanwhile is bench/qna.ts's figure (a timed assertion would depend on the machine's load).
    const entries = qnas(6_600, 10);
    const building = buildKbIndex(entries);
    const threads = liveKbWorkers();
    const index = await building;
    expect(threads).toBe(1);
    expect(liveKbWorkers()).toBe(0);

    // A QnA's own variant, among the last texts: that text's closeness (1) counts, not only the centroid's.
    const own = index.rank('consulta de envío número 6592 caso 1', TODAS)[0];
    expect(own?.id).toBe('q6592');
    expect(own?.score).toBeGreaterThan(0.8);
    expect(index.rank('información de cita número 6598 caso 4 por favor', { tags: ['t18'], and: true, global: false })[0]?.id).toBe('q6598');
    const inPlace = KbIndex.build(entries);
    for (const text of askedOf(entries)) expect(index.rank(text, TODAS, 10)).toEqual(inPlace.rank(text, TODAS, 10));
  }, 120_000);

  it('una QnA con frases a ambos lados de las 65.536 primeras responde igual que puntuando todas las frases', () => {
    // 5,960 QnAs of 11 texts: QnA 5957 owns texts 65,527 to 65,537, its last two in the second block.
    const entries = Array.from({ length: 5_960 }, (_, q) => ({
      id: `q${q}`,
      nm: `${TOPICS[q % TOPICS.length]} ${q}`,
      frases: Array.from({ length: 10 }, (_, i) => `${TOPICS[(q + i) % TOPICS.length]} ${q} ${i}`),
      tags: ['t0'],
    }));
    const index = KbIndex.build(entries);
    for (const text of ['cuenta 5957 9', 'garantía 5957 8', 'pago 5957', 'precio 5957 3', 'envío', 'cuenta 57']) {
      expect(index.rank(text, TODAS)).toEqual(index.rank(text, TODAS, entries.length).slice(0, 3));
    }
    expect(index.rank('cuenta 5957 9', TODAS)[0]).toEqual({ id: 'q5957', score: expect.any(Number) });
  }, 60_000);

  it('un hilo que supera el tiempo máximo se detiene y la construcción falla con el motivo', async () => {
    const building = buildKbIndex(qnas(3_000, 10), { timeoutMs: 50, maxMemoryMb: 512 });
    expect(liveKbWorkers()).toBe(1);
    const error = await building.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TrainingLimitError);
    expect((error as Error).message).toBe(trainingTimeoutMessage(50));
    expect(liveKbWorkers()).toBe(0);
  }, 60_000);

  it('un hilo que falla se cierra y la construcción falla con su error', async () => {
    const broken = [{ id: 'x', nm: 'hola', frases: null, tags: [] }] as unknown as KbEntry[];
    await expect(inWorker(broken, { timeoutMs: 60_000, maxMemoryMb: 512 })).rejects.toThrow(TypeError);
    expect(liveKbWorkers()).toBe(0);
  }, 60_000);
});
