// PostgreSQL's prepared statements (server/src/db/prepared.ts): which statements are named, from
// which run, and that a prepared statement survives a migration adding a column.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREPARE_FROM_RUN, StatementNames } from '../../server/src/db/prepared';
import { createTestApp, type TestApp } from './helpers';

describe('nombres de las sentencias preparadas', () => {
  it('una consulta se prepara desde su tercera vez, siempre con el mismo nombre', () => {
    const names = new StatementNames();
    const text = 'select "id", "nm" from "bot" where "id" = $1';
    const runs = Array.from({ length: 5 }, () => names.nameFor(text));
    expect(runs.slice(0, PREPARE_FROM_RUN - 1)).toEqual([undefined, undefined]);
    expect(new Set(runs.slice(PREPARE_FROM_RUN - 1)).size).toBe(1);
    expect(runs.at(-1)).toMatch(/^quipu_[0-9a-f]{24}$/);
  });

  it.each([
    ['select * from "bot" where "id" = $1'],
    ['select "bot".*, "bot_version"."id" as "idVersion" from "bot" left join "bot_version" on true'],
    ['update "bot" set "nm" = $1 returning *'],
    ['begin'],
    ['alter table "bot" add column "x" text'],
  ])('%s no se prepara nunca', (text) => {
    const names = new StatementNames();
    expect(Array.from({ length: 5 }, () => names.nameFor(text))).toEqual(Array(5).fill(undefined));
  });

  it('un texto largo (una inserción masiva) no se recuerda ni se prepara', () => {
    const names = new StatementNames();
    const text = `insert into "frase" ("id", "f") values ${Array.from({ length: 400 }, (_, i) => `($${2 * i + 1}, $${2 * i + 2})`).join(', ')}`;
    expect(Array.from({ length: 5 }, () => names.nameFor(text))).toEqual(Array(5).fill(undefined));
  });

  it('count(*) sí se prepara', () => {
    const names = new StatementNames();
    const text = 'select count(*) as "n" from "nonce" where "ts" < $1';
    expect(Array.from({ length: 3 }, () => names.nameFor(text)).at(-1)).toBeDefined();
  });
});

describe.runIf(process.env.DATABASE_URL)('sentencias preparadas en PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres');
  });
  afterAll(async () => {
    await t.close();
  });

  it('una sentencia frecuente queda preparada en la conexión, y sigue valiendo tras una migración que agrega una columna', async () => {
    await t.app.db.connection().execute(async (db) => {
      const read = () => db.selectFrom('empresa').select(['id', 'nm']).where('nm', '=', 'Otra Empresa').execute();
      const readAll = () => db.selectFrom('empresa').selectAll().where('nm', '=', 'Otra Empresa').execute();
      for (let i = 0; i < PREPARE_FROM_RUN + 1; i++) {
        expect(await read()).toHaveLength(1);
        expect(await readAll()).toHaveLength(1);
      }
      const prepared = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(db);
      expect(prepared.rows.some((r) => r.name.startsWith('quipu_') && r.statement.includes('from "empresa"'))).toBe(true);
      await sql`alter table empresa add column prueba_preparada text`.execute(db);
      try {
        expect(await read()).toHaveLength(1);
        // select * is never prepared (its plan would refuse the new row type), so its rows take the new column.
        const [row] = await readAll();
        expect(row).toHaveProperty('prueba_preparada', null);
      } finally {
        await sql`alter table empresa drop column prueba_preparada`.execute(db);
      }
      expect(await read()).toHaveLength(1);
    });
  });
});
