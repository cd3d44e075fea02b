// The knowledge base's monitoring: the KB-unrecognised questions (POST /qna-not-found/table,
// /delete, /assign, /export), 'Reporte de calificaciones' (POST /qna-score/export) and the
// dashboard's QnA tab (POST /dashboard/qna), against the real app. Ratings and counters come from
// real conversations with a KB bot; every figure is checked against a slow count of the rows.
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayStart, localDay } from '../../common/dias';
import { DASHBOARD_TEXTS, HISTORY_TEXTS, type Report } from '../../common/schemas/historial';
import { QNA_MESSAGES, type QnaNfRow } from '../../common/schemas/qna';
import { KB_POSTBACK } from '../../server/src/engine/kbTurn';
import { phraseHash } from '../../server/src/services/bots/frases';
import { ALL_ACCOUNTS, companyId, signedIn, type Account } from './adminFixtures';
import { botAudit, expectedStatus, insertBot, insertSkill, ok } from './botFixtures';
import { deployNow, fromChannel, newPsi, setBot } from './chatFixtures';
import { API, createTestApp, dialects, type Client, type TestApp } from './helpers';
import { historyStatus, LIMA, limaWall, sheetRows, workbook } from './historialFixtures';
import { insertAccion } from './skillFixtures';

/** A question row as the test stores it: [entry skill, text, repetitions, last asked]. */
type Nf = [string, string, number, number];

