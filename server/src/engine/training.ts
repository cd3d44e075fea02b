// A bot's model, for a deploy or for the test chat's working definition. A small bot trains here
// at once; a big one trains in a worker thread, so conversations on this instance go on meanwhile,
// and reports its progress.
import { Worker } from 'node:worker_threads';
import type { SkillDef } from '../schemas/bots';
import { IntentModel, train, trainingPhrases, type SerializedModel } from './nlu/classifier';

/**
 * Up to this many training phrases, training takes a few tens of milliseconds: no worker. Past it,
 * the event loop would stop for seconds (about 3 s for 1,000 phrases) and every chat with it.
 */
export const INLINE_PHRASES = 300;

/** The model of the skills' training phrases; null when no skill has one. */
export async function trainSkills(skills: ReadonlyArray<Pick<SkillDef, 'id' | 'frases'>>, onProgress: (share: number) => void = () => undefined): Promise<IntentModel | null> {
  const phrases = trainingPhrases(skills);
  if (!phrases.length) return null;
  if (phrases.length <= INLINE_PHRASES) return train(phrases);
  return IntentModel.fromJSON(JSON.parse(await inWorker(skills, onProgress)) as SerializedModel);
}

/** The serialized model, trained in a worker thread. */
function inWorker(skills: ReadonlyArray<Pick<SkillDef, 'id' | 'frases'>>, onProgress: (share: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    // The server runs its TypeScript through tsx; the worker's entry loads it the same way.
    const worker = new Worker(new URL('./trainWorker.mjs', import.meta.url), { workerData: { skills: skills.map((s) => ({ id: s.id, frases: s.frases })) } });
    let model: string | undefined;
    worker.on('message', (m: { progress?: number; model?: string }) => {
      if (m.progress !== undefined) onProgress(m.progress);
      if (m.model !== undefined) model = m.model;
    });
    worker.on('error', reject);
    worker.on('exit', (code) => (model !== undefined ? resolve(model) : reject(new Error(`el entrenamiento terminó sin modelo (código ${code})`))));
  });
}
