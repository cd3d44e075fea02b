// Statements compiled once per dialect (server/src/db/precompiled.ts): the text and parameters are
// Kysely's own for the same query, each run takes its own values, the build runs once per dialect
// (transactions included), and what cannot be bound is refused rather than run.
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeholderRow, precompile, precompiledShapes, type Placeholders } from '../../server/src/db/precompiled';
import type { Database } from '../../server/src/db/schema';
import { createTestApp, dialects, type TestApp } from './helpers';

/** A database of each dialect that compiles but never connects. */
const compilers = {
  sqlite: new Kysely<Database>({ dialect: { createAdapter: () => new SqliteAdapter(), createDriver: () => new DummyDriver(), createIntrospector: (db) => new SqliteIntrospector(db), createQueryCompiler: () => new SqliteQueryCompiler() } }),
  postgres: new Kysely<Database>({ dialect: { createAdapter: () => new PostgresAdapter(), createDriver: () => new DummyDriver(), createIntrospector: (db) => new PostgresIntrospector(db), createQueryCompiler: () => new PostgresQueryCompiler() } }),
};

type Frase = { id: string; idBot: string; f: string; fh: string; c: number; fc: string };
const frase = (n: number): Frase => ({ id: `nr-${n}`, idBot: 'bot-1', f: `frase ${n}`, fh: `h${n}`, c: n, fc: '2024-01-01T00:00:00.000Z' });

describe.each(['sqlite', 'postgres'] as const)('sentencias precompiladas: texto y parámetros (%s)', (dialect) => {
  const db = compilers[dialect];

  it('una consulta con unión, filtros y un valor fijo da el mismo texto y los mismos parámetros que Kysely', () => {
    const query = (db: Kysely<Database>, idBot: string, f: string) =>
      db.selectFrom('frase_nr as n').innerJoin('bot as b', 'b.id', 'n.idBot').select(['n.id', 'n.c', 'b.nm']).where('n.idBot', '=', idBot).where('n.f', '=', f).where('n.c', '>', 2).limit(1);
    const statement = precompile((db, $: Placeholders<{ idBot: string; f: string }>) => query(db, $('idBot'), $('f')));
    for (const [idBot, f] of [['bot-1', 'hola'], ['bot-2', 'chau']]) {
      const expected = query(db, idBot, f).compile();
      const bound = statement.bind(db, { idBot, f });
      expect(bound.sql).toBe(expected.sql);
      expect(bound.parameters).toEqual(expected.parameters);
    }
  });

  it('una inserción de varias filas y una actualización con un valor calculado también', () => {
    const rows = [frase(1), frase(2), frase(3)];
    const insert = precompiledShapes((n: number) =>
      precompile((db, $: Placeholders<Frase[]>) => db.insertInto('frase_nr').values(Array.from({ length: n }, (_, i) => placeholderRow($, ['id', 'idBot', 'f', 'fh', 'c', 'fc'], (r) => r[i])))),
    );
    const expected = db.insertInto('frase_nr').values(rows).compile();
    expect(insert(3).bind(db, rows)).toMatchObject({ sql: expected.sql, parameters: expected.parameters });

    const update = precompile((db, $: Placeholders<{ id: string; c: number }>) => db.updateTable('frase_nr').set({ c: $((p) => p.c + 1) }).where('id', '=', $('id')));
    const expectedUpdate = db.updateTable('frase_nr').set({ c: 8 }).where('id', '=', 'nr-7').compile();
    expect(update.bind(db, { id: 'nr-7', c: 7 })).toMatchObject({ sql: expectedUpdate.sql, parameters: expectedUpdate.parameters });
  });

  it('una sentencia sql`…` toma sus valores como parámetros', () => {
    const statement = precompile((_db, $: Placeholders<{ f: string; c: number }>) => sql<{ n: number }>`select count(*) as n from frase_nr where f = ${$('f')} and c > ${$('c')}::int`);
    const bound = statement.bind(db, { f: 'hola', c: 3 });
    expect(bound.sql).toBe(sql`select count(*) as n from frase_nr where f = ${'x'} and c > ${0}::int`.compile(db).sql);
    expect(bound.parameters).toEqual(['hola', 3]);
  });
});

