// The thread that checkpoints SQLite's WAL for the server (db/walCheckpoints.ts starts and stops
// it), on its own connection to the same file. Plain JavaScript: it needs nothing of the server's
// TypeScript, and loading tsx in a thread costs about half a second of CPU.
// Each tick a PASSIVE checkpoint copies what it can into the database without waiting for anyone;
// when it copied everything, the server's next write starts the WAL over. Writes that never pause
// long enough for that leave the WAL growing: past restartFrames, a RESTART (a TRUNCATE when the
// file has grown past truncateBytes) copies the rest and starts it over. That one holds the write
// lock while it copies and syncs, so more passive passes first leave it little to copy. Locks are
// not waited for (timeout 0): a checkpoint that finds one taken is tried again next tick.
import fs from 'node:fs';
import { workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { file, control, tickMs, restartFrames, truncateBytes, states } = workerData;
/** How long an insisting restart waits for the server's write lock (and then for its readers). */
const INSIST_MS = 100;

let db;
try {
  db = new Database(file, { fileMustExist: true, timeout: 0 });
  // As the server's connection: a checkpoint syncs the WAL before copying it, and the database after.
  db.pragma('synchronous = NORMAL');
  // It runs unless the server asked it to stop while it was starting.
  if (Atomics.compareExchange(control, 0, states.starting, states.running) === states.starting) {
    for (;;) {
      // A tick, or less when the server asks it to stop.
      Atomics.wait(control, 0, states.running, tickMs);
      if (Atomics.load(control, 0) !== states.running) break;
      checkpoint();
    }
  }
} finally {
  db?.close();
  Atomics.store(control, 0, states.stopped);
  Atomics.notify(control, 0);
}

function checkpoint() {
  let [{ log }] = db.pragma('wal_checkpoint(PASSIVE)');
  if (log < restartFrames) return;
  for (let pass = 0; pass < 4; pass++) {
    const [{ log: now }] = db.pragma('wal_checkpoint(PASSIVE)');
    const appended = now - log;
    log = now;
    if (appended <= restartFrames / 64) break;
  }
  const size = fs.statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0;
  // Busy (the server writing, or reading an older snapshot) answers busy = 1 and leaves the WAL as
  // it is. Writes that leave no gap at all would leave it growing: past four times its limit, the
  // restart waits a moment for a gap.
  const insist = log >= 4 * restartFrames;
  if (insist) db.pragma(`busy_timeout = ${INSIST_MS}`);
  try {
    db.pragma(`wal_checkpoint(${size > truncateBytes ? 'TRUNCATE' : 'RESTART'})`);
  } finally {
    if (insist) db.pragma('busy_timeout = 0');
  }
}
