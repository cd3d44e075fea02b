// A bot's model, for a deploy or for the test chat's working definition. A small bot trains here
// at once; a big one trains in a worker thread, so conversations on this instance go on meanwhile,
// and reports its progress. The worker has a memory bound and a time limit: past either it is
// stopped and the training fails with a Spanish reason, instead of starving the instance.
import type { Worker } from 'node:worker_threads';
import { runBounded } from './boundedWorker';
import type { SkillDef } from '../../../common/schemas/bots';
import { IntentModel, train, trainingPhrases, type SerializedModel } from './nlu/classifier';

/**
 * Up to this many training phrases, training takes a few tens of milliseconds: no worker. Past it,
 * the event loop would stop for seconds (about 3 s for 1,000 phrases) and every chat with it.
 */
export const INLINE_PHRASES = 300;

/** What one training in a worker may use. */
export interface TrainingLimits {
  /** Past this the worker is terminated. */
  timeoutMs: number;
  /** The worker's old-generation heap (resourceLimits.maxOldGenerationSizeMb). */
  maxMemoryMb: number;
}

/** A training stopped by its limits; its message is the reason a deploy shows. */
export class TrainingLimitError extends Error {}

const seconds = new Intl.NumberFormat('es', { maximumFractionDigits: 2 });
export const trainingTimeoutMessage = (timeoutMs: number) => `El entrenamiento superó el tiempo máximo de ${seconds.format(timeoutMs / 1000)} s`;
export const TRAINING_MEMORY_MESSAGE = 'El entrenamiento superó la memoria permitida';

/** Training workers alive now (each ends with its training, or is terminated at its limit). */
const live = new Set<Worker>();
export const liveTrainingWorkers = (): number => live.size;

/** The model of the skills' training phrases; null when no skill has one. */
export async function trainSkills(
  skills: ReadonlyArray<Pick<SkillDef, 'id' | 'frases'>>,
  onProgress: (share: number) => void = () => undefined,
  limits?: TrainingLimits,
): Promise<IntentModel | null> {
  const phrases = trainingPhrases(skills);
  if (!phrases.length) return null;
  if (phrases.length <= INLINE_PHRASES) return train(phrases);
  return IntentModel.fromJSON(JSON.parse(await inWorker(skills, onProgress, limits)) as SerializedModel);
}

/** The serialized model, trained in a worker thread. */
function inWorker(skills: ReadonlyArray<Pick<SkillDef, 'id' | 'frases'>>, onProgress: (share: number) => void, limits?: TrainingLimits): Promise<string> {
  return runBounded<{ progress?: number; model?: string }, string>({
    entry: new URL('./trainWorker.mjs', import.meta.url),
    workerData: { skills: skills.map((s) => ({ id: s.id, frases: s.frases })) },
    limits,
    live,
    answer: (m) => {
      if (m.progress !== undefined) onProgress(m.progress);
      return m.model;
    },
    timeout: () => new TrainingLimitError(trainingTimeoutMessage(limits?.timeoutMs ?? 0)),
    memory: () => new TrainingLimitError(TRAINING_MEMORY_MESSAGE),
    noAnswer: (code) => new Error(`el entrenamiento terminó sin modelo (código ${code})`),
  });
}
