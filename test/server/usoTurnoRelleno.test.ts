// The same turns counted both ways the server counts them: by the conversation store, turn by turn,
// and by the count of the recorded conversations (migration 014 and the demo history), which
// replays them. Every row of uso, uso_skill, chat_cliente_dia and uso_clientes is the same, in a
// company whose clock changes for daylight saving in the middle of the turns, over two channels,
// with sessions ended by idleness, clients writing at the same instant, names, buttons, a handover
// and unrecognised phrases; and both equal the slow count of the messages.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { localTime } from '../../common/dias';
import { rebuildClientSketches, rebuildUsage } from '../../server/src/conversation/usoRelleno';
import { companyTimeZones } from '../../server/src/services/empresas/empresas';
import { createTestApp, dialects, userRow, type TestApp } from './helpers';
import { deployNow, fromChannel, insertChatBot, newPsi, say, setBot, type ChatBot } from './chatFixtures';
import { counterRows, countedCounters, storedCounters } from './usoEsperado';

const SANTIAGO = 'America/Santiago';
const HOUR = 3_600_000;

/** The next hour after `from` at which `timeZone`'s offset from UTC changes (within a year), else the next whole hour. */
function nextClockChange(timeZone: string, from: number): number {
  const start = Math.ceil(from / HOUR) * HOUR;
  const offset = (ms: number) => {
    const { dia, hora } = localTime(ms, timeZone);
    return (Date.parse(`${dia}T${String(hora).padStart(2, '0')}:00:00Z`) - ms) / HOUR;
  };
  for (let at = start; at < start + 366 * 24 * HOUR; at += HOUR) if (Math.round(offset(at + HOUR)) !== Math.round(offset(at))) return at + HOUR;
  return start;
}

describe.each(dialects)('los mismos turnos contados turno a turno y rellenados (%s)', (dialect) => {
  let t: TestApp;
  let chat: ChatBot;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  beforeEach(async () => {
    await t.reset();
    const { idE } = await userRow(t, 'compania@quipu.test');
    await t.app.db.updateTable('empresa').set({ tz: SANTIAGO }).where('id', '=', idE).execute();
    chat = await insertChatBot(t, idE);
    await setBot(t, chat.bot, {}, { tsession: 30 });
    await deployNow(t, chat.bot);
  });
  afterAll(async () => {
    await t.close();
  });

  it('dan las mismas filas de uso, uso_skill, chat_cliente_dia y uso_clientes', async () => {
    // From an hour and a half before Santiago's clock changes, so the turns cross that change and a midnight.
    const change = nextClockChange(SANTIAGO, Date.now() + 24 * HOUR);
    t.clock.now = change - 90 * 60_000;
    const channels = [{ idChannel: 'canal-facebook', red: 1 }, { idChannel: 'canal-whatsapp', red: 4 }];
    const psis = Array.from({ length: 6 }, newPsi);
    const inputs: Array<string | { postback: string }> = [
      'hola', 'cuánto cuesta', 'xyzzy qwerty', 'quiero registrarme', 'ana@example.com', { postback: 'cuánto cuesta' },
      'en qué canal estoy', '  ', 'buenas noches', { postback: chat.skills.registro }, 'quiero hablar con una persona',
    ];
    const hours = new Set<string>();
    let seed = 11;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < 70; i++) {
      const client = Math.floor(random() * psis.length);
      // Half the clients come with a name from their provider, on every message: the recorded client keeps only its first.
      const nm = client < 3 ? ['Ana Soto', 'Luis Rojas', 'Rosa Díaz'][client] : undefined;
      await fromChannel(t, chat.bot, psis[client], inputs[Math.floor(random() * inputs.length)], { ...channels[client % 2], nm });
      hours.add(`${localTime(t.clock.now, SANTIAGO).dia} ${localTime(t.clock.now, SANTIAGO).hora}`);
      // Now and then another client at the same instant; mostly a minute or two; at times past the 30 idle minutes.
      const r = random();
      t.clock.advance(r < 0.15 ? 0 : r < 0.85 ? 20_000 + Math.round(r * 90_000) : 31 * 60_000);
    }
    // A test conversation, which neither way counts.
    await say(await t.login('compania@quipu.test'), chat.bot, newPsi(), 'hola');

    const perTurn = await counterRows(t);
    expect(new Set(perTurn.cliente.map((r) => r.dia)).size).toBeGreaterThan(1);
    expect(new Set(perTurn.uso.map((r) => r.idChannel))).toEqual(new Set(channels.map((c) => c.idChannel)));
    expect(perTurn.skill.some((r) => r.llegan > r.terminan)).toBe(true);
    expect(hours.size).toBeGreaterThan(2);
    expect(await storedCounters(t, chat.bot)).toEqual(await countedCounters(t, chat.bot, SANTIAGO));

    for (const table of ['uso', 'chat_cliente_dia', 'uso_skill', 'uso_clientes'] as const) await t.app.db.deleteFrom(table).execute();
    await rebuildUsage(t.app.db, await companyTimeZones(t.app.db, t.config.chatTimeZone));
    await rebuildClientSketches(t.app.db);
    const replayed = await counterRows(t);
    expect(replayed.uso).toEqual(perTurn.uso);
    expect(replayed.cliente).toEqual(perTurn.cliente);
    expect(replayed.skill).toEqual(perTurn.skill);
    expect(replayed.clientes).toEqual(perTurn.clientes);
  });
});
