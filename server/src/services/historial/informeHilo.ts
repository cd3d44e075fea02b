// A report's file is written in a worker thread, so one big report does not delay the conversations
// on this instance: the worker reads its rows on a connection of its own and writes the workbook;
// this thread stores what it sends (parts of the file, progress) and waits. The worker is bound by a
// heap and by the job's time limit; past either, or when the job is stopped, it is terminated. A
// worker that ended its report, well or with its writer's error, waits a while for the next one.
import { once } from 'node:events';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { ReadTarget } from '../../db/readConnection';
import type { PartsSink, Progress } from './informeArchivo';

/** Where a report kind's writer is: a module the worker loads, and the name of its export. */
export interface ReportWriterRef {
  module: URL;
  name: string;
}

/** What the worker says, in order: the file's bytes, its progress, and how it ended. */
export type WorkerMessage = { chunk: Uint8Array } | { total: number } | { progress: number } | { done: true } | { failed: string };

/** What the worker is handed, all plain data (the writer's module by its address). */
export interface ReportWorkerData {
  target: ReadTarget;
  writer: { module: string; name: string };
  datos: unknown;
}

/** A report stopped by its worker's heap bound; its message is the reason the report shows. */
export class ReportMemoryError extends Error {}

export const reportMemoryMessage = (mb: number) =>
  `El informe superó la memoria permitida para generarlo (${mb} MB). Pida menos días o sin el detalle de los mensajes.`;

/**
 * A report's thread, kept for the next report once it has written one: loading the writers'
 * modules (exceljs, the database drivers, the server's TypeScript) costs a thread about a second
 * of CPU, paid once per thread rather than per report. Its heap bound is fixed when it starts, so a
 * thread serves only reports of that bound.
 */
interface ReportThread {
  worker: Worker;
  maxMemoryMb: number;
  idleTimer?: NodeJS.Timeout;
}

/** Threads writing a report now. */
const busy = new Set<Worker>();
/** Threads waiting for a report, newest last; each ends after IDLE_REPORT_THREAD_MS without one. */
const idle: ReportThread[] = [];
/** How many threads wait at most: as many reports run at once as the job runner lets, and a waiting thread keeps its modules in memory. */
const MAX_IDLE_REPORT_THREADS = 2;
export const IDLE_REPORT_THREAD_MS = 30_000;

/** Report threads writing a report now (a thread ends, or waits for the next, once its report is done). */
export const liveReportWorkers = (): number => busy.size;
/** Report threads waiting for the next report. */
export const idleReportWorkers = (): number => idle.length;

/** Ends the threads that wait for a report (an instance that stops). */
export async function closeIdleReportWorkers(): Promise<void> {
  const ending = idle.splice(0);
  for (const thread of ending) clearTimeout(thread.idleTimer);
  await Promise.all(ending.map((thread) => thread.worker.terminate()));
}

/** A waiting thread of this heap bound, else a new one. */
function takeThread(maxMemoryMb: number): ReportThread {
  const at = idle.findLastIndex((thread) => thread.maxMemoryMb === maxMemoryMb);
  if (at >= 0) {
    const [thread] = idle.splice(at, 1);
    clearTimeout(thread.idleTimer);
    thread.worker.ref();
    return thread;
  }
  const worker = new Worker(new URL('./informeWorker.mjs', import.meta.url), { resourceLimits: { maxOldGenerationSizeMb: maxMemoryMb } });
  return { worker, maxMemoryMb };
}

/** A thread whose report ended well waits for the next; past the idle bound, the oldest waiting one ends. */
function keepThread(thread: ReportThread): void {
  // A waiting thread does not keep the process alive.
  thread.worker.unref();
  thread.idleTimer = setTimeout(() => {
    const at = idle.indexOf(thread);
    if (at >= 0) idle.splice(at, 1);
    void thread.worker.terminate();
  }, IDLE_REPORT_THREAD_MS);
  thread.idleTimer.unref();
  idle.push(thread);
  while (idle.length > MAX_IDLE_REPORT_THREADS) {
    const oldest = idle.shift()!;
    clearTimeout(oldest.idleTimer);
    void oldest.worker.terminate();
  }
}

/** What the main thread hands a report's thread for each report (the port carries the acknowledgements). */
export interface ReportTask extends ReportWorkerData {
  port: MessagePort;
}

