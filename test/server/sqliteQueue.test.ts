// SQLite's one connection goes to the queries waiting for it in the order they asked.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, SqliteDialect, sql, type DatabaseConnection, type Driver } from 'kysely';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { QueuedDriver, QueuedSqliteDialect } from '../../server/src/db/sqliteQueue';

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

/**
 * Another process (as the WAL's checkpointer, or another instance) takes the write lock of `file`,
 * holds it `ms` and then ends its transaction with `end`; resolves once it holds the lock, with the
 * process's exit.
 */
async function otherWriter(file: string, ms: number, end: 'commit' | 'rollback'): Promise<{ exited: Promise<unknown> }> {
  const other = spawn(process.execPath, ['-e', `
    const db = new (require('better-sqlite3'))(${JSON.stringify(file)});
    db.exec('begin immediate; insert into t values (1)');
    console.log('bloqueada');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${ms});
    db.exec('${end}');
  `], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => other.once('exit', resolve));
  await new Promise<void>((resolve) => other.stdout.once('data', () => resolve()));
  return { exited };
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
      const other = await otherWriter(file, 300, 'commit');
      await db.transaction().execute(async (trx) => {
        const seen = await trx.selectFrom('t').select('n').execute();
        await trx.insertInto('t').values({ n: seen.length + 10 }).execute();
      });
      await other.exited;
      expect((await db.selectFrom('t').select('n').orderBy('n').execute()).map((r) => r.n)).toEqual([1, 11]);
    } finally {
      await db.destroy();
    }
  });
});

/** Whether `promise` settles within `ms`. */
const settlesWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true, () => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

describe('la conexión de SQLite en cola pasa siempre al siguiente', () => {
  it('una consulta que falla y una transacción que lanza un error dejan pasar a quienes esperan, en su orden', async () => {
    const db = new Kysely<{ t: { n: number } }>({ dialect: new QueuedSqliteDialect({ database: new SQLite(path.join(dir, 'c.db')) }) });
    try {
      await sql`create table t (n integer primary key)`.execute(db);
      await db.insertInto('t').values({ n: 1 }).execute();
      const order: string[] = [];
      const failing = db.insertInto('t').values({ n: 1 }).execute().catch(() => void order.push('repetida'));
      const throwing = db.transaction().execute(async (trx) => {
        await trx.insertInto('t').values({ n: 2 }).execute();
        throw new Error('falla');
      }).catch(() => void order.push('transacción'));
      const after = db.selectFrom('t').select('n').execute().then((rows) => void order.push(`leída ${rows.map((r) => r.n).join()}`));
      expect(await settlesWithin(Promise.all([failing, throwing, after]), 2_000)).toBe(true);
      expect(order).toEqual(['repetida', 'transacción', 'leída 1']);
    } finally {
      await db.destroy();
    }
  });

  it('una transacción que no consigue el bloqueo de escritura ("database is locked") deja pasar al siguiente', async () => {
    const file = path.join(dir, 'bloqueada.db');
    const handle = new SQLite(file);
    handle.pragma('journal_mode = WAL');
    handle.pragma('busy_timeout = 50');
    const db = new Kysely<{ t: { n: number } }>({ dialect: new QueuedSqliteDialect({ database: handle }) });
    try {
      await sql`create table t (n integer)`.execute(db);
      const other = await otherWriter(file, 1000, 'rollback');
      const refused = db.transaction().execute(async (trx) => trx.insertInto('t').values({ n: 2 }).execute());
      const next = db.selectFrom('t').select('n').execute();
      await expect(refused).rejects.toThrow(/locked|busy/i);
      expect(await settlesWithin(next, 500)).toBe(true);
      expect(await next).toEqual([]);
      await other.exited;
    } finally {
      await db.destroy();
    }
  });

  /** A driver whose first acquire, or first release, fails; the rest work. */
  function flakyDriver(fails: 'acquire' | 'release'): Driver {
    const connection = { executeQuery: async () => ({ rows: [] }), streamQuery: () => { throw new Error('sin flujo'); } } as unknown as DatabaseConnection;
    let failed = false;
    const once = async () => {
      if (!failed) {
        failed = true;
        throw new Error(`falla al ${fails === 'acquire' ? 'tomar' : 'liberar'} la conexión`);
      }
    };
    return {
      init: async () => undefined,
      acquireConnection: async () => {
        if (fails === 'acquire') await once();
        return connection;
      },
      releaseConnection: async () => {
        if (fails === 'release') await once();
      },
      beginTransaction: async () => undefined,
      commitTransaction: async () => undefined,
      rollbackTransaction: async () => undefined,
      destroy: async () => undefined,
    };
  }

  it.each([
    { fails: 'acquire' as const, verbo: 'tomar' },
    { fails: 'release' as const, verbo: 'liberar' },
  ])('si el controlador falla al $verbo la conexión, quienes esperan la reciben igual', async ({ fails }) => {
    const driver = new QueuedDriver(flakyDriver(fails));
    const first = driver.acquireConnection();
    const second = driver.acquireConnection();
    if (fails === 'acquire') {
      await expect(first).rejects.toThrow('falla al tomar la conexión');
    } else {
      await expect(driver.releaseConnection(await first)).rejects.toThrow('falla al liberar la conexión');
    }
    expect(await settlesWithin(second, 500)).toBe(true);
    await driver.releaseConnection(await second);
    // And the connection is free again afterwards.
    expect(await settlesWithin(driver.acquireConnection(), 500)).toBe(true);
  });
});
