// The QnA import: GET /skill/qna-plantilla, POST /skill/qna-importar (multipart, signed over its
// bytes), GET /skill/historial-import and /do ('Importar Ahora'), the external source through the
// outbound guard, and the schedule, against the real app on a seeded database.
import http from 'node:http';
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ALL_ACCOUNTS, companyId, signedIn } from './adminFixtures';
import { botAudit, expectedStatus, insertBot, insertSkill, ok } from './botFixtures';
import { API, createTestApp, dialects, TEST_PASSWORD_COST, type Client, type TestApp } from './helpers';
import { listenLocally, type LocalServer } from './localServer';
import { postMultipart, type Part } from './multipartFixtures';
import { BOT_MESSAGES } from '../../common/schemas/bots';
import { QNA_MESSAGES, QNA_TIPO, type QnaImport } from '../../common/schemas/qna';
import { buildApp } from '../../server/src/app';
import { checkQnaSchedules, startQnaSchedule } from '../../server/src/services/qna/programacion';
import type { App } from '../../server/src/types';

type Row = Partial<Record<'uid' | 'pregunta' | 'variantes' | 'tags' | 'respuesta', string>>;
const HEADER = ['uid', 'pregunta', 'variantes', 'tags', 'respuesta'] as const;

async function xlsx(rows: Row[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('QnA');
  ws.addRow([...HEADER]);
  for (const r of rows) ws.addRow(HEADER.map((c) => r[c] ?? null));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function xls(rows: Row[]): Buffer {
  const ws = XLSX.utils.aoa_to_sheet([[...HEADER], ...rows.map((r) => HEADER.map((c) => r[c] ?? ''))]);
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, 'QnA');
  return XLSX.write(wb, { bookType: 'xls', type: 'buffer' }) as Buffer;
}

describe.each(dialects)('importación de QnA (%s)', (dialect) => {
  let t: TestApp;
  const as = signedIn(() => t);
  let demo: string;
  let source: LocalServer;
  /** What the local external source answers next. */
  let served: { status: number; type: string; body: string | Buffer } = { status: 200, type: 'application/json', body: '[]' };

  beforeAll(async () => {
    source = await listenLocally((_req: http.IncomingMessage, res: http.ServerResponse) => {
      res.writeHead(served.status, { 'content-type': served.type });
      res.end(served.body);
    });
    // Only the local source's port is allowed: any other loopback address stays refused.
    t = await createTestApp(dialect, { outboundAllow: [`127.0.0.1:${source.port}`] });
    demo = await companyId(t, 'Demo Internacional');
  });
  afterAll(async () => {
    await t?.close();
    await source?.close();
  });

  const qnaBot = (fields: Record<string, unknown> = {}) => insertBot(t, demo, undefined, { qna: 1, ...fields });

  async function upload(c: Client, idBot: string, file?: { name: string; data: Buffer }, datos: unknown = {}): Promise<LightMyRequestResponse> {
    const url = `${API}/skill/qna-importar?idBot=${idBot}`;
    const parts: Part[] = [{ name: 'datos', value: JSON.stringify(datos) }];
    if (file) parts.push({ name: 'file', value: file.data, filename: file.name });
    return postMultipart(t, c, url, parts);
  }

  async function history(idBot: string): Promise<QnaImport[]> {
    return ok(await (await as('compania')).get(`${API}/skill/historial-import?idBot=${idBot}`));
  }

  async function imported(idBot: string, file: { name: string; data: Buffer }, datos: unknown = {}): Promise<QnaImport> {
    t.clock.advance(1000);
    ok(await upload(await as('compania'), idBot, file, datos));
    await t.app.jobs.drain();
    return (await history(idBot))[0];
  }

  const qnas = (idBot: string) =>
    t.app.db.selectFrom('skill').select(['id', 'nm', 'frases', 'cfg', 'origen', 'tipo']).where('idBot', '=', idBot).where('tipo', '=', QNA_TIPO).orderBy('nm').execute();
  const textsOf = async (idSkill: string) =>
    (await t.app.db.selectFrom('accion').select(['type', 'cfg']).where('idSkill', '=', idSkill).orderBy('ord').execute()).map((a) => ({ type: a.type, text: JSON.parse(a.cfg).text }));

  describe('quién llega a cada ruta', () => {
    const ROUTES: Array<{ route: string; need: 'read' | 'edit'; call: (c: Client, idBot: string) => Promise<LightMyRequestResponse> }> = [
      { route: 'GET /skill/qna-plantilla', need: 'read', call: (c) => c.get(`${API}/skill/qna-plantilla`) },
      { route: 'GET /skill/historial-import', need: 'read', call: (c, idBot) => c.get(`${API}/skill/historial-import?idBot=${idBot}`) },
      { route: 'POST /skill/qna-importar', need: 'edit', call: async (c, idBot) => upload(c, idBot, { name: 'q.xlsx', data: await xlsx([{ pregunta: 'a', respuesta: 'b' }]) }) },
      { route: 'GET /skill/historial-import/do', need: 'edit', call: (c, idBot) => c.get(`${API}/skill/historial-import/do?idBot=${idBot}`) },
    ];
    it.each(ROUTES.flatMap((r) => ALL_ACCOUNTS.map((who) => [r.route, who, r.route.includes('plantilla') && who === 'otra' ? 200 : expectedStatus(who, r.need)] as const)))(
      '%s: %s recibe %i',
      async (route, who, status) => {
        const idBot = await qnaBot({ qnaExtrn: 1, qnaUrl: `${source.base}/qna` });
        const response = await ROUTES.find((r) => r.route === route)!.call(await as(who), idBot);
        expect(response.statusCode, response.body).toBe(status);
        if (status === 404) expect(response.json()).toEqual({ message: BOT_MESSAGES.notFound });
        if (status !== 200 && ROUTES.find((r) => r.route === route)!.need === 'edit') expect(await history(idBot)).toEqual([]);
      },
    );
  });

  it('la plantilla es un .xlsx llamado plantilla-qna.xlsx', async () => {
    const response = await (await as('usuario')).get(`${API}/skill/qna-plantilla`);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain('plantilla-qna.xlsx');
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('importa las filas buenas, nombra las malas y actualiza por uid; el historial lo cuenta con el login', async () => {
    const idBot = await qnaBot();
    const existing = await insertSkill(t, idBot, 'Vieja', { tipo: QNA_TIPO, frases: ['x'], cfg: { tagsKb: ['t0'] } });
    await t.app.db.insertInto('accion').values({ id: crypto.randomUUID(), idBot, idSkill: existing, type: 'TEXT', ord: 0, cfg: JSON.stringify({ text: ['antes'] }) }).execute();
    const row = await imported(idBot, {
      name: 'preguntas ñ.xlsx',
      data: await xlsx([
        { uid: '-', pregunta: '¿Horario?', variantes: '¿A qué hora abren?\n¿Cuándo atienden?', tags: 'horarios, Soporte', respuesta: 'De 9 a 18' },
        { uid: '-', pregunta: '', respuesta: 'sin pregunta' },
        { uid: existing, pregunta: 'Nueva', variantes: 'y', respuesta: 'después' },
        { uid: 'no-existe', pregunta: 'Otra', respuesta: 'z' },
      ]),
    });
    expect(row).toMatchObject({ origen: 'archivo', fuente: 'preguntas ñ.xlsx', us: 'compania@quipu.test', done: true, error: null, total: 4, progreso: 4, nuevos: 1, actualizados: 1, remove: 0 });
    expect(row.errores).toEqual([
      { e: 'Fila 3, columna pregunta', t: 'campo requerido' },
      { e: 'Fila 5, columna uid', t: 'QnA inexistente' },
    ]);
    const stored = await qnas(idBot);
    expect(stored.map((q) => [q.nm, JSON.parse(q.frases), Number(q.origen)])).toEqual([
      ['Nueva', ['y'], 0],
      ['¿Horario?', ['¿A qué hora abren?', '¿Cuándo atienden?'], 1],
    ]);
    const tags = await t.app.db.selectFrom('tag_kb').select(['sg', 'nm']).where('idBot', '=', idBot).orderBy('sg').execute();
    expect(tags).toEqual([{ sg: 't1', nm: 'horarios' }, { sg: 't2', nm: 'Soporte' }]);
    expect(JSON.parse(stored[1].cfg).tagsKb).toEqual(['t1', 't2']);
    expect(await textsOf(stored[1].id)).toEqual([{ type: 'TEXT', text: ['De 9 a 18'] }]);
    expect(await textsOf(existing)).toEqual([{ type: 'TEXT', text: ['después'] }]);
    const [bot] = await t.app.db.selectFrom('bot').select('nm').where('id', '=', idBot).execute();
    expect((await botAudit(t, bot.nm))[0].val).toContain('1 nuevas, 1 actualizadas, 2 filas con errores');
    // The file travelled in the job's row; once the job ended, the row keeps none of it.
    const jobs = await t.app.db.selectFrom('trabajo').select(['estado', 'datos']).where('tipo', '=', 'qna-importacion').where('idE', '=', demo).execute();
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.map((j) => [j.estado, j.datos])).toEqual(jobs.map(() => ['hecho', '{}']));
  });

  it('lee un .xls, y las filas sin tags toman los tags de datos', async () => {
    const idBot = await qnaBot();
    await t.app.db.insertInto('tag_kb').values({ idBot, sg: 't1', nm: 'Ventas', nmKey: 'ventas' }).execute();
    const row = await imported(idBot, { name: 'viejo.xls', data: xls([{ uid: '-', pregunta: 'Precio', respuesta: 'Barato' }]) }, { tagsKb: ['t1'] });
    expect(row).toMatchObject({ done: true, error: null, nuevos: 1 });
    expect((await qnas(idBot)).map((q) => JSON.parse(q.cfg).tagsKb)).toEqual([['t1']]);
  });

  it("un archivo que no es Excel: 'no se puede leer el archivo' y nada queda guardado", async () => {
    const idBot = await qnaBot();
    const response = await upload(await as('compania'), idBot, { name: 'texto.xlsx', data: Buffer.from('hola, no soy un excel') });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(QNA_MESSAGES.noSePuedeLeer);
    expect(await history(idBot)).toEqual([]);
    expect(await qnas(idBot)).toEqual([]);
  });

  it("sin archivo: 'Seleccione un archivo excel'; un bot sin QnA lo rechaza", async () => {
    const c = await as('compania');
    expect((await upload(c, await qnaBot())).json()).toEqual({ message: QNA_MESSAGES.seleccioneExcel });
    const sinQna = await insertBot(t, demo);
    expect((await upload(c, sinQna, { name: 'q.xlsx', data: await xlsx([]) })).json()).toEqual({ message: QNA_MESSAGES.botSinQna });
  });

  it('un archivo más grande que MAX_IMPORTACION_MB se rechaza nombrando el límite', async () => {
    const idBot = await qnaBot();
    const big = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(t.config.maxImportacionMb * 1024 * 1024)]);
    const response = await upload(await as('compania'), idBot, { name: 'grande.xlsx', data: big });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: `El archivo supera el máximo de ${t.config.maxImportacionMb} MB` });
    expect(await history(idBot)).toEqual([]);
  });

  it('una importación por bot a la vez', async () => {
    const idBot = await qnaBot({ qnaExtrn: 1, qnaUrl: `${source.base}/qna` });
    const c = await as('compania');
    ok(await upload(c, idBot, { name: 'q.xlsx', data: await xlsx([{ pregunta: 'a', respuesta: 'b' }]) }));
    const again = await upload(c, idBot, { name: 'q.xlsx', data: await xlsx([{ pregunta: 'a', respuesta: 'b' }]) });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: QNA_MESSAGES.importacionEnCurso });
    expect((await c.get(`${API}/skill/historial-import/do?idBot=${idBot}`)).json()).toEqual({ message: QNA_MESSAGES.importacionEnCurso });
    await t.app.jobs.drain();
    expect(await history(idBot)).toHaveLength(1);
  });

  describe('QnA externo', () => {
    async function importNow(idBot: string): Promise<QnaImport> {
      // Each import a second after the last, so the newest is first.
      t.clock.advance(1000);
      ok(await (await as('compania')).get(`${API}/skill/historial-import/do?idBot=${idBot}`));
      await t.app.jobs.drain();
      return (await history(idBot))[0];
    }

    it('sin URL externa responde que no la tiene', async () => {
      const response = await (await as('compania')).get(`${API}/skill/historial-import/do?idBot=${await qnaBot()}`);
      expect(response.json()).toEqual({ message: QNA_MESSAGES.sinUrlExterna });
    });

    it.each([['la dirección local', 'http://127.0.0.1:9/qna', '127.0.0.1'], ['la de metadatos', 'http://169.254.169.254/latest/meta-data', '169.254.169.254']])(
      'rechaza %s sin conectarse',
      async (_what, url, host) => {
        const idBot = await qnaBot({ qnaExtrn: 1, qnaUrl: url });
        const row = await importNow(idBot);
        expect(row).toMatchObject({ origen: 'ahora', fuente: url, done: true, error: `No se pudo leer el QnA externo: Dirección no permitida: ${host} es una dirección interna`, nuevos: 0 });
      },
    );

    it('lee las filas JSON de una fuente permitida y elimina las QnA automáticas que ya no lista', async () => {
      const idBot = await qnaBot({ qnaExtrn: 1, qnaUrl: `${source.base}/qna` });
      const kept = await insertSkill(t, idBot, 'Se queda', { tipo: QNA_TIPO });
      const gone = await insertSkill(t, idBot, 'Se va', { tipo: QNA_TIPO });
      const mine = await insertSkill(t, idBot, 'Del usuario', { tipo: QNA_TIPO });
      await t.app.db.updateTable('skill').set({ origen: 1 }).where('id', 'in', [kept, gone]).execute();
      served = { status: 200, type: 'application/json', body: JSON.stringify([{ uid: kept, pregunta: 'Se queda', respuesta: 'sí' }, { pregunta: 'Nueva', variantes: ['n1', 'n2'], tags: ['Externo'], respuesta: 'hola' }]) };
      const row = await importNow(idBot);
      expect(row).toMatchObject({ done: true, error: null, nuevos: 1, actualizados: 1, remove: 1, errores: [] });
      expect((await qnas(idBot)).map((q) => q.nm)).toEqual(['Del usuario', 'Nueva', 'Se queda']);
      expect(mine).toBeTruthy();
    });

    it('una respuesta que no es Excel ni JSON, o un estado de error, queda como error de la importación', async () => {
      const idBot = await qnaBot({ qnaExtrn: 1, qnaUrl: `${source.base}/qna` });
      served = { status: 200, type: 'text/html', body: '<html>hola</html>' };
      expect((await importNow(idBot)).error).toBe('No se pudo leer el QnA externo: la respuesta no es un Excel ni un JSON con filas');
      served = { status: 503, type: 'text/plain', body: 'no' };
      expect((await importNow(idBot)).error).toBe('No se pudo leer el QnA externo: el servidor respondió 503');
    });

    it('la programación importa cada disparo una sola vez, en la zona de la empresa, aunque dos instancias revisen a la vez', async () => {
      served = { status: 200, type: 'application/json', body: JSON.stringify([{ pregunta: 'Programada', respuesta: 'ok' }]) };
      const idBot = await qnaBot({ qnaExtrn: 1, qnaUrl: `${source.base}/qna`, qnaCron: '0 0 3 * * *' });
      await t.app.db.updateTable('empresa').set({ tz: 'America/Lima' }).where('id', '=', demo).execute();
      // 03:00 in Lima is 08:00 UTC.
      t.clock.now = Date.parse('2026-03-10T08:00:30Z');
      const b = dialect === 'postgres' ? await buildApp(t.config, { passwordCost: TEST_PASSWORD_COST, logger: false, seed: false, runJobs: false }) : undefined;
      try {
        const added = await Promise.all([checkQnaSchedules(t.app), checkQnaSchedules(b ?? t.app), checkQnaSchedules(t.app)]);
        expect(added.reduce((n, x) => n + x, 0)).toBe(1);
        t.clock.advance(60_000);
        expect(await checkQnaSchedules(b ?? t.app)).toBe(0);
      } finally {
        await b?.close();
      }
      await t.app.jobs.drain();
      const rows = await history(idBot);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ origen: 'programada', us: null, done: true, nuevos: 1 });
      expect((await t.app.db.selectFrom('qna_importacion').select('clave').where('idBot', '=', idBot).executeTakeFirstOrThrow()).clave).toBe(`${idBot}:2026-03-10T08:00:00.000Z`);
      // At 03:00 UTC (22:00 in Lima) nothing is due.
      t.clock.now = Date.parse('2026-03-11T03:00:30Z');
      expect(await checkQnaSchedules(t.app)).toBe(0);
    });
  });
});

