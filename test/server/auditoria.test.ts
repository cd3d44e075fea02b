// Audit: POST /auditoria/search and POST /auditoria.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_AHEAD } from '../../server/src/db/paging';
import { ALL_ACCOUNTS, companyId, signedIn } from './adminFixtures';
import { API, createTestApp, dialects, userRow, type TestApp } from './helpers';

const SEARCH = `${API}/auditoria/search`;
const RECORD = `${API}/auditoria`;
/** A row as the search answers it when its detail names nothing by id (no refs). */
const COLUMNS = ['id', 'idU', 'us', 'idE', 'ev', 'fc', 'val'] as const;

interface Row {
  id: string;
  idU: string;
  us: string;
  idE: string;
  ev: number;
  fc: string;
  val: string | null;
}

describe.each(dialects)('auditoría (%s)', (dialect) => {
  let t: TestApp;
  const as = signedIn(() => t);
  let demo: string;
  let otra: string;
  /** The demo company's rows as stored, newest first. */
  let demoRows: Row[];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    demo = await companyId(t, 'Demo Internacional');
    otra = await companyId(t, 'Otra Empresa');
    demoRows = await t.app.db.selectFrom('auditoria').select(COLUMNS).where('idE', '=', demo).orderBy('fc', 'desc').orderBy('id', 'desc').execute();
  });
  afterAll(() => t?.close());

  const search = async (body: Record<string, unknown>, who: (typeof ALL_ACCOUNTS)[number] = 'compania') =>
    (await as(who)).post(SEARCH, { page: 0, ...body });
  const content = async (body: Record<string, unknown>): Promise<Row[]> => (await search({ pageSize: 100, ...body })).json().content;

  describe('POST /auditoria/search', () => {
    it.each(ALL_ACCOUNTS)('%s puede consultar la auditoría de su empresa', async (who) => {
      const response = await search({}, who);
      expect(response.statusCode).toBe(200);
      const rows: Row[] = response.json().content;
      expect(rows.length).toBeGreaterThan(0);
      if (who !== 'admin') expect(new Set(rows.map((r) => r.idE))).toEqual(new Set([who === 'otra' ? otra : demo]));
    });

    it('sin sesión responde 401', async () => {
      expect((await t.client().post(SEARCH, { page: 0 })).statusCode).toBe(401);
    });

    it('otra empresa no ve filas ajenas aunque pida la idE de Demo Internacional', async () => {
      const response = await search({ pageSize: 100, idE: demo }, 'otra');
      const body = response.json();
      expect(body.content.every((r: Row) => r.idE === otra)).toBe(true);
      expect(body.totalElements).toBe(body.content.length);
      expect(response.body).not.toContain('compania@quipu.test');
    });

    it('el administrador del sistema ve todas las empresas, o la que pida', async () => {
      const all = (await search({ pageSize: 500 }, 'admin')).json();
      expect(all.content.some((r: Row) => r.idE === demo) && all.content.some((r: Row) => r.idE === otra)).toBe(true);
      const one = (await search({ pageSize: 500, idE: otra }, 'admin')).json();
      expect(one.content.every((r: Row) => r.idE === otra)).toBe(true);
    });

    it('10 filas por página por defecto, de la más nueva a la más antigua, con el total exacto', async () => {
      const first = (await search({})).json();
      expect(first.content).toEqual(demoRows.slice(0, 10));
      expect(first).toMatchObject({ totalElements: demoRows.length, totalPages: Math.ceil(demoRows.length / 10), totalExact: true });
      const second = (await search({ page: 1 })).json();
      expect(second.content).toEqual(demoRows.slice(10, 20));
      const beyond = (await search({ page: 99 })).json();
      expect(beyond.content).toEqual([]);
    });

    it.each([
      ['fc', false],
      ['fc', true],
      ['us', false],
      ['us', true],
      ['ev', false],
      ['ev', true],
    ] as const)('ordena por %s (desc: %s)', async (id, desc) => {
      const rows = await content({ sorted: [{ id, desc }] });
      expect(rows).toHaveLength(demoRows.length);
      const keys = rows.map((r) => r[id]);
      const sorted = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      expect(keys).toEqual(desc ? sorted.reverse() : sorted);
    });

    it('filtra por usuario (contiene, sin mayúsculas), evento, detalle y búsqueda libre', async () => {
      const byUser = await content({ filtered: [{ id: 'us', value: 'SUPERVISOR' }] });
      expect(byUser.map((r) => r.id)).toEqual(demoRows.filter((r) => r.us.includes('supervisor')).map((r) => r.id));
      expect(byUser.length).toBeGreaterThan(0);

      const byEvent = await content({ filtered: [{ id: 'ev', value: 2 }] });
      expect(byEvent.map((r) => r.id)).toEqual(demoRows.filter((r) => r.ev === 2).map((r) => r.id));
      expect(await content({ filtered: [{ id: 'ev', value: '2' }] })).toEqual(byEvent);

      const byDetail = await content({ filtered: [{ id: 'val', value: 'desplegó' }] });
      expect(byDetail.map((r) => r.id)).toEqual(demoRows.filter((r) => r.val?.toLowerCase().includes('desplegó')).map((r) => r.id));
      expect(byDetail.length).toBeGreaterThan(0);

      const q = await content({ filtered: [{ id: 'q', value: 'historial@' }] });
      expect(q.map((r) => r.id)).toEqual(demoRows.filter((r) => r.us.includes('historial@') || r.val?.includes('historial@')).map((r) => r.id));

      const both = await search({ pageSize: 3, filtered: [{ id: 'ev', value: 0 }, { id: 'us', value: 'usuario@' }] });
      const expected = demoRows.filter((r) => r.ev === 0 && r.us.includes('usuario@'));
      expect(both.json()).toMatchObject({ totalElements: expected.length, totalExact: true, totalPages: Math.ceil(expected.length / 3) });
    });

    it('filtra por fecha: un día (fc), desde y hasta, con día o instante', async () => {
      const day = demoRows[5].fc.slice(0, 10);
      const ofDay = await content({ filtered: [{ id: 'fc', value: day }] });
      expect(ofDay.map((r) => r.id)).toEqual(demoRows.filter((r) => r.fc.startsWith(day)).map((r) => r.id));

      const from = demoRows[12].fc.slice(0, 10);
      const to = demoRows[4].fc.slice(0, 10);
      const range = await content({ filtered: [{ id: 'fcDesde', value: from }, { id: 'fcHasta', value: to }] });
      expect(range.map((r) => r.id)).toEqual(demoRows.filter((r) => r.fc.slice(0, 10) >= from && r.fc.slice(0, 10) <= to).map((r) => r.id));

      const instant = demoRows[7].fc;
      const upTo = await content({ filtered: [{ id: 'fcHasta', value: instant }] });
      expect(upTo.map((r) => r.id)).toEqual(demoRows.filter((r) => r.fc <= instant).map((r) => r.id));
      const since = await content({ filtered: [{ id: 'fcDesde', value: instant }] });
      expect(since.map((r) => r.id)).toEqual(demoRows.filter((r) => r.fc >= instant).map((r) => r.id));
    });

    it.each([
      [{ sorted: [{ id: 'val' }] }, "sorted: no se puede ordenar por el campo 'val' (campos permitidos: fc, us, ev)"],
      [{ filtered: [{ id: 'idU', value: 'x' }] }, "filtered: no se puede filtrar por el campo 'idU' (campos permitidos: us, ev, val, fc, fcDesde, fcHasta, q)"],
      [{ filtered: [{ id: 'ev', value: 'tres' }] }, "filtered: el código de evento no es un número ('tres')"],
      [{ filtered: [{ id: 'fc', value: '2026-02-30' }] }, "filtered: la fecha de 'fc' no es válida ('2026-02-30'); use AAAA-MM-DD"],
      [{ filtered: [{ id: 'fc', value: '2026-02-03T10:00:00Z' }] }, "filtered: la fecha de 'fc' no es válida ('2026-02-03T10:00:00Z'); use AAAA-MM-DD"],
      [{ filtered: [{ id: 'fcDesde', value: 'ayer' }] }, "filtered: la fecha de 'fcDesde' no es válida ('ayer'); use AAAA-MM-DD"],
      [{ pageSize: 0 }, 'El campo pageSize debe ser mayor o igual a 1'],
      [{ sorted: [{ id: 'x'.repeat(41) }] }, 'El campo sorted[0].id admite como máximo 40 caracteres'],
      [{ filtered: [{ id: 'us', value: { a: 1 } }] }, 'El campo filtered[0].value debe ser un texto'],
      [{ sorted: Array.from({ length: 6 }, () => ({ id: 'fc' })) }, 'El campo sorted admite como máximo 5 elementos'],
    ])('rechaza %j con 400: %s', async (body, message) => {
      const response = await search(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    });
  });

  describe('POST /auditoria', () => {
    it('registra el evento a nombre de la sesión, aunque el cliente envíe otro usuario y otra empresa', async () => {
      const foreign = await userRow(t, 'otra@quipu.test');
      const before = (await search({})).json().totalElements;
      const response = await (await as('usuario')).post(RECORD, { ev: 0, val: 'Abrió la conversación del cliente 51900000001', idU: foreign.id, idE: otra });
      expect(response.statusCode).toBe(200);
      const { recorded, id } = response.json();
      expect(recorded).toBe(true);
      const me = await userRow(t, 'usuario@quipu.test');
      const row = await t.app.db.selectFrom('auditoria').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      // What a client posts names nothing the search could look up: no refs.
      expect(row).toEqual({ id, idU: me.id, us: 'usuario@quipu.test', idE: demo, ev: 0, fc: new Date(t.clock.now).toISOString(), val: 'Abrió la conversación del cliente 51900000001', refs: null });
      // The per-company total follows at once.
      expect((await search({})).json().totalElements).toBe(before + 1);
    });

    it('no registra nada si la empresa no tiene la auditoría activa', async () => {
      const count = async () => Number((await t.app.db.selectFrom('auditoria').select((eb) => eb.fn.countAll<number>().as('n')).where('idE', '=', otra).executeTakeFirstOrThrow()).n);
      const before = await count();
      const response = await (await as('otra')).post(RECORD, { ev: 3, val: 'Desactivó el canal web' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ recorded: false });
      expect(await count()).toBe(before);
    });

    it.each(ALL_ACCOUNTS.filter((who) => who !== 'admin' && who !== 'otra'))('%s de Demo Internacional (auditoría activa) registra', async (who) => {
      const response = await (await as(who)).post(RECORD, { ev: 3, val: `Cambio de canal por ${who}` });
      expect(response.json().recorded).toBe(true);
    });

    it.each([
      [{ ev: 4, val: 'Usuario eliminado: alguien' }, 'ev: el código de evento 4 no es válido (use 0, 1, 2, 3)'],
      [{ ev: 'historial' }, 'El campo ev debe ser un número entero'],
      [{ val: 'sin evento' }, 'El campo ev es obligatorio'],
      [{ ev: 0, val: 'x'.repeat(2001) }, 'El campo val admite como máximo 2000 caracteres'],
      [{ ev: 0, idE: 'x'.repeat(65) }, 'El campo idE admite como máximo 64 caracteres'],
    ])('rechaza %j: %s', async (body, message) => {
      const response = await (await as('compania')).post(RECORD, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    });

    it('las filas no se editan ni se borran: no hay ruta para hacerlo', async () => {
      const [row] = demoRows;
      const c = await as('admin');
      expect((await c.send('DELETE', `${RECORD}?id=${row.id}`)).statusCode).toBe(404);
      expect((await c.send('PUT', RECORD, { ...row, val: 'alterado' })).statusCode).toBe(404);
      expect(await t.app.db.selectFrom('auditoria').select(COLUMNS).where('id', '=', row.id).executeTakeFirst()).toEqual(row);
    });
  });

  describe('totales con muchas filas', () => {
    const MANY = COUNT_AHEAD + 50;

    beforeAll(async () => {
      const author = await userRow(t, 'otra@quipu.test');
      const base = Date.parse('2025-01-01T00:00:00.000Z');
      const rows = Array.from({ length: MANY }, (_, i) => ({
        id: `masivo-${String(i).padStart(6, '0')}`,
        idU: author.id,
        us: author.usuario,
        idE: otra,
        ev: i % 4,
        fc: new Date(base + i * 1000).toISOString(),
        val: `Evento masivo ${i}`,
      }));
      await t.app.db.transaction().execute(async (trx) => {
        for (let i = 0; i < rows.length; i += 500) await trx.insertInto('auditoria').values(rows.slice(i, i + 500)).execute();
      });
    });

    it('sin filtros el total es exacto (contador por empresa)', async () => {
      const stored = Number((await t.app.db.selectFrom('auditoria').select((eb) => eb.fn.countAll<number>().as('n')).where('idE', '=', otra).executeTakeFirstOrThrow()).n);
      const body = (await search({}, 'otra')).json();
      expect(body).toMatchObject({ totalElements: stored, totalExact: true, totalPages: Math.ceil(stored / 10) });
    });

    it.each([
      ['la última página', (pages: number) => pages - 1],
      ['una página pasada la mitad', (pages: number) => Math.floor(pages / 2) + 1],
      ['una página antes de la mitad', (pages: number) => Math.floor(pages / 2) - 1],
    ])('%s trae las mismas filas que la consulta directa, en orden', async (_label, pageOf) => {
      for (const sorted of [[], [{ id: 'ev', desc: false }]]) {
        const { totalPages } = (await search({ sorted }, 'otra')).json();
        const page = pageOf(totalPages);
        const body = (await search({ page, sorted }, 'otra')).json();
        let direct = t.app.db.selectFrom('auditoria').select(COLUMNS).where('idE', '=', otra);
        direct = sorted.length ? direct.orderBy('ev', 'asc').orderBy('fc', 'asc').orderBy('id', 'asc') : direct.orderBy('fc', 'desc').orderBy('id', 'desc');
        expect(body.content).toEqual(await direct.limit(10).offset(page * 10).execute());
        expect(body.content.length).toBeGreaterThan(0);
      }
    });

    it('con un filtro amplio el total se cuenta hasta 10.000 filas más allá de la página y se marca como mínimo', async () => {
      const body = (await search({ filtered: [{ id: 'val', value: 'masivo' }] }, 'otra')).json();
      expect(body.content).toHaveLength(10);
      expect(body.content[0].id).toBe(`masivo-${String(MANY - 1).padStart(6, '0')}`);
      expect(body).toMatchObject({ totalElements: COUNT_AHEAD + 10, totalExact: false, totalPages: (COUNT_AHEAD + 10) / 10 });
      // Further on, the bound moves with the page; near the end the count is exact again.
      const last = (await search({ page: Math.floor((MANY - 1) / 10), filtered: [{ id: 'val', value: 'masivo' }] }, 'otra')).json();
      expect(last).toMatchObject({ totalElements: MANY, totalExact: true });
      expect(last.content.at(-1).id).toBe('masivo-000000');
    });

    it('con un filtro estrecho el total es exacto', async () => {
      const body = (await search({ filtered: [{ id: 'val', value: 'masivo 1234' }] }, 'otra')).json();
      expect(body).toMatchObject({ totalElements: 1, totalExact: true });
    });
  });
});

