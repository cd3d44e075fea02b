// The history's and the dashboard's counters kept by the conversation store in each turn's own
// transaction: after any mix of turns (new clients, sessions ended by idleness, days that change
// at midnight in the company's time zone, buttons, unrecognised phrases) they equal a count of
// the recorded messages, the sketches of distinct clients included; a test conversation adds nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, dayStart, localDay, weekday } from '../../common/dias';
import { createTestApp, dialects, userRow, type Client, type TestApp } from './helpers';
import { deployNow, fromChannel, insertChatBot, newPsi, say, setBot, type ChatBot } from './chatFixtures';
import { countedCounters, storedCounters } from './usoEsperado';

const LIMA = 'America/Lima';
/** Tomorrow in Lima (the clock only moves forward from the sign-in), and the instant `hh:mm` of it there. */
const tomorrow = () => addDays(localDay(Date.now(), LIMA), 1);
const limaAt = (dia: string, hh: number, mm: number) => dayStart(dia, LIMA) + (hh * 60 + mm) * 60_000;

describe.each(dialects)('contadores de uso (%s)', (dialect) => {
  let t: TestApp;
  let c: Client;
  let chat: ChatBot;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  beforeEach(async () => {
    await t.reset();
    const { idE } = await userRow(t, 'compania@quipu.test');
    await t.app.db.updateTable('empresa').set({ tz: LIMA }).where('id', '=', idE).execute();
    chat = await insertChatBot(t, idE);
    await setBot(t, chat.bot, {}, { tsession: 30 });
    await deployNow(t, chat.bot);
    c = await t.login('compania@quipu.test');
  });
  afterAll(async () => {
    await t.close();
  });

  /** A message of a real (not test) conversation, a channel's client's, on the deployed bot. */
  const real = (psi: string, input: string | { postback: string }) => fromChannel(t, chat.bot, psi, input);

  it('tras una mezcla al azar de turnos son iguales a contar los mensajes', async () => {
    // Start at 23:10 in Lima, so the mix crosses midnight there.
    t.clock.now = limaAt(tomorrow(), 23, 10);
    c = await t.login('compania@quipu.test');
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const psis = Array.from({ length: 6 }, newPsi);
    const inputs: Array<string | { postback: string }> = ['hola', 'cuánto cuesta', 'quiero registrarme', 'ana@example.com', 'xyzzy qwerty', 'en qué canal estoy', { postback: 'cuánto cuesta' }, { postback: chat.skills.registro }];
    for (let i = 0; i < 60; i++) {
      await real(psis[Math.floor(random() * psis.length)], inputs[Math.floor(random() * inputs.length)]).catch((e: unknown) => { throw new Error(`turno ${i} a las ${new Date(t.clock.now).toISOString()}: ${String(e)}`); });
      // Mostly a few seconds; now and then past the bot's 30 idle minutes (a new session), or hours.
      const r = random();
      t.clock.advance(r < 0.7 ? 5_000 + Math.round(r * 60_000) : r < 0.9 ? 31 * 60_000 : 5 * 3_600_000);
      // The console's sign-in does not outlive such a wait: sign in again.
      if (r >= 0.7) c = await t.login('compania@quipu.test');
    }
    const stored = await storedCounters(t, chat.bot);
    expect(Object.keys(stored.uso).length).toBeGreaterThan(3);
    expect(Object.keys(stored.skill).length).toBeGreaterThan(2);
    expect(new Set(Object.keys(stored.cliente).map((key) => key.split(' ')[0])).size).toBeGreaterThan(1);
    // A sketch of distinct clients per day: each client in it once a day, whatever its turns.
    expect(Object.keys(stored.clientes).length).toBeGreaterThan(1);
    expect(stored).toEqual(await countedCounters(t, chat.bot, LIMA));
  });

  it('un mensaje a las 23:30 en Lima cuenta en ese día de Lima, no en el siguiente día UTC', async () => {
    const dia = tomorrow();
    t.clock.now = limaAt(dia, 23, 30);
    c = await t.login('compania@quipu.test');
    await real(newPsi(), 'hola');
    const stored = await storedCounters(t, chat.bot);
    // In UTC it is already the next day.
    expect(new Date(t.clock.now).toISOString().slice(0, 10)).toBe(addDays(dia, 1));
    expect(Object.keys(stored.uso)).toEqual([expect.stringMatching(new RegExp(`^${dia} 23 `))]);
    expect(Object.values(stored.uso)).toEqual([{ ses: 1, clt: 1, msg: 3 }]);
    expect(Object.keys(stored.cliente)).toEqual([expect.stringMatching(new RegExp(`^${dia} `))]);
    const row = await t.app.db.selectFrom('uso').select('ds').where('idBot', '=', chat.bot).executeTakeFirstOrThrow();
    expect(row.ds).toBe(weekday(dia));
  });

  it('una sesión que pasa de un skill a otro termina en el último', async () => {
    const dia = tomorrow();
    t.clock.now = limaAt(dia, 10, 0);
    c = await t.login('compania@quipu.test');
    const psi = newPsi();
    await real(psi, 'hola');
    await real(psi, 'cuánto cuesta');
    const stored = await storedCounters(t, chat.bot);
    expect(stored.skill[`${dia} ${chat.skills.saludo}`]).toMatchObject({ n: 2, llegan: 1, terminan: 0 });
    expect(stored.skill[`${dia} ${chat.skills.precios}`]).toMatchObject({ llegan: 1, terminan: 1 });
  });

  it('una conversación de prueba no se cuenta ni se lista', async () => {
    await say(c, chat.bot, newPsi(), 'hola');
    expect(await storedCounters(t, chat.bot)).toEqual({ uso: {}, cliente: {}, skill: {}, clientes: {} });
  });
});
