// SQLite's WAL checkpoints, off the event loop. By default a checkpoint runs inside whichever commit
// takes the WAL past 1000 pages, and blocks the server for it (copying the pages and two fsyncs,
// about 13 ms). Here the server's connection never checkpoints (wal_autocheckpoint = 0) and a
// worker thread does it on its own connection (walCheckpointWorker.mjs). Closing stops the thread
// first, so the server's connection is the last one and SQLite's own checkpoint on close empties
// the WAL. If the thread cannot run, the connection checkpoints by itself again.
import { Worker } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';

/** The states of the thread, shared with it in one Int32 (it reads and writes them with Atomics). */
const STATES = { starting: 0, running: 1, stopping: 2, stopped: 3 } as const;

export interface WalCheckpointOptions {
  /** How often the thread checkpoints. */
  tickMs: number;
  /** The WAL starts over (RESTART) once it holds this many frames. */
  restartFrames: number;
  /** The WAL file is cut back to nothing (TRUNCATE) when it has grown past this. */
  truncateBytes: number;
}

export const WAL_CHECKPOINT_DEFAULTS: WalCheckpointOptions = {
  tickMs: 200,
  // About 16 MB of 4 KB pages: a few seconds of chat at full load.
  restartFrames: 4000,
  truncateBytes: 64 * 1024 * 1024,
};

/** How long closing waits for a checkpoint under way to end. */
const STOP_WAIT_MS = 10_000;

export interface WalCheckpoints {
  /** Stops the thread, waiting (blocked) until it has closed its connection; call before closing the server's. */
  stop(): void;
  /** Settles when the thread has ended. */
  readonly exited: Promise<void>;
}

/** Starts checkpointing `file`'s WAL in a thread, for `connection` (the server's, which then stops checkpointing). */
export function startWalCheckpoints(file: string, connection: BetterSqlite3.Database, options: Partial<WalCheckpointOptions> = {}): WalCheckpoints {
  const control = new Int32Array(new SharedArrayBuffer(4));
  let stopped = false;
  /** The connection checkpoints by itself again, as SQLite does by default. */
  const fallBack = (error: unknown) => {
    process.emitWarning(`Los checkpoints del WAL de SQLite vuelven a la conexión del servidor: ${String(error)}`);
    if (connection.open) connection.pragma('wal_autocheckpoint = 1000');
  };
  let worker: Worker;
  try {
    // No execArgv: the server's loaders (tsx) are not needed there.
    worker = new Worker(new URL('./walCheckpointWorker.mjs', import.meta.url), {
      workerData: { file, control, states: STATES, ...WAL_CHECKPOINT_DEFAULTS, ...options },
      execArgv: [],
    });
  } catch (error) {
    fallBack(error);
    return { stop: () => undefined, exited: Promise.resolve() };
  }
  connection.pragma('wal_autocheckpoint = 0');
  // Never what keeps the process alive.
  worker.unref();
  let failure: unknown;
  worker.on('error', (error) => (failure = error));
  const exited = new Promise<void>((resolve) => {
    worker.once('exit', (code) => {
      if (!stopped) fallBack(failure ?? `el hilo terminó (código ${code})`);
      resolve();
    });
  });
  return {
    exited,
    stop() {
      if (stopped) return;
      stopped = true;
      const was = Atomics.exchange(control, 0, STATES.stopping);
      Atomics.notify(control, 0);
      // Running: it closes its connection and says so, then ends. Still starting: it sees `stopping`,
      // closes the connection it may have opened and ends, without running.
      if (was === STATES.running && Atomics.wait(control, 0, STATES.stopping, STOP_WAIT_MS) === 'timed-out') void worker.terminate();
      // Its last moments are awaited like any other close (`exited`).
      worker.ref();
    },
  };
}
