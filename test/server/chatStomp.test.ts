// The test chat over a real listening server: the console's @stomp/stompjs subscribes to
// /topic/{idBot}/{psi} and /topic/{psi}, sends through POST /webchat/demo, and receives each chat
// message as JSON, in order. Another company cannot subscribe to the bot's topic; another user of
// the company cannot subscribe to a test conversation that is not theirs.
import type { IMessage } from '@stomp/stompjs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../server/src/schemas/chat';
import { STOMP_MESSAGES } from '../../server/src/realtime/messages';
import { companyId } from './adminFixtures';
import { insertChatBot, newPsi, say, type ChatBot } from './chatFixtures';
import { API, createTestApp, dialects, type Client, type TestApp } from './helpers';
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

  it('suscrito a /topic/{idBot}/{psi} y /topic/{psi}, recibe cada mensaje de la respuesta en orden, igual al de POST', async () => {
    const stomp = await stompOf(browser);
    const byBot = await stomp.subscribe(`/topic/${chat.bot}/${psi}`);
    const first = await say(browser, chat.bot, psi, 'hola');
    expect(await bodies(byBot, 2)).toEqual(first);
    expect(byBot.map((m) => m.headers['content-type'])).toEqual(['application/json', 'application/json']);

    // The conversation is known now: its own topic opens to the session that holds it.
    const byPsi = await stomp.subscribe(`/topic/${psi}`);
    const second = await say(browser, chat.bot, psi, 'cuánto cuesta');
    expect(second.map((m) => m.type)).toEqual(['TEXT', 'CAROUSEL', 'CARD']);
    expect(await bodies(byBot, 5)).toEqual([...first, ...second]);
    expect(await bodies(byPsi, 3)).toEqual(second);
    expect(stomp.errors).toHaveLength(0);
  });

  it('un postback y una pregunta de requerimiento también llegan por el tópico', async () => {
    const stomp = await stompOf(browser);
    const inbox = await stomp.subscribe(`/topic/${chat.bot}/${psi}`);
    await say(browser, chat.bot, psi, { postback: chat.skills.registro });
    await say(browser, chat.bot, psi, 'ana@example.com');
    expect((await bodies(inbox, 2)).map((m) => m.text)).toEqual(['¿A qué correo le escribimos?', 'Listo, le escribiremos a ana@example.com.']);
  });

  it('el usuario de otra empresa no se suscribe al tópico del bot: ERROR y no recibe nada', async () => {
    const intruder = await stompOf(await t.login('otra@quipu.test'));
    const stolen: IMessage[] = [];
    intruder.client.subscribe(`/topic/${chat.bot}/${psi}`, (m) => void stolen.push(m));
    const error = await intruder.refused();
    expect(error.headers.message).toBe(STOMP_MESSAGES.notAllowed);
    await say(browser, chat.bot, psi, 'hola');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stolen).toHaveLength(0);
  });

  it('el usuario de otra empresa tampoco se suscribe a /topic/{psi}', async () => {
    await say(browser, chat.bot, psi, 'hola');
    const intruder = await stompOf(await t.login('otra@quipu.test'));
    intruder.client.subscribe(`/topic/${psi}`, () => undefined);
    expect((await intruder.refused()).headers.message).toBe(STOMP_MESSAGES.notAllowed);
  });

  it('otro usuario de la misma empresa no se suscribe a /topic/{psi} de una conversación de prueba ajena', async () => {
    await say(browser, chat.bot, psi, 'hola');
    const colleague = await stompOf(await t.login('usuario@quipu.test'));
    colleague.client.subscribe(`/topic/${psi}`, () => undefined);
    expect((await colleague.refused()).headers.message).toBe(STOMP_MESSAGES.notAllowed);
  });

  it('otra sesión del mismo usuario tampoco: /topic/{psi} es de la sesión que tiene la conversación', async () => {
    await say(browser, chat.bot, psi, 'hola');
    const other = await stompOf(await t.login('compania@quipu.test'));
    other.client.subscribe(`/topic/${psi}`, () => undefined);
    expect((await other.refused()).headers.message).toBe(STOMP_MESSAGES.notAllowed);
  });

  it('después de DELETE /webchat/demo la conversación ya no se puede escuchar por /topic/{psi}', async () => {
    await say(browser, chat.bot, psi, 'hola');
    expect((await browser.send('DELETE', `${API}/webchat/demo?idBot=${chat.bot}&psi=${psi}`)).statusCode).toBe(204);
    const stomp = await stompOf(browser);
    stomp.client.subscribe(`/topic/${psi}`, () => undefined);
    expect((await stomp.refused()).headers.message).toBe(STOMP_MESSAGES.notAllowed);
  });
});