/**
 * Runs one report on a thread: the first answer it sends ('done' or 'failed') settles it and the
 * thread waits for the next report; past the time limit or the heap bound, on the signal, or when
 * the thread dies, the thread is terminated and the report fails once it is gone. Never leaves a
 * thread behind busy.
 */
function runOnThread(task: ReportTask, work: { limits: ReportInWorker['limits']; signal: AbortSignal; onMessage(message: WorkerMessage): void }): Promise<{ failed?: string }> {
  return new Promise((resolve, reject) => {
    const thread = takeThread(work.limits.maxMemoryMb);
    const { worker } = thread;
    busy.add(worker);
    // The first reason the thread failed wins; it is answered once the thread is gone.
    let failure: Error | undefined;
    let ended = false;
    const end = () => {
      ended = true;
      clearTimeout(timer);
      work.signal.removeEventListener('abort', stop);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      busy.delete(worker);
    };
    const stop = () => {
      failure ??= work.signal.reason instanceof Error ? work.signal.reason : new Error('el trabajo se detuvo');
      void worker.terminate();
    };
    const timer = setTimeout(() => {
      failure ??= new Error(`el informe superó el tiempo máximo de ${work.limits.timeoutMs} ms`);
      void worker.terminate();
    }, work.limits.timeoutMs);
    const onMessage = (message: WorkerMessage) => {
      if (ended || failure) return;
      if ('done' in message || 'failed' in message) {
        end();
        keepThread(thread);
        resolve('failed' in message ? { failed: message.failed } : {});
        return;
      }
      work.onMessage(message);
    };
    const onError = (error: Error & { code?: string }) => {
      failure ??= error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ReportMemoryError(reportMemoryMessage(work.limits.maxMemoryMb)) : error;
    };
    const onExit = (code: number) => {
      if (ended) return;
      end();
      reject(failure ?? new Error(`el hilo del informe terminó sin terminar el archivo (código ${code})`));
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    if (work.signal.aborted) stop();
    else work.signal.addEventListener('abort', stop, { once: true });
    worker.postMessage(task, [task.port]);
  });
}

export interface ReportInWorker {
  target: ReadTarget;
  writer: ReportWriterRef;
  datos: unknown;
  sink: PartsSink;
  report: Progress;
  /** The worker's old-generation heap, and a time limit that backs the job's own. */
  limits: { maxMemoryMb: number; timeoutMs: number };
  /** The job's signal: aborted, the worker is terminated. */
  signal?: AbortSignal;
  /** The error a full sink ends the report with. */
  full(): Error;
}

/**
 * Writes the report's file into `sink` from a report thread; settles once the thread has ended the
 * report (or is gone) and everything it sent is stored (the sink is then ended).
 */
export async function writeInWorker(work: ReportInWorker): Promise<void> {
  work.signal?.throwIfAborted();
  const { port1, port2 } = new MessageChannel();
  // Stops the worker from this side: a full sink, a failed store, or the job's signal.
  const stop = new AbortController();
  const signal = work.signal ? AbortSignal.any([work.signal, stop.signal]) : stop.signal;
  // What the worker sends is stored in order, one message after the other.
  let stored: Promise<void> = Promise.resolve();
  const store = async (message: WorkerMessage) => {
    if ('chunk' in message) {
      const { chunk } = message;
      if (!work.sink.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength))) await once(work.sink, 'drain');
      if (work.sink.full) throw work.full();
      // The worker writes on once this much is taken, so the file is never held whole in a queue.
      port1.postMessage('ack');
    } else if ('total' in message) await work.report.total(message.total);
    else if ('progress' in message) await work.report.progress(message.progress);
  };
  const task: ReportTask = {
    target: work.target,
    writer: { module: work.writer.module.href, name: work.writer.name },
    datos: work.datos,
    port: port2,
  };
  try {
    const ended = await runOnThread(task, {
      limits: work.limits,
      signal,
      onMessage: (message) => {
        stored = stored.then(() => store(message)).catch((error: unknown) => {
          if (!stop.signal.aborted) stop.abort(error);
        });
      },
    }).catch(async (error: unknown) => {
      // Nothing is stored after the report is given up (its parts are then deleted).
      await stored;
      throw error;
    });
    await stored;
    if (stop.signal.aborted) throw stop.signal.reason;
    if (ended.failed !== undefined) throw new Error(ended.failed);
    await new Promise<void>((resolve, reject) => work.sink.end((error?: Error | null) => (error ? reject(error) : resolve())));
  } finally {
    port1.close();
  }
}