// The "contains" filters: on SQLite a term of 3 or more characters is read from a trigram index
// (migration 003) kept by triggers; shorter ones, and PostgreSQL, filter with LIKE.
describe.each(dialects)('auditoría: filtro "contiene" (%s)', (dialect) => {
  let t: TestApp;
  const as = signedIn(() => t);
  let demo: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    demo = await companyId(t, 'Demo Internacional');
  });
  afterAll(() => t?.close());

  const insert = (id: string, us: string, val: string | null) =>
    t.app.db.insertInto('auditoria').values({ id, idU: 'x', us, idE: demo, ev: 1, fc: new Date(t.clock.now).toISOString(), val }).execute();
  const found = async (id: string, value: string) => {
    const body = (await (await as('compania')).post(SEARCH, { page: 0, pageSize: 100, filtered: [{ id, value }] })).json();
    expect(body.totalElements).toBe(body.content.length);
    return body.content.map((r: Row) => r.id).filter((x: string) => x.startsWith('fts-')).sort();
  };

  it('busca subcadenas con acentos y sin mayúsculas, cortas y largas, y encuentra las filas nuevas', async () => {
    await insert('fts-1', 'peñaloza@texto.test', 'Modificó el bot Ñandú de atención');
    await insert('fts-2', 'ruiz@texto.test', 'Dijo "hola" al bot: 50% _listo_');
    await insert('fts-3', 'ruiz@texto.test', null);
    expect(await found('val', 'ODIFICÓ EL')).toEqual(['fts-1']);
    expect(await found('val', 'ndú de aten')).toEqual(['fts-1']);
    expect(await found('val', 'dú')).toEqual(['fts-1']);
    expect(await found('val', 'ó')).toEqual(['fts-1']);
    expect(await found('val', '"hola"')).toEqual(['fts-2']);
    expect(await found('val', '50% _l')).toEqual(['fts-2']);
    expect(await found('val', 'hola" OR "bot')).toEqual([]);
    expect(await found('val', 'al bot')).toEqual(['fts-2']);
    expect(await found('us', 'ÑALOZA@')).toEqual(['fts-1']);
    expect(await found('us', 'iz')).toEqual(['fts-2', 'fts-3']);
    expect(await found('q', 'ruiz@tex')).toEqual(['fts-2', 'fts-3']);
    expect(await found('q', 'atención')).toEqual(['fts-1']);

    expect(await found('val', 'xilófono')).toEqual([]);
    await insert('fts-4', 'nuevo@texto.test', 'Un XILófono nuevo');
    expect(await found('val', 'xilófono')).toEqual(['fts-4']);
    expect(await found('q', 'evo@tex')).toEqual(['fts-4']);
    // Rows are append-only, but a deleted one leaves the index too.
    await t.app.db.deleteFrom('auditoria').where('id', '=', 'fts-4').execute();
    expect(await found('val', 'xilófono')).toEqual([]);
  });
});
