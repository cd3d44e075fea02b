// Writes reports' files off the main thread, one report at a time as the main thread hands them
// over: reads its rows on a connection of its own, runs the report kind's writer, and sends the
// file in pieces, each once the main thread has taken the one before, with the progress; ends each
// report saying it is done, or why it failed, and waits for the next.
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { parentPort, type MessagePort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';
import { openReadDb } from '../../db/readConnection';
import type { DB } from '../../db';
import type { ReportWriter } from './informes';
import type { ReportTask, WorkerMessage } from './informeHilo';

/** Bytes gathered before a piece is sent. */
const PIECE_BYTES = 256 * 1024;

const send = (message: WorkerMessage, transfer: ArrayBuffer[] = []) => parentPort!.postMessage(message, transfer);

/** The file's bytes to the main thread, a piece at a time: the next is written once the last is taken. */
class ToMainThread extends Writable {
  private chunks: Buffer[] = [];
  private size = 0;
  private taken?: () => void;

  constructor(port: MessagePort) {
    super({ highWaterMark: PIECE_BYTES });
    port.on('message', () => {
      const taken = this.taken;
      this.taken = undefined;
      taken?.();
    });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
    if (this.size < PIECE_BYTES) return done();
    this.sendPiece(done);
  }

  override _final(done: (error?: Error | null) => void): void {
    if (this.size === 0) return done();
    this.sendPiece(done);
  }

  private sendPiece(done: () => void): void {
    const piece = new Uint8Array(this.size);
    let at = 0;
    for (const chunk of this.chunks) {
      piece.set(chunk, at);
      at += chunk.length;
    }
    this.chunks = [];
    this.size = 0;
    this.taken = done;
    send({ chunk: piece }, [piece.buffer]);
  }
}

/** Each writer's module, loaded once per thread (each tsImport loads its module and what it imports again). */
const modules = new Map<string, Promise<Record<string, unknown>>>();
function writerModule(address: string): Promise<Record<string, unknown>> {
  let module = modules.get(address);
  if (!module) {
    module = tsImport(address, import.meta.url) as Promise<Record<string, unknown>>;
    modules.set(address, module);
    // A module that failed to load is tried again by the next report.
    module.catch(() => modules.delete(address));
  }
  return module;
}

/** One report, start to end; never throws (its failure is what it sends). */
async function write({ target, writer, datos, port }: ReportTask): Promise<void> {
  let db: DB | undefined;
  try {
    db = await openReadDb(target);
    const run = (await writerModule(writer.module))[writer.name] as ReportWriter;
    const out = new ToMainThread(port);
    await run(db, datos, out, {
      total: async (total) => send({ total }),
      progress: async (progress) => send({ progress }),
    });
    await finished(out);
    send({ done: true });
  } catch (error) {
    send({ failed: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  } finally {
    port.close();
    await db?.destroy().catch(() => undefined);
  }
}

// Reports come one at a time: the main thread hands this thread the next only once it has answered.
let queue = Promise.resolve();
parentPort!.on('message', (task: ReportTask) => {
  queue = queue.then(() => write(task));
});
