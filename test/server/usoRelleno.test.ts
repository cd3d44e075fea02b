// The counters counted again from the recorded conversations (migration 014 and the demo seed),
// and the sketches of distinct clients from the client-days (migration 015): after real turns,
// emptying the tables and filling them gives back exactly what the conversation store kept turn by
// turn; on a hand-made set, each number is the expected one.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, dayStart, localDay } from '../../common/dias';
import { rebuildClientSketches, rebuildUsage, refillUsage as migration014 } from '../../server/src/conversation/usoRelleno';
import { companyTimeZones } from '../../server/src/services/empresas/empresas';
import { estimateSketch } from '../../server/src/db/hll';
import { createTestApp, dialects, userRow, type Client, type TestApp } from './helpers';
import { counterRows } from './usoEsperado';
import { deployNow, fromChannel, insertChatBot, newPsi, say, setBot, type ChatBot } from './chatFixtures';
import { insertBot, insertSkill } from './botFixtures';

const LIMA = 'America/Lima';
const limaAt = (dia: string, hh: number, mm: number) => dayStart(dia, LIMA) + (hh * 60 + mm) * 60_000;

async function emptyCounters(t: TestApp) {
  for (const table of ['uso', 'chat_cliente_dia', 'uso_skill', 'uso_clientes'] as const) await t.app.db.deleteFrom(table).execute();
}

