// Work that computes for seconds (a training, a knowledge base's index, reading a spreadsheet) runs
// in a worker thread, so conversations on this instance go on meanwhile, bound by an old-generation
// heap and a time limit. Past either the worker is terminated; the promise always settles, once the
// thread is gone, and no worker is left behind.
import { Worker, type TransferListItem } from 'node:worker_threads';

export interface BoundedWork<M, T> {
  /** The worker's entry: a .mjs that loads its TypeScript through tsx, as the server runs. */
  entry: URL;
  workerData: unknown;
  /** What workerData hands over rather than copies (a MessagePort, say). */
  transferList?: TransferListItem[];
  /** The heap bound and the time limit; none runs unbounded. */
  limits?: { maxMemoryMb: number; timeoutMs: number };
  /** Aborted, the worker is terminated and the work fails with the signal's reason. */
  signal?: AbortSignal;
  /** The workers alive now, which this one joins until it exits. */
  live: Set<Worker>;
  /** The answer a message carries, if it is the answer (another, such as progress, gives undefined). */
  answer(message: M): T | undefined;
  /** The worker is terminated at its answer (a streaming reader left mid-file keeps its loop busy). */
  endAtAnswer?: boolean;
  /** Why it failed, as the caller says it: past the time limit, past the heap, any other error, or no answer at all. */
  timeout(): Error;
  memory(): Error;
  failed?(error: Error): Error;
  noAnswer(code: number): Error;
}

/** The work's answer: the first one the worker sent, else the first reason it failed. */
export function runBounded<M, T>(work: BoundedWork<M, T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(work.entry, {
      workerData: work.workerData,
      transferList: work.transferList,
      ...(work.limits ? { resourceLimits: { maxOldGenerationSizeMb: work.limits.maxMemoryMb } } : {}),
    });
    work.live.add(worker);
    let answered = false;
    let answer: T | undefined;
    // The first reason the worker failed wins; it is answered once the thread is gone.
    let failure: Error | undefined;
    const timer = work.limits
      ? setTimeout(() => {
          failure ??= work.timeout();
          void worker.terminate();
        }, work.limits.timeoutMs)
      : undefined;
    const stop = () => {
      failure ??= work.signal?.reason instanceof Error ? work.signal.reason : new Error('el trabajo se detuvo');
      void worker.terminate();
    };
    if (work.signal?.aborted) stop();
    else work.signal?.addEventListener('abort', stop, { once: true });
    worker.on('message', (message: M) => {
      if (answered) return;
      const given = work.answer(message);
      if (given === undefined) return;
      answered = true;
      answer = given;
      if (work.endAtAnswer) void worker.terminate();
    });
    worker.on('error', (error: Error & { code?: string }) => {
      failure ??= error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? work.memory() : (work.failed?.(error) ?? error);
    });
    worker.on('exit', (code) => {
      clearTimeout(timer);
      work.signal?.removeEventListener('abort', stop);
      work.live.delete(worker);
      if (answered) resolve(answer as T);
      else reject(failure ?? work.noAnswer(code));
    });
  });
}
