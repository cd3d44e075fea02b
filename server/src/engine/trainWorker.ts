// Trains a bot's model off the main thread (a big bot takes seconds): receives the skills'
// training phrases, reports its progress, answers the serialized model.
import { parentPort, workerData } from 'node:worker_threads';
import type { SkillDef } from '../../../common/schemas/bots';
import { train, trainingPhrases } from './nlu/classifier';

const { skills } = workerData as { skills: Array<Pick<SkillDef, 'id' | 'frases'>> };
let reported = 0;
const model = train(trainingPhrases(skills), {
  onProgress: (share) => {
    if (share - reported < 0.02 && share < 1) return;
    reported = share;
    parentPort!.postMessage({ progress: share });
  },
});
parentPort!.postMessage({ model: JSON.stringify(model.toJSON()) });
