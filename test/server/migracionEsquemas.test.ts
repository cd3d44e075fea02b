// PostgreSQL: a Quipu schema migrates while other schemas of the same database change beside it.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/src/db/index';
import { counterFills } from '../../server/src/conversation/usoRelleno';
import { createTestApp, dialects, type TestApp } from './helpers';

describe.skipIf(!dialects.includes('postgres'))('migraciones en una base con otros esquemas (postgres)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp('postgres');
    b = await createTestApp('postgres');
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('la introspección solo ve las tablas del esquema propio', async () => {
    const own = (await sql<{ schema: string }>`select current_schema() as schema`.execute(a.app.db)).rows[0].schema;
    const tables = await a.app.db.introspection.getTables({ withInternalKyselyTables: true });
    expect(new Set(tables.map((table) => table.schema))).toEqual(new Set([own]));
    expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['empresa', 'usuario', 'kysely_migration']));
    expect(tables.find((table) => table.name === 'empresa')?.columns.map((column) => column.name)).toContain('ruc');
    expect((await a.app.db.introspection.getTables()).map((table) => table.name)).not.toContain('kysely_migration');
  });

  it('migrar no falla mientras otro esquema agrega y quita columnas', async () => {
    let altering = true;
    const alterations = (async () => {
      let count = 0;
      while (altering) {
        await sql`alter table empresa add column prueba_temporal text`.execute(b.app.db);
        await sql`alter table empresa drop column prueba_temporal`.execute(b.app.db);
        count += 1;
      }
      return count;
    })();
    try {
      for (let i = 0; i < 40; i += 1) expect(await migrate(a.app.db, counterFills)).toBe(0);
    } finally {
      altering = false;
    }
    expect(await alterations).toBeGreaterThan(0);
  });
});
