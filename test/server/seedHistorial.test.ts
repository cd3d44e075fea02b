// The demo history of 'Asistente Quipu': 90 days up to now, about 2,000 clients and 20,000
// messages over the demo company's channels, clients writing the bot's phrases and the bot
// answering with its actions, fewer at night and on Sundays; the same every time; its counters
// equal a count of its messages, and the dashboard's 90 days a count of its sessions and clients;
// what the fallback answered is in Monitoreo as a live turn leaves it; quick enough for a first
// start; and not loaded by the tests' reset.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, localDay, localTime } from '../../common/dias';
import { ASISTENTE_BOT, ASISTENTE_SKILLS } from '../../server/src/seed/asistente';
import { HISTORY_DAYS, seedHistorial } from '../../server/src/seed/historial';
import { companyId } from './adminFixtures';
import { API, createTestApp, dialects, type TestApp } from './helpers';
import { countedCounters, storedCounters } from './usoEsperado';
import { phraseHash } from '../../server/src/services/bots/frases';

const LIMA = 'America/Lima';

describe.each(dialects)('historial de demostración (%s)', (dialect) => {
  let t: TestApp;
  let idE: string;
  let idBot: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  beforeEach(async () => {
    await t.reset();
    idE = await companyId(t, 'Demo Internacional');
    idBot = (await t.app.db.selectFrom('bot').select('id').where('nm', '=', ASISTENTE_BOT).executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await t.close();
  });

  const target = () => ({ idE, idBot, timeZone: LIMA, defaultTimeZone: LIMA });
  const count = async (table: 'chat_mensaje' | 'chat_cliente' | 'chat_sesion' | 'uso') =>
    Number((await t.app.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('el reinicio de las pruebas no lo carga', async () => {
    expect(await count('chat_mensaje')).toBe(0);
    expect(await count('uso')).toBe(0);
  });

  it('90 días de conversaciones que se leen naturales, con la forma de una semana real', async () => {
    const started = performance.now();
    const written = await seedHistorial(t.app.db, target(), t.clock.now);
    const ms = performance.now() - started;
    // Its time is printed, not judged: a loaded machine would fail a bound that says nothing of the history.
    console.log(`historial de demostración (${dialect}): ${written} mensajes en ${Math.round(ms)} ms`);
    expect(written).toBe(await count('chat_mensaje'));
    expect(written).toBeGreaterThan(16_000);
    expect(written).toBeLessThan(26_000);
    expect(await count('chat_cliente')).toBe(2000);

    const { db } = t.app;
    const clientes = await db.selectFrom('chat_cliente').select(['nm', 'idChannel', 'red', 'test']).execute();
    expect(clientes.every((c) => c.test === 0 && /^[A-ZÁÉÍÓÚ][a-záéíóúñ]+ [A-ZÁÉÍÓÚ][a-záéíóúñ]+/.test(c.nm ?? ''))).toBe(true);
    expect(new Set(clientes.map((c) => c.idChannel)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(clientes.map((c) => c.red)).size).toBeGreaterThanOrEqual(3);

    const mensajes = await db.selectFrom('chat_mensaje').select(['t', 'm', 'idSkill', 'fc', 'idSesion', 'seq']).orderBy('idSesion').orderBy('seq').execute();
    const skills = new Map((await db.selectFrom('skill').select(['id', 'nm']).where('idBot', '=', idBot).execute()).map((s) => [s.id, ASISTENTE_SKILLS.find((a) => a.nm === s.nm)]));
    const today = localDay(t.clock.now, LIMA);
    const oldest = addDays(today, -(HISTORY_DAYS - 1));
    const byWeekday = new Array(8).fill(0) as number[];
    const byHour = new Array(24).fill(0) as number[];
    for (const m of mensajes) {
      const at = localTime(Date.parse(m.fc), LIMA);
      expect(Date.parse(m.fc)).toBeLessThanOrEqual(t.clock.now);
      expect(at.dia >= oldest).toBe(true);
      const skill = skills.get(m.idSkill ?? '');
      expect(skill, m.m).toBeDefined();
      // The client writes one of the skill's own phrases (the fallback gets what no skill knows).
      if (m.t === 1 && skill?.tipo === 0) expect(skill.frases).toContain(m.m);
      if (m.t === 1) {
        byWeekday[at.ds] += 1;
        byHour[at.hora] += 1;
      }
    }
    // Sundays are quieter than the average weekday; 3 in the morning quieter than 11.
    expect(byWeekday[1]).toBeLessThan((byWeekday[2] + byWeekday[3] + byWeekday[4] + byWeekday[5]) / 4 * 0.7);
    expect(byHour[3] * 4).toBeLessThan(byHour[11]);

    // Sessions of a few turns, some ending on the fallback.
    const turns = new Map<string, number>();
    const last = new Map<string, string>();
    for (const m of mensajes) {
      if (m.t === 1) turns.set(m.idSesion, (turns.get(m.idSesion) ?? 0) + 1);
      else last.set(m.idSesion, m.idSkill ?? '');
    }
    expect(Math.max(...turns.values())).toBeLessThanOrEqual(5);
    const fallback = [...skills].find(([, s]) => s?.tipo === 1)?.[0];
    const endingOnFallback = [...last.values()].filter((s) => s === fallback).length;
    expect(endingOnFallback).toBeGreaterThan(turns.size * 0.03);
    expect(endingOnFallback).toBeLessThan(turns.size * 0.3);
    // The bot answers with what its actions say.
    const greeting = mensajes.find((m) => m.t === 0 && skills.get(m.idSkill ?? '')?.nm === 'Horario de atención');
    expect(greeting?.m).toMatch(/^Atendemos de lunes a viernes/);

    // The counters are what counting the messages gives, and the dashboard's last week has data.
    expect(await storedCounters(t, idBot)).toEqual(await countedCounters(t, idBot, LIMA));
    const c = await t.login('dashboard@quipu.test');
    const datos = await c.post(`${API}/dashboard/datos`, { idBot, fd: addDays(today, -6), fh: today });
    expect(datos.statusCode, datos.body).toBe(200);
    expect(datos.json().totSessions).toBeGreaterThan(100);

    // The dashboard's 90 days: every session of the history, started in them, and every client once.
    const sesiones = await db.selectFrom('chat_sesion').select(['fi', 'idClt', 'test']).where('idBot', '=', idBot).execute();
    expect(sesiones.every((s) => s.test === 0 && localTime(Date.parse(s.fi), LIMA).dia >= oldest)).toBe(true);
    const noventa = (await c.post(`${API}/dashboard/datos`, { idBot, fd: oldest, fh: today })).json();
    expect(noventa).toMatchObject({ totSessions: sesiones.length, totClts: new Set(sesiones.map((s) => s.idClt)).size, cltAprox: false });
    expect(noventa.totClts).toBe(2000);

    // Monitoreo: each text the fallback answered, once, with how many times and when first, as live turns count them.
    const expected = new Map<string, { c: number; fc: string }>();
    for (const m of mensajes) {
      if (m.t !== 1 || m.idSkill !== fallback) continue;
      const e = expected.get(m.m);
      expected.set(m.m, { c: (e?.c ?? 0) + 1, fc: e && e.fc < m.fc ? e.fc : m.fc });
    }
    expect(expected.size).toBeGreaterThan(3);
    const frases = await db.selectFrom('frase_nr').select(['f', 'fh', 'c', 'fc']).where('idBot', '=', idBot).execute();
    expect(new Map(frases.map((f) => [f.f, { c: Number(f.c), fc: f.fc }]))).toEqual(expected);
    expect(frases.every((f) => f.fh === phraseHash(f.f))).toBe(true);
    const monitoreo = await t.login('compania@quipu.test');
    const listed = (await monitoreo.post(`${API}/frases`, { botId: idBot, pageSize: 500 })).json();
    expect(listed.totalElements).toBe(expected.size);
    expect(listed.content[0].c).toBe(Math.max(...[...expected.values()].map((e) => e.c)));
  });

  // Two whole demo histories: on PostgreSQL, on a loaded machine, about 30 s.
  it('la misma semilla da el mismo historial', async () => {
    const now = t.clock.now;
    const digest = async () => (await t.app.db.selectFrom('chat_mensaje').select(['id', 'm', 'fc']).orderBy('id').execute()).map((m) => `${m.id} ${m.m} ${m.fc}`);
    await seedHistorial(t.app.db, target(), now);
    const first = await digest();
    await t.reset();
    idE = await companyId(t, 'Demo Internacional');
    idBot = (await t.app.db.selectFrom('bot').select('id').where('nm', '=', ASISTENTE_BOT).executeTakeFirstOrThrow()).id;
    await seedHistorial(t.app.db, target(), now);
    expect(await digest()).toEqual(first);
  }, 120_000);
});