describe.each(dialects)('relleno de los contadores (%s)', (dialect) => {
  let t: TestApp;
  let c: Client;
  let chat: ChatBot;
  let idE: string;
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
  });
  afterAll(async () => {
    await t.close();
  });

  it('tras turnos reales, vaciar y rellenar da exactamente lo que guardó cada turno', async () => {
    // From 22:40 in Lima tomorrow, so the turns cross midnight there; some sessions end by idleness.
    t.clock.now = limaAt(addDays(localDay(Date.now(), LIMA), 1), 22, 40);
    c = await t.login('compania@quipu.test');
    const psis = Array.from({ length: 5 }, newPsi);
    const inputs = ['hola', 'cuánto cuesta', 'xyzzy qwerty', 'quiero registrarme', 'ana@example.com', 'en qué canal estoy', 'buenas noches'];
    for (let i = 0; i < 40; i++) {
      await fromChannel(t, chat.bot, psis[(i * 7) % psis.length], inputs[(i * 5) % inputs.length]);
      t.clock.advance(i % 9 === 8 ? 40 * 60_000 : 90_000);
      if (i % 9 === 8) c = await t.login('compania@quipu.test');
    }
    // A test conversation, which is never counted.
    await say(c, chat.bot, newPsi(), 'hola');
    const kept = await counterRows(t);
    expect(kept.uso.length).toBeGreaterThan(2);
    expect(new Set(kept.cliente.map((r) => r.dia)).size).toBe(2);
    // Some sessions went on from one skill to another, moving where they end.
    expect(kept.skill.some((r) => r.llegan > r.terminan)).toBe(true);

    await emptyCounters(t);
    expect((await counterRows(t)).uso).toEqual([]);
    const read = await rebuildUsage(t.app.db, await companyTimeZones(t.app.db, t.config.chatTimeZone));
    expect(read).toBeGreaterThan(80);
    expect(await rebuildClientSketches(t.app.db)).toBe(kept.cliente.length);
    expect(await counterRows(t)).toEqual(kept);
    expect(kept.clientes.length).toBe(2);

    // The migration does the same, on whatever the tables held.
    await t.app.db.updateTable('uso').set({ msg: 999 }).execute();
    await migration014(t.app.db as unknown as Kysely<unknown>);
    expect(await counterRows(t)).toEqual(kept);
  });

  it('un conjunto hecho a mano: día de Lima, sesión que cruza la medianoche, skills A y B, prueba excluida', async () => {
    const { db } = t.app;
    const bot = await insertBot(t, idE);
    const [a, b] = [await insertSkill(t, bot, 'A'), await insertSkill(t, bot, 'B')];
    const canal = (await db.selectFrom('canal').select(['id', 'red']).where('idE', '=', idE).executeTakeFirstOrThrow());
    const dia = '2026-03-10';
    const client = async (nm: string, test: 0 | 1 = 0) => {
      const id = randomUUID();
      await db.insertInto('chat_cliente').values({ id, idE, idChannel: canal.id, psi: randomUUID(), red: canal.red, nm, test, idU: null, fc: new Date(limaAt(dia, 8, 0)).toISOString() }).execute();
      return id;
    };
    const session = async (idClt: string, turns: Array<[number, string[]]>, test: 0 | 1 = 0) => {
      const id = randomUUID();
      await db.insertInto('chat_sesion').values({ id, idClt, idE, idBot: bot, red: canal.red, test, fi: new Date(turns[0][0]).toISOString(), ff: null }).execute();
      let seq = 0;
      for (const [at, skills] of turns) {
        const fc = new Date(at).toISOString();
        await db.insertInto('chat_mensaje').values({ id: randomUUID(), idSesion: id, idBot: bot, t: 1, m: 'hola', tipo: 'TEXT', body: null, idSkill: skills[0] ?? null, score: null, fc, seq: ++seq }).execute();
        for (const s of skills) await db.insertInto('chat_mensaje').values({ id: randomUUID(), idSesion: id, idBot: bot, t: 0, m: 'respuesta', tipo: 'TEXT', body: '{}', idSkill: s, score: 0.9, fc, seq: ++seq }).execute();
      }
    };
    const ana = await client('Ana Quispe');
    const luis = await client('Luis Rojas');
    // Ana: ends at A at 10:00; then, at 23:30 in Lima (04:30 UTC the next day), a session A → B that goes on past midnight.
    await session(ana, [[limaAt(dia, 10, 0), [a]]]);
    await session(ana, [[limaAt(dia, 23, 30), [a]], [limaAt(dia, 23, 50), [b, b]], [limaAt(addDays(dia, 1), 0, 5), [a]]]);
    // Luis: A then B, the same hour.
    await session(luis, [[limaAt(dia, 10, 20), [a]], [limaAt(dia, 10, 21), [b]]]);
    // A test conversation is not counted.
    await session(await client('Prueba', 1), [[limaAt(dia, 10, 30), [a]]], 1);

    await rebuildUsage(db, await companyTimeZones(db, 'UTC'));
    await rebuildClientSketches(db);
    const got = await counterRows(t);
    const usoRow = (d: string, hora: number) => got.uso.find((r) => r.dia === d && r.hora === hora);
    expect(got.uso.filter((r) => r.idBot === bot).map((r) => [r.dia, r.hora, r.ses, r.clt, r.msg])).toEqual([
      [dia, 10, 2, 2, 6],
      [dia, 23, 1, 0, 5],
      [addDays(dia, 1), 0, 0, 1, 2],
    ]);
    expect(usoRow(dia, 23)).toMatchObject({ ds: 3, red: canal.red, idChannel: canal.id, idE });
    const cliente = got.cliente.filter((r) => r.idBot === bot).map((r) => [r.dia, r.nm, r.ses, r.msg, r.ultimo]);
    expect(cliente).toEqual(expect.arrayContaining([
      [dia, 'Ana Quispe', 2, 7, new Date(limaAt(dia, 23, 50)).toISOString()],
      [addDays(dia, 1), 'Ana Quispe', 1, 2, new Date(limaAt(addDays(dia, 1), 0, 5)).toISOString()],
      [dia, 'Luis Rojas', 1, 4, new Date(limaAt(dia, 10, 21)).toISOString()],
    ]));
    expect(cliente).toHaveLength(3);
    // Distinct clients per day and channel: Ana and Luis on the first day, Ana on the second; not the test client.
    const sketches = (await db.selectFrom('uso_clientes').select(['dia', 'idChannel', 'red', 'hll']).where('idBot', '=', bot).orderBy('dia').execute())
      .map((r) => [r.dia, r.idChannel, r.red, estimateSketch(r.hll)]);
    expect(sketches).toEqual([[dia, canal.id, canal.red, 2], [addDays(dia, 1), canal.id, canal.red, 1]]);
    const skill = (d: string, id: string) => got.skill.find((r) => r.dia === d && r.idSkill === id);
    // A: Ana's first session ends there, and her second reached it on both days; Luis went on to B.
    expect(skill(dia, a)).toMatchObject({ n: 3, llegan: 3, terminan: 1 });
    expect(skill(dia, b)).toMatchObject({ n: 3, llegan: 2, terminan: 1 });
    expect(skill(addDays(dia, 1), a)).toMatchObject({ n: 1, llegan: 0, terminan: 1 });

    // A company without a time zone of its own counts in the default one (here UTC: Lima + 5 h).
    await db.updateTable('empresa').set({ tz: null }).where('id', '=', idE).execute();
    await rebuildUsage(db, await companyTimeZones(db, 'UTC'));
    const utc = (await counterRows(t)).uso.filter((r) => r.idBot === bot).map((r) => [r.dia, r.hora, r.msg]);
    expect(utc).toEqual([[dia, 15, 6], [addDays(dia, 1), 4, 5], [addDays(dia, 1), 5, 2]]);
  });
});