describe.each(dialects)('KB: preguntas no encontradas, calificaciones y pestaña QnA (%s)', (dialect) => {
  let t: TestApp;
  const as = signedIn(() => t);
  let idE: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    idE = await companyId(t, 'Demo Internacional');
    await t.app.db.updateTable('empresa').set({ tz: LIMA }).where('id', '=', idE).execute();
  });
  afterAll(() => t?.close());

  const today = () => localDay(t.clock.now, LIMA);

  /** A bot with two KB-mode skills, a QnA and a business skill, and questions not found. */
  async function nfBot(rows: (s: { a: string; b: string }) => Nf[] = () => []): Promise<{ bot: string; a: string; b: string; qna: string; skill: string; ids: string[] }> {
    const bot = await insertBot(t, idE, `NF ${randomUUID().slice(0, 8)}`);
    const a = await insertSkill(t, bot, 'Consultas', { cfg: { modKb: true, tagsKb: ['t0'] } });
    const b = await insertSkill(t, bot, 'Ayuda', { cfg: { modKb: true, tagsKb: ['t0'] } });
    const qna = await insertSkill(t, bot, 'Horario de atención', { tipo: 2, frases: ['a qué hora abren'], cfg: { tagsKb: ['t0'] } });
    const skill = await insertSkill(t, bot, 'Saludo', { frases: ['hola'] });
    const list = rows({ a, b });
    const ids = list.map(() => randomUUID());
    if (list.length) {
      await t.app.db
        .insertInto('qna_nf')
        .values(list.map(([idSkill, txt, c, fc], i) => ({ id: ids[i], idBot: bot, idE, idSkill, txt, th: phraseHash(txt), c, fc: new Date(fc).toISOString() })))
        .execute();
    }
    return { bot, a, b, qna, skill, ids };
  }

  const nfRows = (bot: string) => t.app.db.selectFrom('qna_nf').select(['id', 'idSkill', 'txt', 'c', 'fc']).where('idBot', '=', bot).execute();
  const frasesOf = async (id: string) => {
    const row = await t.app.db.selectFrom('skill').select(['frases', 'fa']).where('id', '=', id).executeTakeFirstOrThrow();
    return { frases: JSON.parse(row.frases) as string[], fa: row.fa };
  };
  const table = (c: Client, bot: string, body: object = {}) => c.post(`${API}/qna-not-found/table?idBot=${bot}`, { page: 0, pageSize: 20, ...body });

  describe('quién llega a cada ruta', () => {
    type Call = (c: Client, f: Awaited<ReturnType<typeof nfBot>>) => Promise<LightMyRequestResponse>;
    const ROUTES: Array<{ route: string; status: (who: Account) => number; call: Call }> = [
      { route: 'POST /qna-not-found/table', status: (who) => expectedStatus(who, 'read'), call: (c, f) => table(c, f.bot) },
      { route: 'POST /qna-not-found/delete', status: (who) => expectedStatus(who, 'read'), call: (c, f) => c.post(`${API}/qna-not-found/delete?idBot=${f.bot}`, f.ids) },
      { route: 'POST /qna-not-found/assign', status: (who) => expectedStatus(who, 'read'), call: (c, f) => c.post(`${API}/qna-not-found/assign?idBot=${f.bot}`, { ids: f.ids, idQna: f.qna }) },
      { route: 'POST /qna-not-found/export', status: (who) => expectedStatus(who, 'read'), call: (c, f) => c.post(`${API}/qna-not-found/export?idBot=${f.bot}`, {}) },
      { route: 'POST /qna-score/export', status: historyStatus, call: (c, f) => c.post(`${API}/qna-score/export?idBot=${f.bot}`, { idBot: f.bot, fd: today(), fh: today() }) },
      { route: 'POST /dashboard/qna', status: (who) => (who === 'otra' ? 404 : 200), call: (c, f) => c.post(`${API}/dashboard/qna`, { idBot: f.bot, fd: today(), fh: today() }) },
    ];

    it.each(ROUTES.flatMap((r) => ALL_ACCOUNTS.map((who) => [r.route, who, r.status(who)] as const)))('%s: %s recibe %i', async (route, who, status) => {
      const f = await nfBot(({ a }) => [[a, 'venden bicicletas', 1, t.clock.now]]);
      const response = await ROUTES.find((x) => x.route === route)!.call(await as(who), f);
      await t.app.jobs.drain();
      expect(response.statusCode, response.body).toBe(status);
      if (status !== 200) expect(await nfRows(f.bot)).toHaveLength(1);
      if (status === 404) expect(response.json()).toEqual({ message: 'Bot no encontrado' });
    });

    it.each(ROUTES.map((r) => [r.route]))('%s sin sesión responde 401', async (route) => {
      expect((await ROUTES.find((x) => x.route === route)!.call(t.client(), await nfBot())).statusCode).toBe(401);
    });
  });

  describe('POST /qna-not-found/table', () => {
    const day = (n: number) => addDays(today(), n);
    // Around Lima's midnight: 23:59 of one day and 00:01 of the next are different company days.
    const at = (n: number, minutes: number) => dayStart(day(n), LIMA) + minutes * 60_000;

    async function manyRows() {
      return nfBot(({ a, b }) =>
        Array.from({ length: 45 }, (_, i): Nf => [i % 3 === 0 ? b : a, `pregunta ${String(i).padStart(2, '0')}`, (i * 7) % 5 + 1, at(-(i % 4), i % 2 ? 1 : 24 * 60 - 1)]),
      );
    }

    /** The table as a slow count sees it: rows filtered in JS, most repeated first, then newest, text, id. */
    async function slow(bot: string, where: (r: { idSkill: string; fc: string; txt: string }) => boolean) {
      const rows = (await nfRows(bot)).filter(where);
      return rows.sort((x, y) => Number(y.c) - Number(x.c) || (x.fc < y.fc ? 1 : x.fc > y.fc ? -1 : 0) || (x.txt < y.txt ? -1 : x.txt > y.txt ? 1 : 0) || (x.id < y.id ? -1 : 1)).map((r) => r.id);
    }

    async function allPages(c: Client, bot: string, body: object): Promise<{ ids: string[]; first: { totalElements: number; totalPages: number; content: QnaNfRow[] } }> {
      const first = await ok(await table(c, bot, body));
      const ids = (first.content as QnaNfRow[]).map((r) => r.id);
      for (let page = 1; page < first.totalPages; page++) ids.push(...((await ok(await table(c, bot, { ...body, page }))).content as QnaNfRow[]).map((r) => r.id));
      return { ids, first };
    }

    it('de 20 en 20, las más repetidas primero, igual que una cuenta lenta; cada fila con el nombre actual de su skill', async () => {
      const f = await manyRows();
      const { ids, first } = await allPages(await as('usuario'), f.bot, {});
      expect(first).toMatchObject({ totalElements: 45, totalPages: 3 });
      expect(first.content).toHaveLength(20);
      expect(ids).toEqual(await slow(f.bot, () => true));
      const row = first.content.find((r) => r.idSkill === f.b)!;
      expect(row.skill).toBe('Ayuda');
      expect(Object.keys(row).sort()).toEqual(['c', 'fc', 'id', 'idSkill', 'skill', 'txt']);
    });

    it('filtra por skill de entrada y por días de la empresa (Lima), ambos extremos incluidos', async () => {
      const f = await manyRows();
      const c = await as('compania');
      const inDays = (from: string, to: string) => (r: { fc: string }) => localDay(Date.parse(r.fc), LIMA) >= from && localDay(Date.parse(r.fc), LIMA) <= to;
      const bySkill = await allPages(c, f.bot, { idSkill: f.b });
      expect(bySkill.ids).toEqual(await slow(f.bot, (r) => r.idSkill === f.b));
      const byDays = await allPages(c, f.bot, { from: day(-2), to: day(-1) });
      expect(byDays.ids).toEqual(await slow(f.bot, inDays(day(-2), day(-1))));
      expect(byDays.ids.length).toBeGreaterThan(0);
      const both = await allPages(c, f.bot, { idSkill: f.a, from: day(-1), to: day(0) });
      expect(both.ids).toEqual(await slow(f.bot, (r) => r.idSkill === f.a && inDays(day(-1), day(0))(r)));
      const byText = await allPages(c, f.bot, { filtered: [{ id: 'txt', value: 'PREGUNTA 1' }] });
      expect(byText.ids).toEqual(await slow(f.bot, (r) => r.txt.startsWith('pregunta 1')));
    });

    it('se ordena por texto a pedido; un campo desconocido o días al revés responden 400', async () => {
      const f = await manyRows();
      const c = await as('admin');
      const { ids } = await allPages(c, f.bot, { sorted: [{ id: 'txt' }] });
      const rows = await nfRows(f.bot);
      expect(ids).toEqual(rows.sort((x, y) => (x.txt < y.txt ? -1 : 1)).map((r) => r.id));
      expect((await table(c, f.bot, { sorted: [{ id: 'th' }] })).statusCode).toBe(400);
      const reversed = await table(c, f.bot, { from: day(0), to: day(-1) });
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json().message).toBe(HISTORY_TEXTS.hastaMayor);
    });

    it("un skill borrado se muestra '(eliminado)'", async () => {
      const f = await nfBot(() => [[randomUUID(), 'huérfana', 1, t.clock.now]]);
      const page = await ok(await table(await as('usuario'), f.bot));
      expect(page.content.map((r: QnaNfRow) => [r.txt, r.skill])).toEqual([['huérfana', '(eliminado)']]);
    });
  });

  describe('POST /qna-not-found/delete', () => {
    it("'Eliminado con éxito': solo las del bot (y del skill, si se indica), con su fila de auditoría", async () => {
      const f = await nfBot(({ a, b }) => [[a, 'uno', 1, t.clock.now], [a, 'dos', 1, t.clock.now], [b, 'tres', 1, t.clock.now]]);
      const other = await nfBot(({ a }) => [[a, 'ajena', 1, t.clock.now]]);
      const c = await as('usuario');
      expect(await ok(await c.post(`${API}/qna-not-found/delete?idBot=${f.bot}&idSkill=${f.a}`, [f.ids[0], f.ids[2], other.ids[0]]))).toEqual({ message: 'Eliminado con éxito' });
      expect((await nfRows(f.bot)).map((r) => r.txt).sort()).toEqual(['dos', 'tres']);
      expect(await ok(await c.post(`${API}/qna-not-found/delete?idBot=${f.bot}`, [f.ids[2], other.ids[0]]))).toEqual({ message: 'Eliminado con éxito' });
      expect((await nfRows(f.bot)).map((r) => r.txt)).toEqual(['dos']);
      expect(await nfRows(other.bot)).toHaveLength(1);
      const bot = await t.app.db.selectFrom('bot').select('nm').where('id', '=', f.bot).executeTakeFirstOrThrow();
      expect((await botAudit(t, bot.nm)).map((r) => r.val)).toEqual([`Bot «${bot.nm}»: eliminó 1 pregunta no encontrada`, `Bot «${bot.nm}»: eliminó 1 pregunta no encontrada`]);
    });

    it("sin preguntas responde 400 'Seleccione frases'", async () => {
      const f = await nfBot();
      const response = await (await as('compania')).post(`${API}/qna-not-found/delete?idBot=${f.bot}`, []);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Seleccione frases' });
    });
  });

  describe('POST /qna-not-found/assign', () => {
    it("'Asignados con éxito': pasan a ser variantes de la QnA (recortadas, sin repetir), su fa es ahora y salen de la lista", async () => {
      const f = await nfBot(({ a, b }) => [[a, '  abren el domingo  ', 3], [b, 'A qué hora abren', 2], [a, 'queda', 1]].map(([s, x, c]) => [s, x, c, t.clock.now] as Nf));
      const response = await (await as('usuario')).post(`${API}/qna-not-found/assign?idBot=${f.bot}`, { ids: [f.ids[0], f.ids[1]], idQna: f.qna });
      expect(await ok(response)).toEqual({ message: 'Asignados con éxito' });
      expect(await frasesOf(f.qna)).toEqual({ frases: ['a qué hora abren', 'abren el domingo'], fa: new Date(t.clock.now).toISOString() });
      expect((await nfRows(f.bot)).map((r) => r.txt)).toEqual(['queda']);
      const bot = await t.app.db.selectFrom('bot').select('nm').where('id', '=', f.bot).executeTakeFirstOrThrow();
      expect((await botAudit(t, bot.nm))[0].val).toBe(`Bot «${bot.nm}»: asignó 2 preguntas no encontradas a la QnA «Horario de atención»`);
    });

    it.each([
      ['sin preguntas', 400, 'Seleccione frases', () => ({ ids: [] as string[] })],
      ['sin QnA', 400, 'Seleccione una QnA', () => ({ idQna: '' })],
      ['un skill que no es QnA', 404, QNA_MESSAGES.qnaNoEncontrada, (f: { skill: string }) => ({ idQna: f.skill })],
    ])("%s: %i '%s' y nada cambia", async (_, status, message, change) => {
      const f = await nfBot(({ a }) => [[a, 'venden bicicletas', 1, t.clock.now]]);
      const response = await (await as('compania')).post(`${API}/qna-not-found/assign?idBot=${f.bot}`, { ids: f.ids, idQna: f.qna, ...change(f as never) });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ message });
      expect(await nfRows(f.bot)).toHaveLength(1);
      expect((await frasesOf(f.qna)).frases).toEqual(['a qué hora abren']);
    });

    it('una QnA de otro bot responde 404 y las preguntas quedan', async () => {
      const f = await nfBot(({ a }) => [[a, 'venden bicicletas', 1, t.clock.now]]);
      const other = await nfBot();
      const response = await (await as('compania')).post(`${API}/qna-not-found/assign?idBot=${f.bot}`, { ids: f.ids, idQna: other.qna });
      expect(response.statusCode).toBe(404);
      expect(await nfRows(f.bot)).toHaveLength(1);
    });

    it('respeta el tope de variantes de QnA del bot', async () => {
      const f = await nfBot(({ a }) => [[a, 'venden bicicletas', 1, t.clock.now]]);
      const before = t.app.config.maxVariantesQnaPorBot;
      t.app.config.maxVariantesQnaPorBot = 1;
      try {
        const response = await (await as('compania')).post(`${API}/qna-not-found/assign?idBot=${f.bot}`, { ids: f.ids, idQna: f.qna });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(QNA_MESSAGES.maxVariantes(2, 1));
      } finally {
        t.app.config.maxVariantesQnaPorBot = before;
      }
      expect(await nfRows(f.bot)).toHaveLength(1);
    });
  });

  describe('informes y pestaña QnA sobre conversaciones reales', () => {
    interface Kb {
      bot: string;
      fallback: string;
      horario: string;
      pagos: string;
    }
    let kb: Kb;

    async function skill(bot: string, nm: string, frases: string[], tipo: number, cfg: object, answer: string): Promise<string> {
      const id = await insertSkill(t, bot, nm, { frases, tipo, cfg });
      await insertAccion(t, { bot, skill: id }, 'TEXT', 0, { text: [answer], red: [8] });
      return id;
    }

    beforeAll(async () => {
      const bot = await insertBot(t, idE, `KB ${randomUUID().slice(0, 8)}`);
      await skill(bot, 'Saludo', ['hola', 'buenos días', 'buenas tardes', 'qué tal'], 0, {}, '¡Hola!');
      const fallback = await skill(bot, 'No entendí', [], 1, { modKb: true, tagsKb: ['t1'] }, 'No entendí.');
      const horario = await skill(bot, 'Horario de atención', ['a qué hora abren', 'cuál es su horario de atención', 'hasta qué hora atienden'], 2, { tagsKb: ['t1'] }, 'Atendemos de 9 a 18 h.');
      const pagos = await skill(bot, 'Formas de pago', ['cómo puedo pagar', 'aceptan tarjeta de crédito', 'qué medios de pago tienen'], 2, { tagsKb: ['t1'] }, 'Aceptamos tarjeta.');
      await skill(bot, 'Envíos', ['hacen envíos a domicilio'], 2, { tagsKb: ['t1'] }, 'Sí, enviamos.');
      await setBot(t, bot, { kbCalificaMenu: '¿Le sirvió?', kbCalificaOk: 'Bien', kbCalificaBad: 'Lo sentimos', kbNotFoundMsg: 'No la tengo.' });
      await deployNow(t, bot);
      kb = { bot, fallback, horario, pagos };
      const ask = (psi: string, input: string | { postback: string }) => fromChannel(t, bot, psi, input);
      const [one, two, three] = [newPsi(), newPsi(), newPsi()];
      await ask(one, 'a qué hora abren');
      await ask(one, { postback: `${KB_POSTBACK.ok}${horario}` });
      await ask(one, 'cómo puedo pagar');
      await ask(one, { postback: `${KB_POSTBACK.bad}${pagos}` });
      await ask(two, 'cuál es su horario de atención');
      await ask(two, { postback: `${KB_POSTBACK.ok}${horario}` });
      await ask(two, 'venden repuestos para bicicletas');
      await ask(three, 'venden repuestos para bicicletas');
      await ask(three, 'hacen envíos a domicilio');
    });

    const range = () => ({ idBot: kb.bot, fd: today(), fh: today() });
    const names = () => new Map([[kb.horario, 'Horario de atención'], [kb.pagos, 'Formas de pago']]);

    /** The ratings, counted the slow way: one row of qna_calificacion each. */
    async function slowRatings() {
      const rows = await t.app.db.selectFrom('qna_calificacion').select(['idQna', 'ok', 'fc', 'idSesion']).where('idBot', '=', kb.bot).orderBy('fc').orderBy('id').execute();
      const per = new Map<string, { ok: number; bad: number }>();
      for (const r of rows) {
        const p = per.get(r.idQna) ?? { ok: 0, bad: 0 };
        if (Number(r.ok) === 1) p.ok += 1;
        else p.bad += 1;
        per.set(r.idQna, p);
      }
      return { rows, per };
    }

    async function download(c: Client, id: string) {
      const file = await c.get(`${API}/informe?id=${id}`);
      expect(file.statusCode, file.body).toBe(200);
      return workbook(file);
    }

    it("'Reporte de calificaciones': por QnA preguntas, buenas, malas y % buenas; y cada calificación con su fecha, QnA y sesión", async () => {
      const { rows, per } = await slowRatings();
      expect(rows).toHaveLength(3);
      const c = await as('historial');
      const { id } = await ok(await c.post(`${API}/qna-score/export?idBot=${kb.bot}`, range()));
      await t.app.jobs.drain();
      const listed = (await ok(await c.get(`${API}/informes?idBot=${kb.bot}`))) as Report[];
      expect(listed.find((r) => r.id === id)).toMatchObject({ tipo: 'qna', estado: 'hecho', name: expect.stringMatching(/^Calificaciones_KB .*\.xlsx$/) });
      const book = await download(c, id);
      const answers = new Map([[kb.horario, 2], [kb.pagos, 1]]);
      const resumen = sheetRows(book.getWorksheet('Calificaciones')!);
      expect(resumen[0]).toEqual(['QnA', 'Preguntas', 'Buenas', 'Malas', '% buenas']);
      const expected = [...answers].map(([idQna, n]) => {
        const p = per.get(idQna) ?? { ok: 0, bad: 0 };
        return [names().get(idQna), n, p.ok, p.bad, Math.round((p.ok * 1000) / (p.ok + p.bad)) / 10];
      });
      expect(resumen.slice(1).filter((r) => r[0] !== 'Envíos')).toEqual(expected);
      const envios = resumen.slice(1).find((r) => r[0] === 'Envíos');
      if (envios) expect(envios.slice(2)).toEqual([0, 0]);
      const detalle = sheetRows(book.getWorksheet('Detalle')!);
      expect(detalle[0]).toEqual(['Fecha', 'QnA', 'Calificación', 'Sesión']);
      expect(detalle.slice(1)).toEqual(rows.map((r) => [limaWall(r.fc), names().get(r.idQna), Number(r.ok) === 1 ? 'Buena' : 'Mala', r.idSesion]));
    });

    it("el reporte de calificaciones sigue las reglas de 'Generar informe': sin bot 'seleccione un bot', días al revés 400, otro día sin filas", async () => {
      const c = await as('compania');
      const noBot = await c.post(`${API}/qna-score/export?idBot=`, { ...range(), idBot: '' });
      expect(noBot.statusCode).toBe(400);
      expect(noBot.json().message).toBe(HISTORY_TEXTS.seleccioneBot);
      const reversed = await c.post(`${API}/qna-score/export?idBot=${kb.bot}`, { ...range(), fd: addDays(today(), 1) });
      expect(reversed.statusCode).toBe(400);
      const { id } = await ok(await c.post(`${API}/qna-score/export?idBot=${kb.bot}`, { ...range(), fd: addDays(today(), -3), fh: addDays(today(), -1) }));
      await t.app.jobs.drain();
      const book = await download(c, id);
      expect(sheetRows(book.getWorksheet('Calificaciones')!)).toHaveLength(1);
      expect(sheetRows(book.getWorksheet('Detalle')!)).toHaveLength(1);
    });

    it('Exportar: las preguntas no encontradas con los filtros de la tabla, en Ver Informes', async () => {
      const c = await as('usuario');
      const { id } = await ok(await c.post(`${API}/qna-not-found/export?idBot=${kb.bot}`, { idSkill: kb.fallback, from: today(), to: today() }));
      await t.app.jobs.drain();
      const rows = (await nfRows(kb.bot)).filter((r) => r.idSkill === kb.fallback);
      expect(rows.map((r) => r.txt)).toContain('venden repuestos para bicicletas');
      rows.sort((x, y) => Number(y.c) - Number(x.c) || (x.fc < y.fc ? 1 : -1));
      const book = await download(c, id);
      const sheet = sheetRows(book.getWorksheet('Preguntas')!);
      expect(sheet).toEqual([['Pregunta', 'Skill', 'Repeticiones', 'Última vez'], ...rows.map((r) => [r.txt, 'No entendí', Number(r.c), limaWall(r.fc)])]);
      const { id: empty } = await ok(await c.post(`${API}/qna-not-found/export?idBot=${kb.bot}`, { from: addDays(today(), -5), to: addDays(today(), -4) }));
      await t.app.jobs.drain();
      expect(sheetRows((await download(c, empty)).getWorksheet('Preguntas')!)).toHaveLength(1);
    });

    it('POST /dashboard/qna: top de QnA y de skills, calificaciones por QnA y totales, iguales a cuentas lentas', async () => {
      const c = await as('dashboard');
      const answer = await ok(await c.post(`${API}/dashboard/qna`, range()));
      const { per } = await slowRatings();
      const nf = await nfRows(kb.bot);
      const skills = await ok(await c.post(`${API}/dashboard/skill`, range()));
      expect(answer.qnas.filter((q: { nm: string }) => q.nm !== 'Envíos')).toEqual([
        { idQna: kb.horario, nm: 'Horario de atención', n: 2 },
        { idQna: kb.pagos, nm: 'Formas de pago', n: 1 },
      ]);
      expect(answer.skills).toEqual(skills);
      expect(answer.calificaciones).toEqual([...per].sort((x, y) => y[1].ok + y[1].bad - (x[1].ok + x[1].bad)).map(([idQna, p]) => ({ idQna, nm: names().get(idQna), ...p })));
      const usoQna = await t.app.db.selectFrom('uso_qna').select(['n']).where('idBot', '=', kb.bot).execute();
      expect(answer).toMatchObject({
        qna: false,
        respuestas: usoQna.reduce((s, r) => s + Number(r.n), 0),
        buenas: [...per.values()].reduce((s, p) => s + p.ok, 0),
        malas: [...per.values()].reduce((s, p) => s + p.bad, 0),
        noEncontradas: nf.reduce((s, r) => s + Number(r.c), 0),
      });
      expect(answer.respuestas).toBeGreaterThanOrEqual(3);
      const other = await ok(await c.post(`${API}/dashboard/qna`, { ...range(), fd: addDays(today(), -3), fh: addDays(today(), -1) }));
      expect(other).toEqual({ qna: false, qnas: [], skills: [], calificaciones: [], respuestas: 0, buenas: 0, malas: 0, noEncontradas: 0 });
      await setBot(t, kb.bot, {}, { qna: 1 });
      expect((await ok(await c.post(`${API}/dashboard/qna`, range()))).qna).toBe(true);
    });

    it("POST /dashboard/qna: sin bot 'Seleccione un bot', más de 3 meses 'Intervalo de fechas no puede ser mayor a 3 meses'", async () => {
      const c = await as('dashboard');
      const noBot = await c.post(`${API}/dashboard/qna`, { ...range(), idBot: '' });
      expect([noBot.statusCode, noBot.json().message]).toEqual([400, DASHBOARD_TEXTS.seleccioneBot]);
      const wide = await c.post(`${API}/dashboard/qna`, { ...range(), fd: addDays(today(), -120) });
      expect([wide.statusCode, wide.json().message]).toEqual([400, DASHBOARD_TEXTS.intervalo]);
    });
  });
});