describe('la revisión de la programación', () => {
  /** An app whose every query fails, or never answers. */
  const appWith = (query: () => unknown) =>
    ({ config: { now: () => Date.now(), chatTimeZone: 'UTC' }, db: { selectFrom: query }, log: { error: vi.fn() }, jobs: { kick: vi.fn() } }) as unknown as App & { log: { error: ReturnType<typeof vi.fn> } };

  it('un error se registra y la revisión sigue en la siguiente vuelta', async () => {
    const app = appWith(() => {
      throw new Error('base caída');
    });
    const loop = startQnaSchedule(app, 10);
    await vi.waitFor(() => expect(app.log.error.mock.calls.length).toBeGreaterThanOrEqual(3));
    loop.stop();
    expect(app.log.error.mock.calls[0][1]).toBe('no se pudo revisar las importaciones de QnA programadas');
  });

  it('una revisión que no termina se registra como detenida, una vez', async () => {
    const never = { innerJoin: () => never, select: () => never, where: () => never, execute: () => new Promise(() => undefined) };
    const app = appWith(() => never);
    const loop = startQnaSchedule(app, 10);
    await vi.waitFor(() => expect(app.log.error).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 60));
    loop.stop();
    expect(app.log.error.mock.calls.map((c) => c[1])).toEqual(['la revisión de las importaciones de QnA programadas no termina; se espera a que acabe']);
  });
});
