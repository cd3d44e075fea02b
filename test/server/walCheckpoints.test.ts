// SQLite's WAL checkpoints in a worker thread (server/src/db/walCheckpoints.ts): the WAL stays
// bounded while writes go on, closing ends the thread and leaves everything in the database file,
// the thread never keeps the process alive, and a thread that cannot run gives checkpointing back
// to the server's connection.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDb } from '../../server/src/db';
import { startWalCheckpoints } from '../../server/src/db/walCheckpoints';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quipu-wal-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const walSize = (file: string) => fs.statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0;

/** A connection as openDb opens one. */
function connect(file: string) {
  const connection = new SQLite(file);
  connection.pragma('journal_mode = WAL');
  connection.pragma('synchronous = NORMAL');
  connection.pragma('busy_timeout = 5000');
  connection.exec('create table if not exists fila (id integer primary key, texto text not null)');
  return connection;
}

/** About 24 MB of rows, written over a few seconds with the event loop free in between, as a server writes; the WAL's largest size. */
async function sustainedWrites(connection: SQLite.Database, file: string): Promise<number> {
  const insert = connection.prepare('insert into fila (texto) values (?)');
  let largest = 0;
  for (let batch = 0; batch < 600; batch++) {
    for (let i = 0; i < 10; i++) insert.run(`${batch}-${i}-`.padEnd(4000, 'x'));
    largest = Math.max(largest, walSize(file));
    await new Promise((resolve) => setTimeout(resolve, 4));
  }
  return largest;
}

describe('checkpoints del WAL en un hilo', () => {
  it('el WAL no pasa de un tercio de los 24 MB que se escriben, y sin el hilo crecería con ellos', async () => {
    const file = path.join(dir, 'con-hilo.db');
    const connection = connect(file);
    // A restart past 100 frames of 4 KB, checked every 20 ms.
    const checkpoints = startWalCheckpoints(file, connection, { tickMs: 20, restartFrames: 100 });
    try {
      expect(connection.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
      expect(await sustainedWrites(connection, file)).toBeLessThan(8 * 1024 * 1024);
    } finally {
      checkpoints.stop();
      connection.close();
    }

    const without = path.join(dir, 'sin-hilo.db');
    const alone = connect(without);
    alone.pragma('wal_autocheckpoint = 0');
    try {
      expect(await sustainedWrites(alone, without)).toBeGreaterThan(20 * 1024 * 1024);
    } finally {
      alone.close();
    }
  }, 60_000);

  it('cerrar la base termina el hilo, vacía el WAL en el archivo y todo lo escrito está al reabrir', async () => {
    const first = await openDb({ dataDir: dir, databaseUrl: undefined });
    expect(first.checkpoints).toBeDefined();
    await sql`create table fila (id integer primary key, texto text not null)`.execute(first.db);
    for (let i = 0; i < 500; i++) await sql`insert into fila (texto) values (${`fila ${i}`})`.execute(first.db);
    await first.db.destroy();
    // The thread has ended; the process waits for nothing more of it.
    await expect(Promise.race([first.checkpoints!.exited.then(() => 'terminado'), new Promise((r) => setTimeout(() => r('sigue'), 5000))])).resolves.toBe('terminado');
    // The last connection's close checkpointed everything into the file and removed the WAL.
    expect(fs.existsSync(path.join(dir, 'quipu.db-wal'))).toBe(false);

    const again = await openDb({ dataDir: dir, databaseUrl: undefined });
    try {
      const { rows } = await sql<{ n: number; ultima: string }>`select count(*) as n, max(texto) as ultima from fila`.execute(again.db);
      expect(rows[0]).toEqual({ n: 500, ultima: 'fila 99' });
    } finally {
      await again.db.destroy();
    }
  });

  it('un proceso que abre la base y no la cierra termina solo: el hilo no lo mantiene vivo', async () => {
    const script = path.join(dir, 'abre.mts');
    const index = fileURLToPath(new URL('../../server/src/db/index.ts', import.meta.url));
    fs.writeFileSync(
      script,
      `import { openDb } from ${JSON.stringify(index)};
       const { db } = await openDb({ dataDir: ${JSON.stringify(dir)}, databaseUrl: undefined });
       await db.schema.createTable('fila').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('texto', 'text').execute();
       await db.insertInto('fila').values({ texto: 'sin cerrar' }).execute();
       // Long enough for the thread to be running.
       await new Promise((resolve) => setTimeout(resolve, 500));
       console.log('escrito');`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: fileURLToPath(new URL('../..', import.meta.url)), stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    const code = await new Promise<number | string>((resolve) => {
      const timer = setTimeout(() => {
        child.kill();
        resolve('sigue vivo');
      }, 30_000);
      child.on('exit', (exitCode) => {
        clearTimeout(timer);
        resolve(exitCode ?? 'señal');
      });
    });
    expect([code, output.trim()]).toEqual([0, 'escrito']);
    const reopened = new SQLite(path.join(dir, 'quipu.db'));
    try {
      expect(reopened.prepare('select texto from fila').pluck().all()).toEqual(['sin cerrar']);
    } finally {
      reopened.close();
    }
  }, 40_000);

  it('si el hilo no puede abrir la base, la conexión vuelve a hacer sus checkpoints', async () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    const connection = connect(path.join(dir, 'real.db'));
    try {
      const checkpoints = startWalCheckpoints(path.join(dir, 'no-existe', 'otra.db'), connection);
      await checkpoints.exited;
      expect(connection.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
      expect(String(warn.mock.calls[0]?.[0])).toMatch(/vuelven a la conexión del servidor/);
      checkpoints.stop();
    } finally {
      connection.close();
      warn.mockRestore();
    }
  });
});
