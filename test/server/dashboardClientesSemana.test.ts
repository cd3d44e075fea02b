// The dashboard's timeline per weekday counts people, not client-days: a client who writes on two
// Mondays of the range is one client on Monday. Compared with a slow count of the same rows (the
// distinct clients of the recorded messages, or of the client-days written, per weekday): counted
// while the range holds few client-days, estimated (cltAprox) from the days' sketches past that.
// Per hour the figure stays what the counters keep: each client once a day, in its first hour.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, dayStart, localDay, weekday } from '../../common/dias';
import { EXACT_CLIENT_DAYS } from '../../server/src/db/hll';
import { createTestApp, dialects, API, userRow, type Client, type TestApp } from './helpers';
import { deployNow, fromChannel, insertChatBot, newPsi, setBot, type ChatBot } from './chatFixtures';
import { countedCounters, writeClientDays } from './usoEsperado';

const LIMA = 'America/Lima';
const MONDAY = 2;
const TUESDAY = 3;
const limaAt = (dia: string, hh: number, mm = 0) => dayStart(dia, LIMA) + (hh * 60 + mm) * 60_000;

interface Row {
  dia?: number;
  hora?: number;
  ses: number;
  clt: number;
  msg: number;
  cltAprox?: boolean;
}

/** The slow count: per weekday (1 Sunday … 7 Saturday), the distinct clients of client-days written 'dia idClt'. */
function clientsPerWeekday(clientDays: Iterable<{ dia: string; idClt: string }>): number[] {
  const sets = Array.from({ length: 7 }, () => new Set<string>());
  for (const { dia, idClt } of clientDays) sets[weekday(dia) - 1].add(idClt);
  return sets.map((s) => s.size);
}

