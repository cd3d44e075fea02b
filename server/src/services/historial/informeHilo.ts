// A report's file is written in a worker thread, so one big report does not delay the conversations
// on this instance: the worker reads its rows on a connection of its own and writes the workbook;
// this thread stores what it sends (parts of the file, progress) and waits. The worker is bound by a
// heap and by the job's time limit; past either, or when the job is stopped, it is terminated.
import { once } from 'node:events';
import { MessageChannel, type Worker } from 'node:worker_threads';
import { runBounded } from '../../engine/boundedWorker';
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

/** Report workers alive now (each ends with its report, or is terminated). */
const live = new Set<Worker>();
export const liveReportWorkers = (): number => live.size;

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
 * Writes the report's file into `sink` from a worker thread; settles once the worker is gone and
 * everything it sent is stored (the sink is then ended).
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
  const data: ReportWorkerData & { port: typeof port2 } = {
    target: work.target,
    writer: { module: work.writer.module.href, name: work.writer.name },
    datos: work.datos,
    port: port2,
  };
  try {
    const ended = await runBounded<WorkerMessage, { failed?: string }>({
      entry: new URL('./informeWorker.mjs', import.meta.url),
      workerData: data,
      transferList: [port2],
      limits: work.limits,
      signal,
      live,
      answer: (message) => {
        if ('done' in message) return {};
        if ('failed' in message) return { failed: message.failed };
        stored = stored.then(() => store(message)).catch((error: unknown) => {
          if (!stop.signal.aborted) stop.abort(error);
        });
        return undefined;
      },
      endAtAnswer: true,
      timeout: () => new Error(`el informe superó el tiempo máximo de ${work.limits.timeoutMs} ms`),
      memory: () => new ReportMemoryError(reportMemoryMessage(work.limits.maxMemoryMb)),
      noAnswer: (code) => new Error(`el hilo del informe terminó sin terminar el archivo (código ${code})`),
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
