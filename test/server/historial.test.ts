// The history: client cards of a bot by the company's days, a client's sessions, a session's
// messages a page at a time (every read in the audit log), and a client's messages as Excel.
// Conversations are made through real chat turns; the company is in Lima.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays } from '../../common/dias';
import { HISTORY_TEXTS, type ClientCard, type ConversationPage, type HistoryChatSession } from '../../common/schemas/historial';
import { EV } from '../../common/schemas/rules';
import { auditRows } from './adminFixtures';
import type { ChatBot } from './chatFixtures';
import { API, createTestApp, dialects, type TestApp } from './helpers';
import { ALL, SEES_SKILLS, futureDay, historyStatus, limaAt, limaBot, limaWall, sheetRows, signInAll, talk, workbook } from './historialFixtures';

describe.each(dialects)('historial (%s)', (dialect) => {
  let t: TestApp;
  let chat: ChatBot;
  let idE: string;
  const dia = futureDay(2);
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  beforeEach(async () => {
    await t.reset();
    ({ idE, chat } = await limaBot(t));
  });
  afterAll(async () => {
    await t.close();
  });

  const range = (fd = dia, fh = fd) => ({ idBot: chat.bot, fd, fh });

  it('cada ruta según el rol: los del historial ven los datos, los demás 403 y otra empresa 404', async () => {
    const idClt = await talk(t, chat.bot, `web-${randomUUID()}`, 'Ana García', limaAt(dia, 10), ['hola', 'cuánto cuesta']);
    const session = await t.app.db.selectFrom('chat_sesion').select('id').where('idClt', '=', idClt).executeTakeFirstOrThrow();
    const who = await signInAll(t);
    for (const account of ALL) {
      const c = who[account];
      const status = historyStatus(account);
      const cards = await c.post(`${API}/session.clientes`, range());
      expect([account, cards.statusCode]).toEqual([account, status]);
      const sessions = await c.post(`${API}/session?idClt=${idClt}`, { ...range(), idClt });
      expect([account, sessions.statusCode]).toEqual([account, status]);
      const conversation = await c.get(`${API}/conversacion?idS=${session.id}`);
      expect([account, conversation.statusCode]).toEqual([account, status]);
      const excel = await c.post(`${API}/session/excel`, { ...range(), idClt });
      expect([account, excel.statusCode]).toEqual([account, status]);
      if (status !== 200) continue;
      expect(cards.json().content).toEqual([{ idClt, nm: 'Ana García', red: 1, ultimo: expect.any(String), sesiones: 1 }]);
      expect((sessions.json() as HistoryChatSession[]).map((s) => s.id)).toEqual([session.id]);
      const page = conversation.json() as ConversationPage;
      expect(page.msgs.map((m) => m.m).slice(0, 2)).toEqual(['hola', '¡Hola! ¿En qué le ayudo?']);
      const answer = page.msgs[1];
      if (SEES_SKILLS.includes(account)) expect(answer).toMatchObject({ idSkill: chat.skills.saludo, skill: 'Saludo', score: expect.any(Number) });
      else expect(Object.keys(answer)).not.toEqual(expect.arrayContaining(['idSkill', 'skill', 'score']));
      expect(excel.headers['content-disposition']).toContain(`Sessions_${idClt}.xlsx`);
    }
  });

  it('otra empresa no alcanza el bot, el cliente, la sesión ni el Excel de esta (404)', async () => {
    const idClt = await talk(t, chat.bot, `web-${randomUUID()}`, 'Ana', limaAt(dia, 10), ['hola']);
    const session = await t.app.db.selectFrom('chat_sesion').select('id').where('idClt', '=', idClt).executeTakeFirstOrThrow();
    const otra = await t.login('otra@quipu.test');
    // Its own bot, with this company's client: still 404.
    const { id: otraIdE } = await t.app.db.selectFrom('empresa').select('id').where('nm', '=', 'Otra Empresa').executeTakeFirstOrThrow();
    const otraBot = randomUUID();
    await t.app.db.insertInto('bot').values({ id: otraBot, idE: otraIdE, nm: 'De otra', dsc: null, fc: new Date(t.clock.now).toISOString() }).execute();
    expect((await otra.post(`${API}/session?idClt=${idClt}`, { idBot: otraBot, fd: dia, fh: dia })).statusCode).toBe(404);
    expect((await otra.post(`${API}/session/excel`, { idBot: otraBot, fd: dia, fh: dia, idClt })).statusCode).toBe(404);
    expect((await otra.get(`${API}/conversacion?idS=${session.id}`)).statusCode).toBe(404);
    expect((await otra.post(`${API}/session.clientes`, { idBot: otraBot, fd: dia, fh: dia })).json().content).toEqual([]);
    expect(idE).not.toBe(otraIdE);
  });

  it('sin bot, fechas al revés o días que no existen: 400 con el mensaje y el campo', async () => {
    const c = await t.login('compania@quipu.test');
    for (const url of ['/session.clientes', '/session?idClt=x', '/session/excel?idClt=x', '/informe/excel']) {
      const noBot = await c.post(`${API}${url}`, { fd: dia, fh: dia });
      expect([url, noBot.statusCode, noBot.json().message]).toEqual([url, 400, HISTORY_TEXTS.seleccioneBot]);
      expect((await c.post(`${API}${url}`, { idBot: '', fd: dia, fh: dia })).json().message).toBe(HISTORY_TEXTS.seleccioneBot);
      const reversed = await c.post(`${API}${url}`, range(dia, addDays(dia, -1)));
      expect([url, reversed.statusCode, reversed.json()]).toEqual([url, 400, { message: 'La fecha hasta debe ser mayor a la fecha desde', field: 'fh' }]);
      const badFrom = await c.post(`${API}${url}`, range('2026-02-30', '2026-03-01'));
      expect([url, badFrom.statusCode, badFrom.json().field]).toEqual([url, 400, 'fd']);
      expect(badFrom.json().message).toMatch(/^fd: /);
      const badTo = await c.post(`${API}${url}`, range('2026-02-01', '2026-13-01'));
      expect([url, badTo.statusCode, badTo.json().field]).toEqual([url, 400, 'fh']);
      const notADay = await c.post(`${API}${url}`, range('01/02/2026', '2026-03-01'));
      expect([url, notADay.statusCode]).toEqual([url, 400]);
      expect(notADay.json().message).toMatch(/\bfd\b/);
    }
    expect((await c.post(`${API}/session.clientes`, { ...range(), idBot: randomUUID() })).statusCode).toBe(404);
  });

  it('un mensaje a las 23:30 de Lima es de ese día de Lima, no del siguiente día UTC', async () => {
    const idClt = await talk(t, chat.bot, `web-${randomUUID()}`, 'Noche', limaAt(dia, 23, 30), ['hola']);
    const c = await t.login('historial@quipu.test');
    const that = (await c.post(`${API}/session.clientes`, range(dia))).json();
    expect(that.content.map((card: ClientCard) => card.idClt)).toEqual([idClt]);
    expect(that.content[0].ultimo.slice(0, 10)).toBe(addDays(dia, 1));
    expect((await c.post(`${API}/session.clientes`, range(addDays(dia, 1)))).json().content).toEqual([]);
    const sessions = (await c.post(`${API}/session?idClt=${idClt}`, range(dia))).json() as HistoryChatSession[];
    expect(sessions).toHaveLength(1);
    expect((await c.post(`${API}/session?idClt=${idClt}`, range(addDays(dia, 1)))).json()).toHaveLength(1);
    expect((await c.post(`${API}/session?idClt=${idClt}`, range(addDays(dia, -1)))).json()).toEqual([]);
  });

  it('las tarjetas: la más reciente primero, paginadas, con el filtro de nombre (sin mayúsculas, % y _ literales) y varios días', async () => {
    const ana = await talk(t, chat.bot, `web-${randomUUID()}`, 'Ana García', limaAt(dia, 9), ['hola']);
    const luis = await talk(t, chat.bot, `web-${randomUUID()}`, 'Luis 100%_x', limaAt(dia, 10), ['hola']);
    const beto = await talk(t, chat.bot, `web-${randomUUID()}`, 'Beto Ramos', limaAt(dia, 11), ['hola']);
    // Ana again the next day, in a new session.
    await talk(t, chat.bot, (await t.app.db.selectFrom('chat_cliente').select('psi').where('id', '=', ana).executeTakeFirstOrThrow()).psi, 'Ana García', limaAt(addDays(dia, 1), 8), ['cuánto cuesta']);
    const c = await t.login('compania@quipu.test');
    const cards = async (body: object) => (await c.post(`${API}/session.clientes`, { ...range(), ...body })).json();

    const first = await cards({ pageSize: 2 });
    expect(first.content.map((x: ClientCard) => x.idClt)).toEqual([beto, luis]);
    expect(first).toMatchObject({ totalElements: 3, totalPages: 2, totalExact: true });
    expect((await cards({ pageSize: 2, page: 1 })).content.map((x: ClientCard) => x.idClt)).toEqual([ana]);
    expect((await cards({ pageSize: 2, page: 5 })).content).toEqual([]);
    // Past the middle a page is read from the end, in the same order.
    const single = await Promise.all([0, 1, 2].map(async (p) => (await cards({ pageSize: 1, page: p })).content.map((x: ClientCard) => x.idClt)));
    expect(single).toEqual([[beto], [luis], [ana]]);
    expect(await cards({ name: 'a', pageSize: 1 })).toMatchObject({ totalElements: 2, totalPages: 2, totalExact: true });
    expect(await cards({ name: 'a', pageSize: 1, page: 4 })).toMatchObject({ content: [], totalElements: 2, totalExact: true });
    expect((await cards({})).content).toHaveLength(3);

    expect((await cards({ name: 'GARCÍA' })).content.map((x: ClientCard) => x.idClt)).toEqual([ana]);
    expect((await cards({ name: 'garc' })).content.map((x: ClientCard) => x.idClt)).toEqual([ana]);
    expect((await cards({ name: '%' })).content.map((x: ClientCard) => x.idClt)).toEqual([luis]);
    expect((await cards({ name: '_' })).content.map((x: ClientCard) => x.idClt)).toEqual([luis]);
    expect((await cards({ name: '  ' })).content).toHaveLength(3);

    // Two days: Ana once, first (her last message is the newest), with both sessions.
    const both = await cards({ fh: addDays(dia, 1) });
    expect(both.content.map((x: ClientCard) => [x.idClt, x.sesiones])).toEqual([[ana, 2], [beto, 1], [luis, 1]]);
    expect(both.totalElements).toBe(3);
    const paged = await cards({ fh: addDays(dia, 1), pageSize: 1, page: 1 });
    expect(paged.content.map((x: ClientCard) => x.idClt)).toEqual([beto]);
    expect(paged).toMatchObject({ totalElements: 3, totalPages: 3, totalExact: true });
    expect((await cards({ fh: addDays(dia, 1), name: 'ana' })).content.map((x: ClientCard) => x.idClt)).toEqual([ana]);

    // A name the channel gave in capitals with accents is found typed in small letters too.
    const oscar = await talk(t, chat.bot, `web-${randomUUID()}`, 'ÓSCAR NÚÑEZ', limaAt(dia, 12), ['hola']);
    for (const name of ['núñez', 'Óscar Nú', 'ÓSCAR NÚÑEZ']) {
      expect((await cards({ name })).content.map((x: ClientCard) => x.idClt), name).toEqual([oscar]);
    }
    expect((await cards({ name: 'nunez' })).content).toEqual([]);
  });

  it('varios días con miles de filas: cada cliente una vez, por su último mensaje, en cualquier página', async () => {
    // A controlled set written straight to the table: 1,500 clients over three days, most on several.
    const days = [dia, addDays(dia, 1), addDays(dia, 2)];
    const clients = Array.from({ length: 1500 }, (_, i) => ({ id: `clt-${String(i).padStart(5, '0')}`, idE, idChannel: 'web', psi: `psi-${i}`, red: 8, nm: `Cliente ${i}`, test: 0 as const, idU: null, fc: new Date(t.clock.now).toISOString() }));
    for (let i = 0; i < clients.length; i += 500) await t.app.db.insertInto('chat_cliente').values(clients.slice(i, i + 500)).execute();
    const rows = days.flatMap((d, di) => clients.filter((_, i) => (i + di) % 3 !== 0).map((c, i) => ({
      idBot: chat.bot, dia: d, idClt: c.id, idE, red: 8, nm: c.nm, ses: 1 + (i % 2), msg: 3, ultimo: new Date(limaAt(d, 0) + ((i * 7919) % 86_000) * 1000).toISOString(),
    })));
    for (let i = 0; i < rows.length; i += 500) await t.app.db.insertInto('chat_cliente_dia').values(rows.slice(i, i + 500)).execute();
    // Each row's sessions, within its day.
    const sesiones = rows.flatMap((r) => Array.from({ length: r.ses }, (_, k) => {
      const fi = limaAt(r.dia, 0) + k * 10_000;
      return { id: `${r.idClt}-${r.dia}-${k}`, idClt: r.idClt, idE, idBot: chat.bot, red: 8, test: 0 as const, fi: new Date(fi).toISOString(), ff: new Date(fi + 5_000).toISOString() };
    }));
    for (let i = 0; i < sesiones.length; i += 500) await t.app.db.insertInto('chat_sesion').values(sesiones.slice(i, i + 500)).execute();
    const expected = new Map<string, { ultimo: string; sesiones: number }>();
    for (const r of rows) {
      const e = expected.get(r.idClt);
      expected.set(r.idClt, { ultimo: e && e.ultimo > r.ultimo ? e.ultimo : r.ultimo, sesiones: (e?.sesiones ?? 0) + r.ses });
    }
    const order = [...expected].sort((a, b) => (a[1].ultimo < b[1].ultimo ? 1 : -1)).map(([idClt, e]) => [idClt, e.ultimo, e.sesiones]);
    const c = await t.login('historial@quipu.test');
    for (const p of [0, 1, 37, 74]) {
      const got = (await c.post(`${API}/session.clientes`, { ...range(days[0], days[2]), page: p })).json();
      expect(got.content.map((x: ClientCard) => [x.idClt, x.ultimo, x.sesiones])).toEqual(order.slice(p * 20, p * 20 + 20));
      // Some 3,000 client-days are counted: every page, the first too, says how many clients there are.
      expect(got).toMatchObject({ totalElements: 1500, totalPages: 75, totalExact: true });
    }
    expect(order).toHaveLength(1500);
  });

  it("con demasiados días-cliente para contarlos, el total es 'más de' solo si hay más; nunca un número que no es la cuenta", async () => {
    // 100 clients on each of 60 days: 6,000 client-days, more than a count reads.
    const days = Array.from({ length: 60 }, (_, i) => addDays(dia, i));
    const client = (i: number) => ({ id: `clt-${String(i).padStart(5, '0')}`, idE, idChannel: 'web', psi: `psi-${i}`, red: 8, nm: `Cliente ${i}`, test: 0 as const, idU: null, fc: new Date(t.clock.now).toISOString() });
    const dayRow = (i: number, d: string) => ({ idBot: chat.bot, dia: d, idClt: client(i).id, idE, red: 8, nm: client(i).nm, ses: 1, msg: 2, ultimo: new Date(limaAt(d, 8) + i * 60_000).toISOString() });
    await t.app.db.insertInto('chat_cliente').values(Array.from({ length: 100 }, (_, i) => client(i))).execute();
    const rows = days.flatMap((d) => Array.from({ length: 100 }, (_, i) => dayRow(i, d)));
    for (let i = 0; i < rows.length; i += 500) await t.app.db.insertInto('chat_cliente_dia').values(rows.slice(i, i + 500)).execute();
    const c = await t.login('historial@quipu.test');
    const first = async () => (await c.post(`${API}/session.clientes`, { ...range(days[0], days[59]), page: 0 })).json();
    // Exactly 100: the walk found them all, and says so.
    expect(await first()).toMatchObject({ totalElements: 100, totalPages: 5, totalExact: true });
    // One more client: more than 100, and the answer says 'more than', since the count is not known.
    await t.app.db.insertInto('chat_cliente').values(client(100)).execute();
    await t.app.db.insertInto('chat_cliente_dia').values(dayRow(100, days[0])).execute();
    const more = await first();
    expect(more).toMatchObject({ totalElements: 100, totalExact: false });
    const slow = new Set((await t.app.db.selectFrom('chat_cliente_dia').select('idClt').where('idBot', '=', chat.bot).execute()).map((r) => r.idClt)).size;
    expect(slow).toBeGreaterThan(more.totalElements);
    // Page by page to the end, where the count is known: 101.
    expect((await c.post(`${API}/session.clientes`, { ...range(days[0], days[59]), page: 5 })).json()).toMatchObject({ totalElements: 101, totalExact: true });
  });

  it('una sesión que cruza la medianoche es una sesión en la tarjeta de esos dos días, como en la lista de sesiones', async () => {
    const psi = `web-${randomUUID()}`;
    const idClt = await talk(t, chat.bot, psi, 'Ana García', limaAt(dia, 23, 50), ['hola']);
    await talk(t, chat.bot, psi, 'Ana García', limaAt(addDays(dia, 1), 0, 5), ['cuánto cuesta']);
    const c = await t.login('historial@quipu.test');
    const both = range(dia, addDays(dia, 1));
    const sessions = (await c.post(`${API}/session?idClt=${idClt}`, both)).json() as HistoryChatSession[];
    expect(sessions).toHaveLength(1);
    const cards = (await c.post(`${API}/session.clientes`, both)).json();
    expect(cards.content.map((card: ClientCard) => [card.idClt, card.sesiones])).toEqual([[idClt, 1]]);
  });

  it('las sesiones del cliente: las activas en el rango, la más reciente primero', async () => {
    const psi = `web-${randomUUID()}`;
    const idClt = await talk(t, chat.bot, psi, 'Ana', limaAt(dia, 9), ['hola']);
    await talk(t, chat.bot, psi, 'Ana', limaAt(addDays(dia, 1), 9), ['cuánto cuesta']);
    const rows = await t.app.db.selectFrom('chat_sesion').select(['id', 'fi', 'ff']).where('idClt', '=', idClt).orderBy('fi').execute();
    expect(rows).toHaveLength(2);
    const c = await t.login('historial@quipu.test');
    const ids = async (fd: string, fh: string) => ((await c.post(`${API}/session`, { ...range(fd, fh), idClt })).json() as HistoryChatSession[]).map((s) => s.id);
    expect(await ids(dia, dia)).toEqual([rows[0].id]);
    expect(await ids(addDays(dia, 1), addDays(dia, 1))).toEqual([rows[1].id]);
    expect(await ids(dia, addDays(dia, 1))).toEqual([rows[1].id, rows[0].id]);
    const [newest] = (await c.post(`${API}/session?idClt=${idClt}`, range(dia, addDays(dia, 1)))).json() as HistoryChatSession[];
    expect(newest).toEqual({ id: rows[1].id, fi: rows[1].fi, ff: null, red: 1 });
    expect((await c.post(`${API}/session`, range())).json().field).toBe('idClt');
    expect((await c.post(`${API}/session?idClt=${randomUUID()}`, range())).statusCode).toBe(404);
  });

  it('la conversación por páginas: la más nueva primero, cada una de la más antigua a la más nueva', async () => {
    const inputs = Array.from({ length: 12 }, (_, i) => (i % 2 ? 'cuánto cuesta' : 'hola'));
    const idClt = await talk(t, chat.bot, `web-${randomUUID()}`, 'Ana', limaAt(dia, 9), inputs);
    const session = await t.app.db.selectFrom('chat_sesion').select('id').where('idClt', '=', idClt).executeTakeFirstOrThrow();
    const stored = await t.app.db.selectFrom('chat_mensaje').select(['id', 'seq']).where('idSesion', '=', session.id).orderBy('seq').execute();
    expect(stored.length).toBeGreaterThan(30);
    const c = await t.login('historial@quipu.test');
    const pages: ConversationPage[] = [];
    let url = `${API}/conversacion?idS=${session.id}&cantidad=10`;
    for (;;) {
      const page = (await c.get(url)).json() as ConversationPage;
      pages.push(page);
      expect(page.total).toBe(stored.length);
      if (!page.hayMas) break;
      url = `${API}/conversacion?idS=${session.id}&cantidad=10&antes=${page.msgs[0].seq}`;
    }
    expect(pages[0].msgs).toHaveLength(10);
    expect(pages[0].msgs.at(-1)!.id).toBe(stored.at(-1)!.id);
    expect(pages.reverse().flatMap((p) => p.msgs.map((m) => m.id))).toEqual(stored.map((m) => m.id));
    const carousel = pages.flatMap((p) => p.msgs).find((m) => m.body?.type === 'CAROUSEL');
    expect(carousel?.body?.carousel?.map((x) => x.title)).toEqual(['Plan Básico', 'Plan Pro']);
  });

  it('10.000 mensajes de una sesión se leen por páginas pronto', async () => {
    const idClt = await talk(t, chat.bot, `web-${randomUUID()}`, 'Larga', limaAt(dia, 9), ['hola']);
    const session = await t.app.db.selectFrom('chat_sesion').select('id').where('idClt', '=', idClt).executeTakeFirstOrThrow();
    const fc = new Date(limaAt(dia, 9, 30)).toISOString();
    for (let start = 10; start < 10_010; start += 500) {
      const rows = Array.from({ length: 500 }, (_, i) => ({ id: randomUUID(), idSesion: session.id, idBot: chat.bot, t: (start + i) % 2, m: `mensaje ${start + i}`, tipo: 'TEXT', body: (start + i) % 2 ? null : (start + i) % 10 ? `{"type":"TEXT","text":"mensaje ${start + i}"}` : '{no es json', idSkill: null, score: null, fc, seq: start + i }));
      await t.app.db.insertInto('chat_mensaje').values(rows).execute();
    }
    const c = await t.login('historial@quipu.test');
    const started = performance.now();
    const newest = (await c.get(`${API}/conversacion?idS=${session.id}`)).json() as ConversationPage;
    const older = (await c.get(`${API}/conversacion?idS=${session.id}&antes=5000`)).json() as ConversationPage;
    const ms = performance.now() - started;
    expect(newest.msgs.map((m) => m.m).slice(-2)).toEqual(['mensaje 10008', 'mensaje 10009']);
    expect(newest).toMatchObject({ hayMas: true, total: 10_003 });
    // A body kept without its id or time takes the message's; one that does not read is left out.
    const bot = newest.msgs.find((m) => m.m === 'mensaje 10008')!;
    expect(bot.body).toEqual({ type: 'TEXT', text: 'mensaje 10008', id: bot.id, fc });
    expect(newest.msgs.find((m) => m.m === 'mensaje 10000')!.body).toBeNull();
    expect(newest.msgs).toHaveLength(200);
    expect(older.msgs.map((m) => m.seq)).toEqual(Array.from({ length: 200 }, (_, i) => 4800 + i));
    expect(ms).toBeLessThan(1_000);
    // The Excel reads them in keyset batches: every one, in order.
    const rows = sheetRows((await workbook(await c.post(`${API}/session/excel`, { ...range(), idClt }))).worksheets[0]).slice(1);
    expect(rows).toHaveLength(10_003);
    expect(rows.slice(-2).map((r) => r[4])).toEqual(['mensaje 10008', 'mensaje 10009']);
    expect(new Set(rows.map((r) => r[4])).size).toBe(10_003);
  });

  it('cada lectura de los mensajes registra el evento 0 (Historial), cualesquiera antes y cantidad; también el Excel; sin auditoría, nada', async () => {
    const idClt = await talk(t, chat.bot, `web-${randomUUID()}`, 'Ana', limaAt(dia, 9), ['hola']);
    const session = await t.app.db.selectFrom('chat_sesion').select('id').where('idClt', '=', idClt).executeTakeFirstOrThrow();
    const c = await t.login('historial@quipu.test');
    const before = (await auditRows(t, EV.HISTORIAL)).length;
    const opened = `Conversación: sesión ${session.id} del cliente ${idClt}`;
    const reads: Array<[string, string]> = [
      [`idS=${session.id}`, opened],
      // The newest page again, as a page "before" a position past the last.
      [`idS=${session.id}&antes=2147483647&cantidad=1000`, `${opened}, mensajes anteriores a la posición 2147483647`],
      [`idS=${session.id}&antes=2`, `${opened}, mensajes anteriores a la posición 2`],
      [`idS=${session.id}&cantidad=1`, opened],
    ];
    for (const [qs, val] of reads) {
      t.clock.advance(1000);
      const page = await c.get(`${API}/conversacion?${qs}`);
      expect([qs, page.statusCode]).toEqual([qs, 200]);
      const [row] = await auditRows(t, EV.HISTORIAL);
      expect([qs, row]).toMatchObject([qs, { us: 'historial@quipu.test', idE, val }]);
    }
    t.clock.advance(1000);
    await c.post(`${API}/session/excel`, { ...range(), idClt });
    const rows = await auditRows(t, EV.HISTORIAL);
    expect(rows).toHaveLength(before + reads.length + 1);
    expect(rows[0].val).toBe(`Exportar Excel: sesiones del cliente ${idClt} del ${dia} al ${dia}`);

    await t.app.db.updateTable('empresa').set({ audit: 0 }).where('id', '=', idE).execute();
    const quiet = await t.login('historial@quipu.test');
    expect((await quiet.get(`${API}/conversacion?idS=${session.id}`)).statusCode).toBe(200);
    expect((await quiet.get(`${API}/conversacion?idS=${session.id}&antes=2147483647`)).statusCode).toBe(200);
    expect((await quiet.post(`${API}/session/excel`, { ...range(), idClt })).statusCode).toBe(200);
    expect(await auditRows(t, EV.HISTORIAL)).toHaveLength(before + reads.length + 1);
  });

  it('lo que el administrador del sistema lee del historial de una empresa queda en la auditoría de esa empresa', async () => {
    const idClt = await talk(t, chat.bot, `web-${randomUUID()}`, 'Ana', limaAt(dia, 9), ['hola']);
    const session = await t.app.db.selectFrom('chat_sesion').select('id').where('idClt', '=', idClt).executeTakeFirstOrThrow();
    const admin = await t.login('admin@quipu.test');
    t.clock.advance(1000);
    expect((await admin.get(`${API}/conversacion?idS=${session.id}&antes=2147483647&cantidad=1000`)).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await admin.post(`${API}/session/excel`, { ...range(), idClt })).statusCode).toBe(200);
    const rows = (await auditRows(t, EV.HISTORIAL)).filter((r) => r.us === 'admin@quipu.test');
    expect(rows.map((r) => [r.idE, r.val])).toEqual([
      [idE, `Exportar Excel: sesiones del cliente ${idClt} del ${dia} al ${dia}`],
      [idE, `Conversación: sesión ${session.id} del cliente ${idClt}, mensajes anteriores a la posición 2147483647`],
    ]);
  });

  it('el Excel del cliente: encabezados en castellano, fechas reales en hora de Lima, quién y el texto', async () => {
    const idClt = await talk(t, chat.bot, `web-${randomUUID()}`, 'Ana', limaAt(dia, 23, 50), ['hola', 'cuánto cuesta']);
    const stored = await t.app.db.selectFrom('chat_mensaje as m').innerJoin('chat_sesion as s', 's.id', 'm.idSesion').select(['m.fc', 'm.m', 's.id', 's.fi']).where('s.idClt', '=', idClt).orderBy('m.seq').execute();
    const c = await t.login('compania@quipu.test');
    const response = await c.post(`${API}/session/excel`, { ...range(), idClt });
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const sheet = (await workbook(response)).worksheets[0];
    const [headers, ...rows] = sheetRows(sheet);
    expect(headers).toEqual(['Sesión', 'Inicio', 'Fecha', 'Quién', 'Mensaje', 'Tipo', 'Skill', 'Puntaje']);
    expect(rows).toHaveLength(stored.length);
    expect(rows[0].slice(0, 6)).toEqual([stored[0].id, limaWall(stored[0].fi), limaWall(stored[0].fc), 'Cliente', 'hola', 'TEXT']);
    expect(rows[1].slice(3, 7)).toEqual(['Bot', '¡Hola! ¿En qué le ayudo?', 'TEXT', 'Saludo']);
    // 23:50 in Lima, though in UTC it is the next day.
    expect((rows[0][2] as Date).toISOString().slice(0, 16)).toBe(`${dia}T23:50`);
    expect(sheet.getCell('C2').type).toBe(4);
    // The console's day and time, dd/MM/yyyy HH:mm, in Excel's letters.
    expect(sheet.getCell('C2').numFmt).toBe('dd/mm/yyyy hh:mm');

    const h = await t.login('historial@quipu.test');
    const [plain] = sheetRows((await workbook(await h.post(`${API}/session/excel?idClt=${idClt}`, range()))).worksheets[0]);
    expect(plain).toEqual(['Sesión', 'Inicio', 'Fecha', 'Quién', 'Mensaje', 'Tipo']);
  });
});
