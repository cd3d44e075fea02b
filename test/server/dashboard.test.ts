// The dashboard's routes and 'Ver uso': every signed-in role reads its own company's bots (another
// company's bot is not found), the dates' rules answer 400 with their texts, and the numbers are
// those that real turns made: totals, every weekday and hour, the company's day at 23:30 in Lima,
// the top 10 skills, the pre-release details and, per skill, the sessions that reached it and ended there.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, dayStart, localDay, weekday } from '../../common/dias';
import { DASHBOARD_TEXTS, HISTORY_TEXTS } from '../../common/schemas/historial';
import { API, createTestApp, dialects, userRow, type Client, type TestApp } from './helpers';
import { deployNow, fromChannel, insertChatBot, newPsi, setBot, type ChatBot } from './chatFixtures';
import { insertSkill } from './botFixtures';
import { encodeCanalKey } from '../../common/schemas/webchatKey';
import { countedCounters, writeClientDays } from './usoEsperado';

const LIMA = 'America/Lima';
const ROLES = ['admin', 'compania', 'usuarios', 'usuario', 'dashboard', 'historial', 'supervisor'];
const ROUTES = ['datos', 'timeline', 'skill', 'depts', 'bots', 'uso'];
const limaAt = (dia: string, hh: number, mm: number) => dayStart(dia, LIMA) + (hh * 60 + mm) * 60_000;