describe('sentencias precompiladas: una compilación por dialecto', () => {
  it('la consulta se arma una sola vez por dialecto, la use quien la use', () => {
    let builds = 0;
    const statement = precompile((db, $: Placeholders<{ id: string }>) => {
      builds += 1;
      return db.selectFrom('frase_nr').select('c').where('id', '=', $('id'));
    });
    for (let i = 0; i < 5; i++) {
      expect(statement.bind(compilers.sqlite, { id: `s${i}` }).parameters).toEqual([`s${i}`]);
      expect(statement.bind(compilers.postgres, { id: `p${i}` }).parameters).toEqual([`p${i}`]);
    }
    expect(builds).toBe(2);
    expect(statement.bind(compilers.sqlite, { id: 'a' }).sql).toBe('select "c" from "frase_nr" where "id" = ?');
    expect(statement.bind(compilers.postgres, { id: 'a' }).sql).toBe('select "c" from "frase_nr" where "id" = $1');
  });

  it('cada forma se compila una vez, hasta el máximo de formas; las demás se compilan en cada llamada', () => {
    const made: number[] = [];
    const byRows = precompiledShapes((n: number) => {
      made.push(n);
      return precompile((db, $: Placeholders<{ ids: string[] }>) => db.selectFrom('frase_nr').select('c').where('id', 'in', Array.from({ length: n }, (_, i) => $((p) => p.ids[i]))));
    }, 2);
    for (const ids of [['a'], ['a', 'b'], ['c'], ['a', 'b', 'c'], ['d', 'e', 'f']]) {
      expect(byRows(ids.length).bind(compilers.postgres, { ids }).parameters).toEqual(ids);
    }
    expect(made).toEqual([1, 2, 3, 3]);
  });
});

describe('sentencias precompiladas: lo que no se puede ligar', () => {
  it('un valor escrito en el texto en vez de ligado se rechaza al compilar', () => {
    const statement = precompile((_db, $: Placeholders<{ tabla: string }>) => sql`select * from ${sql.raw(String($('tabla')))}`);
    expect(() => statement.bind(compilers.sqlite, { tabla: 'bot' })).toThrow(/no usa 1 de sus valores/);
  });

  it('un valor que falta (undefined) se rechaza, en vez de omitir su columna como haría Kysely', () => {
    const statement = precompile((db, $: Placeholders<{ id: string; c?: number }>) => db.updateTable('frase_nr').set({ c: $('c') }).where('id', '=', $('id')));
    expect(() => statement.bind(compilers.postgres, { id: 'a' })).toThrow(/Falta el valor 1/);
    expect(statement.bind(compilers.postgres, { id: 'a', c: 2 }).parameters).toEqual([2, 'a']);
  });
});

describe.each(dialects)('sentencias precompiladas en la base (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const insert = precompile((db, $: Placeholders<{ nonce: string; ts: number }>) => db.insertInto('nonce').values({ nonce: $('nonce'), ts: $('ts') }).onConflict((oc) => oc.column('nonce').doNothing()));
  const read = precompile((db, $: Placeholders<{ prefix: string }>) => db.selectFrom('nonce').select(['nonce', 'ts']).where('nonce', 'like', $((p) => `${p.prefix}%`)).orderBy('nonce'));

  it('cada ejecución guarda sus propios valores y cuenta sus filas, dentro y fuera de una transacción', async () => {
    const { db } = t.app;
    expect(Number((await insert.execute(db, { nonce: 'precompilada-1', ts: 1 })).numAffectedRows)).toBe(1);
    expect(Number((await insert.execute(db, { nonce: 'precompilada-1', ts: 9 })).numAffectedRows)).toBe(0);
    await db.transaction().execute(async (trx) => {
      await insert.execute(trx, { nonce: 'precompilada-2', ts: 2 });
      await insert.execute(trx, { nonce: 'precompilada-3', ts: 3 });
    });
    await expect(
      db.transaction().execute(async (trx) => {
        await insert.execute(trx, { nonce: 'precompilada-4', ts: 4 });
        throw new Error('deshecha');
      }),
    ).rejects.toThrow('deshecha');
    const rows = (await read.execute(db, { prefix: 'precompilada-' })).rows.map((r) => [r.nonce, Number(r.ts)]);
    expect(rows).toEqual([
      ['precompilada-1', 1],
      ['precompilada-2', 2],
      ['precompilada-3', 3],
    ]);
    expect(await read.takeFirst(db, { prefix: 'ninguna-' })).toBeUndefined();
  });
});
