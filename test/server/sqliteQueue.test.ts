// SQLite's one connection goes to the queries waiting for it in the order they asked.
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
});
