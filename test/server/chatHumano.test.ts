// A conversation handed to a person (GO_HUMAN) goes back to the bot: after the bot's agent-inactivity
// minutes (`timeout`), or at once with POST /webchat/demo.terminar ('Terminar atención').
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHAT_MESSAGES, type ChatMessage } from '../../common/schemas/chat';
import { companyId } from './adminFixtures';
import { insertChatBot, newPsi, recorded, say, setBot, texts, type ChatBot } from './chatFixtures';
import { API, createTestApp, dialects, type Client, type TestApp } from './helpers';

const MINUTE = 60_000;

describe.each(dialects)('espera de una persona (%s)', (dialect) => {
  let t: TestApp;
  let chat: ChatBot;
  let c: Client;
  let psi: string;
  const talk = (input: string) => say(c, chat.bot, psi, input);
  const end = (client = c, body: object = {}) => client.post(`${API}/webchat/demo.terminar`, { psi, idBot: chat.bot, test: true, ...body });
  const debugOf = (messages: ChatMessage[]) => messages[0].debug!;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  beforeEach(async () => {
    await t.reset();
    chat = await insertChatBot(t, await companyId(t, 'Demo Internacional'));
    c = await t.login('compania@quipu.test');
    psi = newPsi();
  });
  afterAll(() => t.close());

  describe('inactividad del agente (timeout del bot)', () => {
    it('pasados los minutos de timeout esperando, el bot vuelve a responder', async () => {
      await setBot(t, chat.bot, {}, { timeout: 5 });
      expect(texts(await talk('quiero hablar con una persona'))).toEqual([CHAT_MESSAGES.humano]);
      t.clock.advance(4 * MINUTE);
      expect(texts(await talk('hola'))).toEqual([CHAT_MESSAGES.esperandoHumano]);
      t.clock.advance(1 * MINUTE);
      const messages = await talk('hola');
      expect(texts(messages)).toEqual(['¡Hola! ¿En qué le ayudo?', 'Elija una opción']);
      expect(debugOf(messages)).toMatchObject({ human: false, skill: { id: chat.skills.saludo } });
    });

    it('sin timeout la conversación sigue esperando', async () => {
      await talk('quiero hablar con una persona');
      t.clock.advance(25 * MINUTE);
      expect(texts(await talk('hola'))).toEqual([CHAT_MESSAGES.esperandoHumano]);
    });
  });

  describe('POST /webchat/demo.terminar', () => {
    it("'Terminar atención' devuelve la conversación al bot: lo dice, lo guarda, y el siguiente mensaje lo responde el bot", async () => {
      await talk('quiero hablar con una persona');
      const response = await end();
      expect(response.statusCode).toBe(200);
      const { messages } = response.json() as { messages: ChatMessage[] };
      expect(texts(messages)).toEqual([CHAT_MESSAGES.atencionTerminada]);
      expect(debugOf(messages)).toMatchObject({ via: 'humano', human: false });
      expect(texts(await talk('hola'))).toEqual(['¡Hola! ¿En qué le ayudo?', 'Elija una opción']);
      // Only the bot's notice is recorded for it, no message of the client's.
      const { mensajes } = await recorded(t, psi);
      expect(mensajes[0].map((m) => [m.t, m.m])).toEqual([
        [1, 'quiero hablar con una persona'],
        [0, CHAT_MESSAGES.humano],
        [0, CHAT_MESSAGES.atencionTerminada],
        [1, 'hola'],
        [0, '¡Hola! ¿En qué le ayudo?'],
        [0, 'Elija una opción'],
      ]);
    });

    it('una conversación que no espera a una persona responde 400', async () => {
      await talk('hola');
      const response = await end();
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(CHAT_MESSAGES.sinEspera);
      expect((await end(c, { psi: newPsi() })).statusCode).toBe(400);
    });

    it('las mismas reglas que el chat de prueba: firmada, la conversación de otro usuario 403 y el bot de otra empresa 404', async () => {
      await talk('quiero hablar con una persona');
      expect((await c.post(`${API}/webchat/demo.terminar`, { psi, idBot: chat.bot, test: true }, { sign: false })).statusCode).toBe(401);
      const otro = await t.login('usuario@quipu.test');
      const ajena = await end(otro);
      expect(ajena.statusCode).toBe(403);
      expect(ajena.json().message).toBe(CHAT_MESSAGES.conversacionAjena);
      expect((await end(await t.login('otra@quipu.test'))).statusCode).toBe(404);
      expect(texts(await talk('hola'))).toEqual([CHAT_MESSAGES.esperandoHumano]);
    });
  });
});
