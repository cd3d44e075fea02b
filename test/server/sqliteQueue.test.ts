// SQLite's one connection goes to the queries waiting for it in the order they asked.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, SqliteDialect, sql } from 'kysely';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { QueuedSqliteDialect } from '../../server/src/db/sqliteQueue';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quipu-sqlite-queue-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/**
 * `clients` callers each run `rounds` queries one after another, as requests of a busy server
 * do, while a transaction holds the connection at first. Returns who ran in what order.
 */
async function contend(dialect: SqliteDialect, clients = 20, rounds = 5): Promise<number[]> {
  const db = new Kysely<{ t: { n: number } }>({ dialect });
  try {
    await sql`create table t (n integer)`.execute(db);
    const order: number[] = [];
    let release!: () => void;
    const held = db.transaction().execute(async (trx) => {
      await sql`insert into t values (0)`.execute(trx);
      await new Promise<void>((resolve) => (release = resolve));
    });
    await new Promise((r) => setTimeout(r, 10));
    const callers = Array.from({ length: clients }, async (_, i) => {
      for (let round = 0; round < rounds; round++) {
        await db.selectFrom('t').select('n').execute();
        order.push(i);
      }
    });
    await new Promise((r) => setTimeout(r, 10));
    release();
    await Promise.all([held, ...callers]);
    return order;
  } finally {
    await db.destroy();
  }
}

describe('la conexión de SQLite en cola', () => {
  it('atiende a quienes esperan por orden de llegada: nadie pasa dos veces antes que otro una', async () => {
    const order = await contend(new QueuedSqliteDialect({ database: new SQLite(path.join(dir, 'a.db')) }));
    // Round by round, every caller once, in the order they first asked.
    const expected = Array.from({ length: 5 }, () => Array.from({ length: 20 }, (_, i) => i)).flat();
    expect(order).toEqual(expected);
  });

  it('transacciones, puntos de guardado y consultas siguen funcionando', async () => {
    const db = new Kysely<{ t: { n: number } }>({ dialect: new QueuedSqliteDialect({ database: new SQLite(path.join(dir, 'b.db')) }) });
    try {
      await sql`create table t (n integer)`.execute(db);
      const trx = await db.startTransaction().execute();
      await trx.insertInto('t').values({ n: 1 }).execute();
      const inner = await trx.savepoint('dentro').execute();
      await inner.insertInto('t').values({ n: 2 }).execute();
      await inner.rollbackToSavepoint('dentro').execute();
      await trx.commit().execute();
      await expect(db.transaction().execute(async (trx) => {
        await trx.insertInto('t').values({ n: 3 }).execute();
        throw new Error('falla');
      })).rejects.toThrow('falla');
      expect((await db.selectFrom('t').select('n').execute()).map((r) => r.n)).toEqual([1]);
    } finally {
      await db.destroy();
    }
  });

  it('una transacción que lee y luego escribe espera a otro escritor en vez de fallar con "database is locked"', async () => {
    const file = path.join(dir, 'otro.db');
    const handle = new SQLite(file);
    handle.pragma('journal_mode = WAL');
    handle.pragma('busy_timeout = 5000');
    const db = new Kysely<{ t: { n: number } }>({ dialect: new QueuedSqliteDialect({ database: handle }) });
    try {
      await sql`create table t (n integer)`.execute(db);
      // Another process (as the WAL's checkpointer, or another instance) holds the write lock a moment and commits.
      const other = spawn(process.execPath, ['-e', `
        const db = new (require('better-sqlite3'))(${JSON.stringify(file)});
        db.exec('begin immediate; insert into t values (1)');
        console.log('bloqueada');
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
        db.exec('commit');
      `], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] });
      await new Promise<void>((resolve) => other.stdout.once('data', () => resolve()));
      await db.transaction().execute(async (trx) => {
        const seen = await trx.selectFrom('t').select('n').execute();
        await trx.insertInto('t').values({ n: seen.length + 10 }).execute();
      });
      await new Promise((resolve) => other.once('exit', resolve));
      expect((await db.selectFrom('t').select('n').orderBy('n').execute()).map((r) => r.n)).toEqual([1, 11]);
    } finally {
      await db.destroy();
    }
  });
});
