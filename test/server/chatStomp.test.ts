// The test chat over a real listening server: the console's @stomp/stompjs subscribes to
// /user/bot/{idBot}/{psi}, sends through POST /webchat/demo, and receives each chat message as
// JSON, in order. Another company cannot subscribe to the bot's chats; another user of the company
// cannot subscribe to a test conversation that is not theirs, nor receive it under the same psi.
import type { IMessage } from '@stomp/stompjs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../common/schemas/chat';
import { STOMP_MESSAGES } from '../../server/src/realtime/messages';
import { consoleDestination } from '../../common/schemas/destinations';
import { companyId } from './adminFixtures';
import { insertChatBot, newPsi, say, type ChatBot } from './chatFixtures';
import { createTestApp, dialects, type Client, type TestApp } from './helpers';
import { TestStomp, WAIT, closeStompClients, cookieOf, listen } from './realtime/stompClients';

describe.each(dialects)('el chat de prueba por STOMP (%s)', (dialect) => {
  let t: TestApp;
  let url: string;
  let chat: ChatBot;
  let browser: Client;
  let psi: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    url = await listen(t.app);
  });
  beforeEach(async () => {
    await t.reset();
    chat = await insertChatBot(t, await companyId(t, 'Demo Internacional'));
    browser = await t.login('compania@quipu.test');
    psi = newPsi();
  });
  afterEach(async () => {
    await closeStompClients();
  });
  afterAll(async () => {
    await t.close();
  });

  async function stompOf(client: Client): Promise<TestStomp> {
    const stomp = new TestStomp(url, { cookie: cookieOf(client) });
    await stomp.connect();
    expect(stomp.connected, stomp.errors[0]?.headers.message).toHaveLength(1);
    return stomp;
  }

  /** Waits for `count` messages, then a moment more to catch any extra; their parsed bodies. */
  async function bodies(inbox: IMessage[], count: number): Promise<ChatMessage[]> {
    await vi.waitFor(() => expect(inbox.length).toBeGreaterThanOrEqual(count), WAIT);
    await new Promise((resolve) => setTimeout(resolve, 50));
    return inbox.map((m) => JSON.parse(m.body) as ChatMessage);
  }

  it('suscrito a /user/bot/{idBot}/{psi}, recibe cada mensaje de la respuesta en orden, igual al de POST, con su debug', async () => {
    const stomp = await stompOf(browser);
    const byBot = await stomp.subscribe(consoleDestination(chat.bot, psi));
    const first = await say(browser, chat.bot, psi, 'hola');
    expect(await bodies(byBot, 2)).toEqual(first);
    expect(byBot.map((m) => m.headers['content-type'])).toEqual(['application/json', 'application/json']);
    expect(byBot.map((m) => m.headers.destination)).toEqual([consoleDestination(chat.bot, psi), consoleDestination(chat.bot, psi)]);
    expect(first[0].debug).toBeDefined();

    const second = await say(browser, chat.bot, psi, 'cuánto cuesta');
    expect(second.map((m) => m.type)).toEqual(['TEXT', 'CAROUSEL', 'CARD']);
    expect(await bodies(byBot, 5)).toEqual([...first, ...second]);
    expect(stomp.errors).toHaveLength(0);
  });

  it('un postback y una pregunta de requerimiento también llegan por el tópico', async () => {
    const stomp = await stompOf(browser);
    const inbox = await stomp.subscribe(consoleDestination(chat.bot, psi));
    await say(browser, chat.bot, psi, { postback: chat.skills.registro });
    await say(browser, chat.bot, psi, 'ana@example.com');
    expect((await bodies(inbox, 2)).map((m) => m.text)).toEqual(['¿A qué correo le escribimos?', 'Listo, le escribiremos a ana@example.com.']);
  });

  it('el usuario de otra empresa no se suscribe a los chats del bot: ERROR y no recibe nada', async () => {
    const intruder = await stompOf(await t.login('otra@quipu.test'));
    const stolen: IMessage[] = [];
    intruder.client.subscribe(consoleDestination(chat.bot, psi), (m) => void stolen.push(m));
    const error = await intruder.refused();
    expect(error.headers.message).toBe(STOMP_MESSAGES.notAllowed);
    await say(browser, chat.bot, psi, 'hola');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stolen).toHaveLength(0);
  });

  it('otro usuario de la misma empresa no se suscribe a una conversación de prueba ajena', async () => {
    await say(browser, chat.bot, psi, 'hola');
    const colleague = await stompOf(await t.login('usuario@quipu.test'));
    colleague.client.subscribe(consoleDestination(chat.bot, psi), () => undefined);
    expect((await colleague.refused()).headers.message).toBe(STOMP_MESSAGES.notAllowed);
  });

  it('otro usuario suscrito al mismo psi antes del primer mensaje no recibe nada: el tema es de cada usuario', async () => {
    const colleague = await stompOf(await t.login('usuario@quipu.test'));
    const stolen = await colleague.subscribe(consoleDestination(chat.bot, psi));
    const own = await stompOf(browser);
    const inbox = await own.subscribe(consoleDestination(chat.bot, psi));
    await say(browser, chat.bot, psi, 'hola');
    await bodies(inbox, 2);
    expect(stolen).toHaveLength(0);
  });

  it('otra sesión del mismo usuario sigue su propia conversación de prueba', async () => {
    const other = await stompOf(await t.login('compania@quipu.test'));
    const inbox = await other.subscribe(consoleDestination(chat.bot, psi));
    const answer = await say(browser, chat.bot, psi, 'hola');
    expect(await bodies(inbox, 2)).toEqual(answer);
  });
});
