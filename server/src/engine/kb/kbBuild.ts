// A knowledge base's index for a bot being compiled. A small one is built here at once; a big one
// in a worker thread, so conversations on this instance go on meanwhile, and its typed arrays come
// back transferred. The worker has the training's memory bound and time limit: past either it is
// stopped and the build fails with the training's Spanish reason.
import type { Worker } from 'node:worker_threads';
import { runBounded } from '../boundedWorker';
import { TRAINING_MEMORY_MESSAGE, TrainingLimitError, trainingTimeoutMessage, type TrainingLimits } from '../training';
import { KbIndex, type KbEntry, type KbIndexData } from './kbIndex';

/**
 * Up to this many texts (names and variants) the index is built here: 1,000 take about 70 ms, a
 * worker about 0.5 s whatever the size (most of it loading the code). Past it the event loop would
 * stop for as long as the build: 0.1 s for 2,000 texts, 0.4 s for 10,000, 4 to 7 s for 100,000.
 */
export const INLINE_KB_TEXTS = 1_000;

/** Index workers alive now (each ends with its build, or is terminated at its limit). */
const live = new Set<Worker>();
export const liveKbWorkers = (): number => live.size;

/** The index of the QnAs, built here or, past INLINE_KB_TEXTS texts, in a worker thread. */
export async function buildKbIndex(entries: readonly KbEntry[], limits?: TrainingLimits): Promise<KbIndex> {
  const texts = entries.reduce((n, e) => n + 1 + e.frases.length, 0);
  if (texts <= INLINE_KB_TEXTS) return KbIndex.build(entries);
  return KbIndex.fromData(await inWorker(entries, limits));
}

/** The index's data, built in a worker thread. */
export function inWorker(entries: readonly KbEntry[], limits?: TrainingLimits): Promise<KbIndexData> {
  return runBounded<{ data: KbIndexData }, KbIndexData>({
    entry: new URL('./kbWorker.mjs', import.meta.url),
    workerData: { entries: entries.map((e) => ({ id: e.id, nm: e.nm, frases: e.frases, tags: e.tags })) },
    limits,
    live,
    answer: (m) => m.data,
    timeout: () => new TrainingLimitError(trainingTimeoutMessage(limits?.timeoutMs ?? 0)),
    memory: () => new TrainingLimitError(TRAINING_MEMORY_MESSAGE),
    noAnswer: (code) => new Error(`el índice de la base de conocimiento terminó sin datos (código ${code})`),
  });
}
