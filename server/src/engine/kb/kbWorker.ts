// Builds a knowledge base's index off the main thread (a big one takes seconds): receives the
// QnAs, answers the index as data whose buffers are transferred, not copied.
import { parentPort, workerData } from 'node:worker_threads';
import { KbIndex, type KbEntry } from './kbIndex';

const { entries } = workerData as { entries: KbEntry[] };
const { data, transfer } = KbIndex.build(entries).toData();
parentPort!.postMessage({ data }, transfer);
