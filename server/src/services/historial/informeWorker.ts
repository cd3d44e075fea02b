// Writes one report's file off the main thread: reads its rows on a connection of its own, runs the
// report kind's writer, and sends the file in pieces, each once the main thread has taken the one
// before, with the progress; ends saying it is done, or why it failed.
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';
import { openReadDb } from '../../db/readConnection';
import type { DB } from '../../db';
import type { ReportWriter } from './informes';
import type { ReportWorkerData, WorkerMessage } from './informeHilo';

/** Bytes gathered before a piece is sent. */
const PIECE_BYTES = 256 * 1024;

const { target, writer, datos, port } = workerData as ReportWorkerData & { port: MessagePort };
const send = (message: WorkerMessage, transfer: ArrayBuffer[] = []) => parentPort!.postMessage(message, transfer);

/** The file's bytes to the main thread, a piece at a time: the next is written once the last is taken. */
class ToMainThread extends Writable {
  private chunks: Buffer[] = [];
  private size = 0;
  private taken?: () => void;

  constructor() {
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

const db: DB = await openReadDb(target);
try {
  const module = (await tsImport(writer.module, import.meta.url)) as Record<string, unknown>;
  const write = module[writer.name] as ReportWriter;
  const out = new ToMainThread();
  await write(db, datos, out, {
    total: async (total) => send({ total }),
    progress: async (progress) => send({ progress }),
  });
  await finished(out);
  send({ done: true });
} catch (error) {
  send({ failed: error instanceof Error ? (error.stack ?? error.message) : String(error) });
} finally {
  port.close();
  await db.destroy();
}