describe.each(dialects)('línea de tiempo, clientes por día de la semana (%s)', (dialect) => {
  let t: TestApp;
  let c: Client;
  let chat: ChatBot;
  let idE: string;
  /** The first Monday after today in Lima: the clock only moves forward from the sign-in. */
  let lunes: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  beforeEach(async () => {
    await t.reset();
    idE = (await userRow(t, 'compania@quipu.test')).idE;
    await t.app.db.updateTable('empresa').set({ tz: LIMA }).where('id', '=', idE).execute();
    chat = await insertChatBot(t, idE);
    await setBot(t, chat.bot, {}, { tsession: 30 });
    await deployNow(t, chat.bot);
    const manana = addDays(localDay(Date.now(), LIMA), 1);
    lunes = addDays(manana, (MONDAY + 7 - weekday(manana)) % 7);
    t.clock.now = limaAt(lunes, 8);
    c = await t.login('compania@quipu.test');
  });
  afterAll(async () => {
    await t.close();
  });

  async function timeline(body: object): Promise<Row[]> {
    const response = await c.post(`${API}/dashboard/timeline`, { idBot: chat.bot, ...body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Row[];
  }
  const at = async (dia: string, hh: number, mm = 0) => {
    t.clock.now = limaAt(dia, hh, mm);
    c = await t.login('compania@quipu.test');
  };

  it('quien escribe dos lunes es un cliente del lunes: la cuenta lenta de los mensajes guardados, por día de la semana', async () => {
    const ana = newPsi();
    const beto = newPsi();
    const carla = newPsi();
    const real = (psi: string, input: string) => fromChannel(t, chat.bot, psi, input);
    // Monday: Ana and Beto. Tuesday: Beto and Carla. The next Monday: Ana, in the morning and again in the afternoon.
    await at(lunes, 10);
    await real(ana, 'hola');
    await real(beto, 'hola');
    await at(addDays(lunes, 1), 11);
    await real(beto, 'hola');
    await real(carla, 'hola');
    await at(addDays(lunes, 7), 9);
    await real(ana, 'hola');
    await at(addDays(lunes, 7), 15);
    await real(ana, 'cuánto cuesta');

    const counted = await countedCounters(t, chat.bot, LIMA);
    const slow = clientsPerWeekday(Object.keys(counted.cliente).map((key) => ({ dia: key.split(' ')[0], idClt: key.split(' ')[1] })));
    expect(slow[MONDAY - 1]).toBe(2);
    expect(slow[TUESDAY - 1]).toBe(2);
    // Monday holds three client-days: Ana's two and Beto's.
    expect(Object.keys(counted.cliente).filter((key) => weekday(key.split(' ')[0]) === MONDAY)).toHaveLength(3);

    const range = { fd: lunes, fh: addDays(lunes, 7) };
    const dias = await timeline({ ...range, tl: 'dias' });
    expect(dias.map((r) => r.dia)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(dias.map((r) => r.clt)).toEqual(slow);
    expect(dias.every((r) => r.cltAprox === undefined)).toBe(true);
    // Sessions and messages are the counters' sums, as before.
    const perWeekday = (key: 'ses' | 'msg') => [1, 2, 3, 4, 5, 6, 7].map((ds) => Object.entries(counted.uso).filter(([k]) => weekday(k.split(' ')[0]) === ds).reduce((s, [, r]) => s + r[key], 0));
    expect(dias.map((r) => r.ses)).toEqual(perWeekday('ses'));
    expect(dias.map((r) => r.msg)).toEqual(perWeekday('msg'));
    expect(dias[MONDAY - 1].clt).toBe(2);

    // The totals agree: three people wrote in the range.
    const datos = await c.post(`${API}/dashboard/datos`, { idBot: chat.bot, ...range });
    expect(datos.json()).toMatchObject({ totClts: 3, cltAprox: false });

    // Per hour, each client counts once a day in the hour of its first message that day, summed over the days.
    const horas = await timeline({ ...range, tl: 'horas' });
    expect(horas.filter((r) => r.msg > 0).map((r) => [r.hora, r.clt])).toEqual([[9, 1], [10, 2], [11, 2], [15, 0]]);
  });

  it('con muchos días-cliente, los clientes de cada día de la semana se estiman (cltAprox) a menos del 2 %; con pocos, se cuentan', async () => {
    // Written straight to the tables: 1,200 clients on two channels over two weeks, each on two of every three days.
    const { db } = t.app;
    const days = Array.from({ length: 14 }, (_, i) => addDays(lunes, i));
    const rows = await writeClientDays(t, { idE, idBot: chat.bot, days, clients: 1200, writes: (i, di) => (i + di) % 3 !== 0, ultimo: (d) => limaAt(d, 10) });
    const inRange = (fd: string, fh: string) => rows.filter((r) => r.dia >= fd && r.dia <= fh);

    // Two weeks, 11,200 client-days: past the count's limit, estimated.
    const two = inRange(days[0], days[13]);
    expect(two.length).toBeGreaterThan(EXACT_CLIENT_DAYS);
    const slow = clientsPerWeekday(two);
    expect(slow).toEqual([1200, 1200, 1200, 1200, 1200, 1200, 1200]);
    const estimated = await timeline({ fd: days[0], fh: days[13], tl: 'dias' });
    for (const row of estimated) {
      expect(Math.abs(row.clt - slow[row.dia! - 1]) / slow[row.dia! - 1], `día ${row.dia}: ${row.clt}`).toBeLessThan(0.02);
      expect(row.cltAprox, `día ${row.dia}`).toBe(true);
    }

    // Eight days (two Mondays) without their weekend, 4,800 client-days: few enough to count.
    const weekend = [days[5], days[6]];
    for (const table of ['chat_cliente_dia', 'uso', 'uso_clientes'] as const) await db.deleteFrom(table).where('dia', 'in', weekend).execute();
    const few = inRange(days[0], days[7]).filter((r) => !weekend.includes(r.dia));
    expect(few.length).toBeLessThanOrEqual(EXACT_CLIENT_DAYS);
    const counted = await timeline({ fd: days[0], fh: days[7], tl: 'dias' });
    expect(counted.map((r) => r.clt)).toEqual(clientsPerWeekday(few));
    expect(counted[MONDAY - 1].clt).toBe(1200);
    expect(counted[MONDAY - 1].ses).toBe(few.filter((r) => weekday(r.dia) === MONDAY).length);
    expect(counted.every((r) => r.cltAprox === undefined)).toBe(true);
  });
});
