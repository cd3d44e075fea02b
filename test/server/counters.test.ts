// Per-company row counters (db/counters.ts): the migrated tables count exactly, and one call
// counts a new table.
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addRowCounter, dropRowCounter } from '../../server/src/db/counters';
import { countedRows } from '../../server/src/db/paging';
import { createTestApp, dialects, type TestApp } from './helpers';

describe.each(dialects)('contadores por empresa (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  beforeEach(async () => {
    await t.reset();
  });
  afterAll(async () => {
    await t.close();
  });

  const counts = async (tabla: string) =>
    Object.fromEntries((await sql<{ idE: string; n: number }>`select "idE", n from conteo where tabla = ${tabla} and n <> 0 order by "idE"`.execute(t.app.db)).rows.map((r) => [r.idE, Number(r.n)]));
  const actual = async (tabla: string) =>
    Object.fromEntries((await sql<{ idE: string; n: number }>`select "idE", count(*) as n from ${sql.table(tabla)} group by "idE" order by "idE"`.execute(t.app.db)).rows.map((r) => [r.idE, Number(r.n)]));

  it('usuario y auditoria cuentan exactamente sus filas por empresa, y siguen altas y bajas', async () => {
    for (const tabla of ['usuario', 'auditoria']) expect(await counts(tabla)).toEqual(await actual(tabla));
    const { idE } = await t.app.db.selectFrom('usuario').select('idE').where('idE', '<>', '').executeTakeFirstOrThrow();
    const before = await countedRows(t.app.db, 'auditoria', idE);
    await t.app.db.deleteFrom('auditoria').where('idE', '=', idE).where('id', 'in', t.app.db.selectFrom('auditoria').select('id').where('idE', '=', idE).limit(1)).execute();
    expect(await countedRows(t.app.db, 'auditoria', idE)).toBe(Math.max(0, before - 1));
  });

  it('una tabla nueva se cuenta con una llamada, con sus filas previas', async () => {
    const db = t.app.db as unknown as Kysely<unknown>;
    await sql`create table prueba_conteo (id varchar(64) primary key, "idE" varchar(64) not null)`.execute(db);
    try {
      await sql`insert into prueba_conteo (id, "idE") values ('1', 'A'), ('2', 'A'), ('3', 'B')`.execute(db);
      await addRowCounter(db, 'prueba_conteo');
      expect(await counts('prueba_conteo')).toEqual({ A: 2, B: 1 });
      await sql`insert into prueba_conteo (id, "idE") values ('4', 'B')`.execute(db);
      await sql`update prueba_conteo set "idE" = 'B' where id = '1'`.execute(db);
      await sql`delete from prueba_conteo where id = '2'`.execute(db);
      expect(await counts('prueba_conteo')).toEqual({ B: 3 });
      await dropRowCounter(db, 'prueba_conteo');
      await sql`insert into prueba_conteo (id, "idE") values ('5', 'C')`.execute(db);
      expect(await counts('prueba_conteo')).toEqual({});
    } finally {
      await sql`drop table prueba_conteo`.execute(db);
    }
  });
});