describe.each(dialects)('dashboard (%s)', (dialect) => {
  let t: TestApp;
  let c: Client;
  let chat: ChatBot;
  let idE: string;
  /** Tomorrow in Lima: the clock only moves forward from the sign-in. */
  let dia: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { dashboardPrerelease: true });
  });
  beforeEach(async () => {
    await t.reset();
    t.config.dashboardPrerelease = true;
    idE = (await userRow(t, 'compania@quipu.test')).idE;
    await t.app.db.updateTable('empresa').set({ tz: LIMA }).where('id', '=', idE).execute();
    chat = await insertChatBot(t, idE);
    await setBot(t, chat.bot, {}, { tsession: 30 });
    await deployNow(t, chat.bot);
    dia = addDays(localDay(Date.now(), LIMA), 1);
    t.clock.now = limaAt(dia, 10, 0);
    c = await t.login('compania@quipu.test');
  });
  afterAll(async () => {
    await t.close();
  });

  const real = (psi: string, input: string) => fromChannel(t, chat.bot, psi, input);
  const ask = (who: Client, route: string, body: object) => who.post(`${API}/dashboard/${route}`, body);
  async function read<T>(route: string, body: object = {}, who = c): Promise<T> {
    const response = await ask(who, route, { idBot: chat.bot, fd: dia, fh: dia, ...body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  }
  /** Two sessions: one greets and ends at the greeting, the other goes on to the prices. */
  async function twoSessions() {
    await real(newPsi(), 'hola');
    const psi = newPsi();
    await real(psi, 'hola');
    t.clock.advance(60_000);
    await real(psi, 'cuánto cuesta');
  }

  it('cada rol firmado ve el dashboard de los bots de su empresa; otra empresa recibe 404', async () => {
    await twoSessions();
    for (const role of ROLES) {
      const who = await t.login(`${role}@quipu.test`);
      for (const route of ROUTES) {
        const response = await ask(who, route, { idBot: chat.bot, fd: dia, fh: dia, tl: 'horas' });
        expect(response.statusCode, `${role} ${route}: ${response.body}`).toBe(200);
      }
      expect((await read<{ totSessions: number }>('datos', {}, who)).totSessions).toBe(2);
    }
    const otra = await t.login('otra@quipu.test');
    for (const route of ROUTES) {
      const response = await ask(otra, route, { idBot: chat.bot, fd: dia, fh: dia });
      expect(response.statusCode, route).toBe(404);
      expect(response.json().message).toBe('Bot no encontrado');
    }
    // And nobody signed out.
    expect((await ask(t.client(), 'datos', { idBot: chat.bot, fd: dia, fh: dia })).statusCode).toBe(401);
  });

  it('las reglas de fechas y de bot responden 400 con su texto', async () => {
    const message = async (body: object) => {
      const response = await ask(c, 'datos', body);
      expect(response.statusCode, response.body).toBe(400);
      return response.json().message as string;
    };
    expect(await message({ fd: dia, fh: dia })).toBe(DASHBOARD_TEXTS.seleccioneBot);
    expect(await message({ idBot: '', fd: dia, fh: dia })).toBe(DASHBOARD_TEXTS.seleccioneBot);
    expect(await message({ idBot: chat.bot, fd: '2026-01-01', fh: '2026-04-01' })).toBe('Intervalo de fechas no puede ser mayor a 3 meses');
    expect(await message({ idBot: chat.bot, fd: '2026-05-02', fh: '2026-05-01' })).toBe(HISTORY_TEXTS.hastaMayor);
    expect(await message({ idBot: chat.bot, fd: '2026-02-30', fh: '2026-03-01' })).toMatch(/\bfd\b/);
    expect(await message({ idBot: chat.bot, fd: '2026-03-01', fh: 'mañana' })).toMatch(/\bfh\b/);
    // 90 days, both ends counted, is the widest range.
    expect((await ask(c, 'datos', { idBot: chat.bot, fd: '2026-01-01', fh: '2026-03-31' })).statusCode).toBe(200);
    expect((await ask(c, 'timeline', { idBot: chat.bot, fd: '2026-01-01', fh: '2026-04-01', tl: 'dias' })).json().message).toBe(DASHBOARD_TEXTS.intervalo);
  });

  it('el mismo error de fechas o de bot responde lo mismo en el dashboard y en el historial', async () => {
    const historial = (body: object) => c.post(`${API}/session.clientes`, body);
    const dashboard = (body: object) => ask(c, 'datos', body);
    const mistakes: Array<[object, number, object]> = [
      [{ idBot: chat.bot, fd: '2026-02-30', fh: '2026-03-01' }, 400, { message: HISTORY_TEXTS.fdDia, field: 'fd' }],
      [{ idBot: chat.bot, fd: '2026-03-01', fh: '2026-02-30' }, 400, { message: HISTORY_TEXTS.fhDia, field: 'fh' }],
      [{ idBot: chat.bot, fd: '2026-05-02', fh: '2026-05-01' }, 400, { message: HISTORY_TEXTS.hastaMayor, field: 'fh' }],
      [{ idBot: randomUUID(), fd: dia, fh: dia }, 404, { message: 'Bot no encontrado' }],
    ];
    for (const [body, status, answer] of mistakes) {
      for (const send of [historial, dashboard]) {
        const response = await send(body);
        expect([body, response.statusCode, response.json()]).toEqual([body, status, answer]);
      }
    }
  });

  it('los totales y la línea de tiempo son lo que hicieron los turnos, cada fila presente', async () => {
    await twoSessions();
    t.clock.now = limaAt(dia, 15, 30);
    c = await t.login('compania@quipu.test');
    await real(newPsi(), 'buenas tardes');
    const counted = await countedCounters(t, chat.bot, LIMA);
    const sum = (key: 'ses' | 'clt' | 'msg') => Object.values(counted.uso).reduce((s, r) => s + r[key], 0);
    const datos = await read<{ canales: Array<{ red: number; ses: number; clt: number; msg: number }>; totSessions: number; totClts: number; msmTot: number }>('datos');
    expect(datos).toEqual({ canales: [{ red: 1, ses: 3, clt: 3, msg: sum('msg') }], totSessions: 3, totClts: 3, msmTot: sum('msg'), cltAprox: false });
    expect(sum('msg')).toBe(13);

    const horas = await read<Array<{ hora: number; ses: number; clt: number; msg: number }>>('timeline', { tl: 'horas' });
    expect(horas.map((r) => r.hora)).toEqual(Array.from({ length: 24 }, (_, h) => h));
    expect(horas.filter((r) => r.msg > 0)).toEqual([{ hora: 10, ses: 2, clt: 2, msg: 10 }, { hora: 15, ses: 1, clt: 1, msg: 3 }]);
    const dias = await read<Array<{ dia: number; ses: number }>>('timeline', { tl: 'dias', fd: addDays(dia, -6) });
    expect(dias.map((r) => r.dia)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(dias.filter((r) => r.ses > 0)).toEqual([{ dia: weekday(dia), ses: 3, clt: 3, msg: 13 }]);
    // Without tl, by weekday.
    expect(await read<unknown[]>('timeline')).toHaveLength(7);
    // A range without activity: zeros, every row.
    expect(await read('datos', { fd: addDays(dia, -10), fh: addDays(dia, -1) })).toEqual({ canales: [], totSessions: 0, totClts: 0, msmTot: 0, cltAprox: false });
    expect((await read<Array<{ msg: number }>>('timeline', { tl: 'horas', fd: addDays(dia, -1), fh: addDays(dia, -1) })).every((r) => r.msg === 0)).toBe(true);
  });

  it('Clientes son las personas que escribieron en el rango, cada una una vez, por canal y en total', async () => {
    // Ana writes on two days (two sessions), Beto on the first only.
    const ana = newPsi();
    await real(ana, 'hola');
    await real(newPsi(), 'hola');
    t.clock.now = limaAt(addDays(dia, 1), 9, 0);
    c = await t.login('compania@quipu.test');
    await real(ana, 'cuánto cuesta');
    const counted = await countedCounters(t, chat.bot, LIMA);
    const clients = new Set(Object.keys(counted.cliente).map((key) => key.split(' ')[1]));
    expect(clients.size).toBe(2);
    const datos = await read<{ canales: Array<{ red: number; ses: number; clt: number }>; totSessions: number; totClts: number; cltAprox: boolean }>('datos', { fh: addDays(dia, 1) });
    expect(datos).toMatchObject({ totSessions: 3, totClts: clients.size, cltAprox: false, canales: [{ red: 1, ses: 3, clt: clients.size }] });
    // One day: its clients.
    expect(await read('datos', { fd: addDays(dia, 1), fh: addDays(dia, 1) })).toMatchObject({ totSessions: 1, totClts: 1, cltAprox: false });
  });

  it('con muchos días-cliente, Clientes es una estimación (≈) a menos del 2 % de la cuenta; con pocos, la cuenta exacta', async () => {
    // Written straight to the tables: 2,400 clients on two channels, each on three of four days (7,200 client-days).
    const days = [0, 1, 2, 3].map((i) => addDays(dia, i));
    const rows = await writeClientDays(t, { idE, idBot: chat.bot, days, clients: 2400, writes: (i, di) => (i + di) % 4 !== 0, ultimo: (d) => limaAt(d, 10, 0) });
    /** The slow count: the distinct clients of the rows of the days, per channel code and in all. */
    const distinct = (from: string, to: string) => {
      const inRange = rows.filter((r) => r.dia >= from && r.dia <= to);
      const byRed = (red: number) => new Set(inRange.filter((r) => r.red === red).map((r) => r.idClt)).size;
      return { total: new Set(inRange.map((r) => r.idClt)).size, red3: byRed(3), red4: byRed(4), clientDays: inRange.length };
    };
    type Datos = { canales: Array<{ red: number; clt: number }>; totClts: number; totSessions: number; cltAprox: boolean };
    const clt = (datos: Datos, red: number) => datos.canales.find((canal) => canal.red === red)!.clt;

    // Two days, 3,600 client-days: counted.
    const two = distinct(days[0], days[1]);
    expect(two).toEqual({ total: 2400, red3: 1200, red4: 1200, clientDays: 3600 });
    const counted = await read<Datos>('datos', { fd: days[0], fh: days[1] });
    expect(counted).toMatchObject({ totClts: two.total, totSessions: two.clientDays, cltAprox: false });
    expect([clt(counted, 3), clt(counted, 4)]).toEqual([two.red3, two.red4]);

    // Four days, 7,200 client-days: estimated from the sketches of the days and channels.
    const four = distinct(days[0], days[3]);
    expect(four).toEqual({ total: 2400, red3: 1200, red4: 1200, clientDays: 7200 });
    const estimated = await read<Datos>('datos', { fd: days[0], fh: days[3] });
    expect(estimated).toMatchObject({ totSessions: four.clientDays, cltAprox: true });
    const error = (got: number, want: number) => Math.abs(got - want) / want;
    expect(error(estimated.totClts, four.total)).toBeLessThan(0.02);
    expect(error(clt(estimated, 3), four.red3)).toBeLessThan(0.02);
    expect(error(clt(estimated, 4), four.red4)).toBeLessThan(0.02);
  });

  it('un mensaje a las 23:30 en Lima es de ese día de Lima', async () => {
    t.clock.now = limaAt(dia, 23, 30);
    c = await t.login('compania@quipu.test');
    await real(newPsi(), 'hola');
    expect(new Date(t.clock.now).toISOString().slice(0, 10)).toBe(addDays(dia, 1));
    expect((await read<{ totSessions: number }>('datos')).totSessions).toBe(1);
    expect((await read<{ totSessions: number }>('datos', { fd: addDays(dia, 1), fh: addDays(dia, 1) })).totSessions).toBe(0);
    const horas = await read<Array<{ hora: number; msg: number }>>('timeline', { tl: 'horas' });
    expect(horas.filter((r) => r.msg > 0).map((r) => r.hora)).toEqual([23]);
  });

  it("'Ver uso': una sesión termina en el saludo, la otra sigue a precios; los skills más usados con su nombre", async () => {
    await twoSessions();
    const uso = await read<Array<{ idSkill: string; llegan: number; terminan: number }>>('uso');
    const of = (id: string) => uso.find((u) => u.idSkill === id);
    expect(of(chat.skills.saludo)).toEqual({ idSkill: chat.skills.saludo, llegan: 2, terminan: 1 });
    expect(of(chat.skills.precios)).toEqual({ idSkill: chat.skills.precios, llegan: 1, terminan: 1 });
    expect(of(chat.skills.registro)).toEqual({ idSkill: chat.skills.registro, llegan: 0, terminan: 0 });
    // Every skill of the bot, once.
    expect(uso).toHaveLength(Object.keys(chat.skills).length);

    const top = await read<Array<{ idSkill: string; nm: string; n: number }>>('skill');
    // The greeting sends a text and quick replies each time; the prices a text, a carousel and a card.
    expect(top).toEqual([{ idSkill: chat.skills.saludo, nm: 'Saludo', n: 4 }, { idSkill: chat.skills.precios, nm: 'Precios', n: 3 }]);
    await t.app.db.deleteFrom('skill').where('id', '=', chat.skills.precios).execute();
    expect((await read<Array<{ nm: string }>>('skill'))[1].nm).toBe('(eliminado)');
  });

  it('los skills más usados se cortan en 10, de más a menos respuestas', async () => {
    // The query itself on a known set: 12 skills with 1 … 12 answers, on two days of the range.
    const ids: string[] = [];
    for (let i = 1; i <= 12; i++) {
      const id = await insertSkill(t, chat.bot, `Skill ${i}`);
      ids.push(id);
      await t.app.db.insertInto('uso_skill').values([
        { idBot: chat.bot, dia, idSkill: id, idE, n: i - 1, llegan: 1, terminan: 0 },
        { idBot: chat.bot, dia: addDays(dia, -3), idSkill: id, idE, n: 1, llegan: 1, terminan: 1 },
      ]).execute();
    }
    const top = await read<Array<{ nm: string; n: number }>>('skill', { fd: addDays(dia, -3) });
    expect(top.map((s) => [s.nm, s.n])).toEqual(Array.from({ length: 10 }, (_, i) => [`Skill ${12 - i}`, 12 - i]));
    // Outside the range, nothing.
    expect(await read('skill', { fd: addDays(dia, 1), fh: addDays(dia, 2) })).toEqual([]);
  });

  /** A web channel of the company, linked to the test bot. */
  async function webCanal(dsc: string): Promise<string> {
    const canal = randomUUID();
    await t.app.db.insertInto('canal').values({
      id: canal, idE, name: 'Web', red: 3, dsc, activo: 1, idR: null, b: chat.bot, porHora: 0, hi: null, hf: null, msgFueraHora: null, liveAgent: 0, email: null,
      useChasqui: 0, chasquiUrl: null, web: JSON.stringify({ headerTitle: dsc, domain: ['tienda.example.com'] }), fc: new Date(t.clock.now).toISOString(),
    }).execute();
    return canal;
  }

  /** A visitor's messages through the channel, as the widget sends them. */
  async function fromTheWeb(canal: string, messages: string[]) {
    const visitor = t.client();
    const call = (path: string, body: object) => visitor.inject({
      method: 'POST', url: `${API}/public/webchat/${encodeCanalKey(canal)}/${path}`, payload: JSON.stringify(body),
      headers: { host: 'quipu.test', origin: 'https://tienda.example.com', 'content-type': 'application/json' },
    });
    const opened = await call('conversacion', {});
    expect(opened.statusCode, opened.body).toBe(200);
    for (const message of messages) {
      const sent = await call('mensaje', { token: opened.json().token, id: randomUUID(), message });
      expect(sent.statusCode, sent.body).toBe(200);
    }
  }

  it('departamentos y bots: solo con DASHBOARD_PRERELEASE y empresas cuyo nombre contiene internacional', async () => {
    await twoSessions();
    const tienda = await webCanal('Chat de la tienda');
    await fromTheWeb(tienda, ['hola', 'cuánto cuesta']);
    await fromTheWeb(tienda, ['hola']);
    await fromTheWeb(await webCanal('Chat de la tienda'), ['hola']);
    // Channels come by their description (two of one description are one department); the console's chat, which has none, by its kind.
    expect(await read('depts')).toEqual([{ dept: 'Chat de la tienda', ses: 3, clt: 3 }, { dept: 'Facebook', ses: 2, clt: 2 }]);
    const bots = await read<Array<{ bot: string; ses: number; clt: number }>>('bots');
    const all = await t.app.db.selectFrom('bot').select('nm').where('idE', '=', idE).execute();
    expect(bots).toHaveLength(all.length);
    const nm = (await t.app.db.selectFrom('bot').select('nm').where('id', '=', chat.bot).executeTakeFirstOrThrow()).nm;
    expect(bots[0]).toEqual({ bot: nm, ses: 5, clt: 5 });
    expect(bots.slice(1).every((b) => b.ses === 0 && b.clt === 0)).toBe(true);

    // Otra Empresa's name does not say 'internacional': its own bot's details do not exist.
    const otra = await t.login('otra@quipu.test');
    const otraBot = await t.app.db.selectFrom('bot').innerJoin('empresa', 'empresa.id', 'bot.idE').select('bot.id').where('empresa.nm', '=', 'Otra Empresa').executeTakeFirstOrThrow();
    for (const route of ['depts', 'bots']) expect((await ask(otra, route, { idBot: otraBot.id, fd: dia, fh: dia })).statusCode).toBe(404);
    expect((await ask(otra, 'datos', { idBot: otraBot.id, fd: dia, fh: dia })).statusCode).toBe(200);
    // Any case: 'INTERNACIONAL' too.
    await t.app.db.updateTable('empresa').set({ nm: 'Grupo INTERNACIONAL Sur' }).where('nm', '=', 'Otra Empresa').execute();
    expect((await ask(otra, 'bots', { idBot: otraBot.id, fd: dia, fh: dia })).statusCode).toBe(200);

    t.config.dashboardPrerelease = false;
    for (const route of ['depts', 'bots']) expect((await ask(c, route, { idBot: chat.bot, fd: dia, fh: dia })).statusCode).toBe(404);
    expect((await ask(c, 'datos', { idBot: chat.bot, fd: dia, fh: dia })).statusCode).toBe(200);
  });

  it('la sesión dice si la empresa del usuario tiene los detalles, para que la consola no los pida en vano', async () => {
    const detalles = async (who: Client) => (await who.post(`${API}/enki`)).json().config.dashboardDetalles;
    expect(await detalles(c)).toBe(true);
    expect(await detalles(await t.login('otra@quipu.test'))).toBe(false);
    t.config.dashboardPrerelease = false;
    expect(await detalles(c)).toBe(false);
  });

  it('el administrador del sistema ve el bot de cualquier empresa; un bot que no existe es 404', async () => {
    const admin = await t.login('admin@quipu.test');
    expect((await ask(admin, 'uso', { idBot: chat.bot, fd: dia, fh: dia })).statusCode).toBe(200);
    expect((await ask(c, 'uso', { idBot: randomUUID(), fd: dia, fh: dia })).statusCode).toBe(404);
  });
});
