// What a STOMP client can reach and how much it can hold, against a listening server: a console
// user's test chat never reaches a web visitor's conversation (nor the reverse), whatever psi it
// names; no console session follows a channel's conversation (web, WhatsApp), not even in its own
// company, since the console reads those in the history; one credential and one address hold a
// bounded number of connections; a destination is subscribed once per connection; and a
// subscription its principal may no longer hold is dropped at the next recheck.
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { IMessage } from '@stomp/stompjs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { receiveChannelMessage } from '../../../server/src/conversation/gate';
import { STOMP_MESSAGES } from '../../../server/src/realtime/messages';
import type { ChatMessage } from '../../../common/schemas/chat';
import type { WebchatConversation, WebchatReply } from '../../../common/schemas/webchat';
import { encodeCanalKey } from '../../../common/schemas/webchatKey';
import { companyId } from '../adminFixtures';
import { insertCanal } from '../canalFixtures';
import { deployNow, insertChatBot, say, type ChatBot } from '../chatFixtures';
import { API, createTestApp, dialects, type TestApp } from '../helpers';
import { RawStomp, TestStomp, WAIT, closeStompClients, cookieOf, listen } from './stompClients';

const SHOP = 'https://tienda.example.com';
/** What the web widget subscribes to with its conversation's token. */
const WIDGET = '/user/conversacion';
const PER_TOKEN = 20;

describe.each(dialects)('aislamiento y límites de STOMP (%s)', (dialect) => {
  let t: TestApp;
  let url: string;
  let demo: ChatBot;
  let otra: ChatBot;
  let canal: string;
  let key: string;
  const sockets = new Set<Socket>();

  beforeAll(async () => {
    // More sockets per address than the 300 of the flood, so that the per-token limit is what refuses them.
    t = await createTestApp(dialect, { stompMaxConnectionsPerToken: PER_TOKEN, stompMaxConnectionsPerIp: 400 });
    url = await listen(t.app);
    t.app.server.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
  });
  beforeEach(async () => {
    await t.reset();
    demo = await insertChatBot(t, await companyId(t, 'Demo Internacional'));
    await deployNow(t, demo.bot);
    otra = await insertChatBot(t, await companyId(t, 'Otra Empresa'));
    canal = await insertCanal(t, await companyId(t, 'Demo Internacional'), { b: demo.bot, web: JSON.stringify({ domain: ['tienda.example.com'] }) });
    key = encodeCanalKey(canal);
  });
  afterEach(async () => {
    await closeStompClients();
  });
  afterAll(async () => {
    await t.close();
  });

  /** A call of the shop's widget to its channel's public routes. */
  async function widgetCall<T>(path: string, body: object): Promise<T> {
    const response = await t.client().inject({
      method: 'POST',
      url: `${API}/public/webchat/${key}/${path}`,
      payload: JSON.stringify(body),
      headers: { host: 'quipu.test', origin: SHOP, 'content-type': 'application/json' },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  }

  const visit = () => widgetCall<WebchatConversation>('conversacion', {});
  const visitorSays = (token: string, message: string) => widgetCall<WebchatReply>('mensaje', { token, id: randomUUID(), message });

  async function widget(token: string): Promise<TestStomp> {
    const client = new TestStomp(url, { passcode: token, origin: SHOP });
    await client.connect();
    expect(client.connected, client.errors[0]?.headers.message).toHaveLength(1);
    return client;
  }

  /** A new connection of `cookie` that tries `destination`: what it receives there (nothing once refused). */
  async function tries(cookie: string, destination: string): Promise<{ inbox: IMessage[]; refused: boolean }> {
    const client = new TestStomp(url, { cookie });
    await client.connect();
    const inbox: IMessage[] = [];
    let subscribed = false;
    client.client.watchForReceipt('r', () => (subscribed = true));
    client.client.subscribe(destination, (m) => void inbox.push(m), { receipt: 'r' });
    await vi.waitFor(() => {
      if (!subscribed && client.errors.length === 0) throw new Error('sin respuesta a SUBSCRIBE');
    }, WAIT);
    return { inbox, refused: !subscribed };
  }

  const settle = () => new Promise((resolve) => setTimeout(resolve, 150));
  const ids = (messages: ChatMessage[]) => messages.map((m) => m.id);
  const idsIn = (inbox: IMessage[]) => inbox.map((m) => (JSON.parse(m.body) as ChatMessage).id);

  describe('conversaciones de otros', () => {
    it('Otra Empresa prueba su bot con el psi de un visitante web y se suscribe a todo lo que puede nombrar: no recibe nada del visitante, y el visitante nada de su bot', async () => {
      const visitor = await visit();
      const widgetInbox = await (await widget(visitor.token)).subscribe(WIDGET);

      const attacker = await t.login('otra@quipu.test');
      const own = await say(attacker, otra.bot, visitor.psi, 'hola');
      const colleague = cookieOf(await t.login('compania@quipu.test'));
      const named = [
        `/topic/${visitor.psi}`, `/topic/${otra.bot}/${visitor.psi}`, `/topic/${demo.bot}/${visitor.psi}`,
        `/user/bot/${otra.bot}/${visitor.psi}`, `/user/bot/${demo.bot}/${visitor.psi}`, WIDGET,
        `/topic/canal/${canal}/${visitor.psi}`, `/canal/${canal}/${visitor.psi}`,
      ];
      const attempts = [
        ...(await Promise.all(named.map((destination) => tries(cookieOf(attacker), destination)))),
        // Demo Internacional's own staff do not follow the visitor live either.
        ...(await Promise.all(named.map((destination) => tries(colleague, destination)))),
      ];

      const reply = await visitorSays(visitor.token, 'hola');
      const more = await say(attacker, otra.bot, visitor.psi, 'cuánto cuesta');
      const second = await visitorSays(reply.token, 'cuánto cuesta');
      await vi.waitFor(() => expect(widgetInbox.length).toBeGreaterThanOrEqual(reply.messages.length + second.messages.length), WAIT);
      await settle();

      const visitorIds = new Set(ids([...reply.messages, ...second.messages]));
      for (const [i, attempt] of attempts.entries()) {
        expect(idsIn(attempt.inbox).filter((id) => visitorIds.has(id)), `${i < named.length ? 'otra' : 'compania'} en ${named[i % named.length]}`).toEqual([]);
      }
      // The attacker's own test chat still answers it, on its own destination only.
      expect(idsIn(attempts[named.indexOf(`/user/bot/${otra.bot}/${visitor.psi}`)].inbox)).toEqual(ids(more));
      expect(own[0].debug).toBeDefined();

      const received = widgetInbox.map((m) => JSON.parse(m.body) as ChatMessage);
      expect(received).toEqual([...reply.messages, ...second.messages]);
      expect(received.some((m) => 'debug' in m)).toBe(false);
    });

    it('la conversación de un canal de WhatsApp no la sigue nadie de la consola: ni otra empresa, ni la propia, ni el administrador', async () => {
      const whatsapp = await insertCanal(t, await companyId(t, 'Demo Internacional'), { name: 'WhatsApp', red: 4, b: demo.bot });
      const row = await t.app.db.selectFrom('canal').selectAll().where('id', '=', whatsapp).executeTakeFirstOrThrow();
      const phone = '51987654321';
      const named = [`/topic/${phone}`, `/topic/${demo.bot}/${phone}`, `/user/bot/${demo.bot}/${phone}`, WIDGET, `/canal/${whatsapp}/${phone}`];
      const attempts: Array<{ who: string; destination: string; inbox: IMessage[] }> = [];
      for (const who of ['otra@quipu.test', 'compania@quipu.test', 'usuario@quipu.test', 'admin@quipu.test']) {
        const cookie = cookieOf(await t.login(who));
        for (const destination of named) attempts.push({ who, destination, ...(await tries(cookie, destination)) });
      }

      const first = await receiveChannelMessage(t.app, row, { psi: phone, text: 'hola' });
      const second = await receiveChannelMessage(t.app, row, { psi: phone, text: 'cuánto cuesta' });
      expect([first.kind, second.kind]).toEqual(['answered', 'answered']);
      await settle();
      for (const attempt of attempts) expect(attempt.inbox, `${attempt.who} en ${attempt.destination}`).toEqual([]);
    });
  });

  describe('límites de conexiones y suscripciones', () => {
    it(`300 conexiones con un mismo token: pasadas ${PER_TOKEN}, ERROR en español y se cierran; las admitidas reciben cada mensaje una vez`, async () => {
      const visitor = await visit();
      const before = process.memoryUsage().heapUsed;
      const raws = await Promise.all(Array.from({ length: 300 }, () => RawStomp.open(url)));
      const answers = await Promise.all(raws.map((raw) => raw.connect({ passcode: visitor.token })));

      const admitted = raws.filter((_, i) => answers[i].command === 'CONNECTED');
      const refusals = answers.filter((frame) => frame.command === 'ERROR');
      expect(admitted).toHaveLength(PER_TOKEN);
      expect(refusals).toHaveLength(300 - PER_TOKEN);
      expect(new Set(refusals.map((frame) => frame.headers.message))).toEqual(new Set([STOMP_MESSAGES.tooManyConnectionsCredential]));
      expect(STOMP_MESSAGES.tooManyConnectionsCredential).toBe('Demasiadas conexiones abiertas con la misma sesión o conversación');
      await vi.waitFor(() => expect(sockets.size).toBe(PER_TOKEN), WAIT);
      expect(t.app.realtime.connectedCount).toBe(PER_TOKEN);

      // Another conversation is not held back by this one's limit.
      const other = await visit();
      await widget(other.token);

      admitted.forEach((raw, i) => raw.send(`SUBSCRIBE\nid:s${i}\ndestination:${WIDGET}\nreceipt:${i}\n\n\0`));
      for (const raw of admitted) expect((await raw.next()).command).toBe('RECEIPT');
      const started = performance.now();
      const reply = await visitorSays(visitor.token, 'hola');
      for (const raw of admitted) {
        const frames = [await raw.next(), await raw.next()];
        expect(frames.map((frame) => JSON.parse(frame.body.toString()).id)).toEqual(ids(reply.messages));
      }
      expect(performance.now() - started).toBeLessThan(2000);
      await settle();
      for (const raw of admitted) expect(raw.frames).toHaveLength(1 + 1 + reply.messages.length);
      // Well under the 90 MB the unbounded flood took.
      expect(process.memoryUsage().heapUsed - before).toBeLessThan(40 * 1024 * 1024);
      for (const raw of raws) raw.socket.terminate();
    });

    it('una dirección no abre más sockets que su límite: el siguiente recibe ERROR en español y se cierra; al cerrarse uno, entra otro', async () => {
      const previous = t.app.realtime.settings.maxConnectionsPerAddress;
      t.app.realtime.settings.maxConnectionsPerAddress = 3;
      try {
        const held = await Promise.all([RawStomp.open(url), RawStomp.open(url), RawStomp.open(url)]);
        const extra = await RawStomp.open(url);
        const error = await extra.next();
        expect(error.command).toBe('ERROR');
        expect(error.headers.message).toBe('Demasiadas conexiones abiertas desde esta dirección');
        expect(await extra.closed()).toBe(1008);
        held[0].socket.close();
        await held[0].closed();
        await vi.waitFor(() => expect(sockets.size).toBe(2), WAIT);
        const next = await RawStomp.open(url);
        expect((await next.connect({ passcode: (await visit()).token })).command).toBe('CONNECTED');
        for (const raw of [...held, next]) raw.socket.terminate();
      } finally {
        t.app.realtime.settings.maxConnectionsPerAddress = previous;
      }
    });

    it('el mismo destino dos veces en una conexión: ERROR y la conexión se cierra', async () => {
      const visitor = await visit();
      const client = await widget(visitor.token);
      await client.subscribe(WIDGET);
      client.client.subscribe(WIDGET, () => undefined);
      const error = await client.refused();
      expect(error.headers.message).toBe('Esta conexión ya está suscrita a ese destino');
      expect(error.body).toContain(WIDGET);
    });

    it('el mismo chat de prueba dos veces en una conexión de la consola también', async () => {
      const client = new TestStomp(url, { cookie: cookieOf(await t.login('compania@quipu.test')) });
      await client.connect();
      await client.subscribe(`/user/bot/${demo.bot}/demo-psi-1`);
      client.client.subscribe(`/user/bot/${demo.bot}/demo-psi-1`, () => undefined);
      expect((await client.refused()).headers.message).toBe(STOMP_MESSAGES.duplicateDestination);
    });
  });

  describe('verificación periódica', () => {
    it('una suscripción que el usuario ya no puede tener (su rol dejó de abrir bots) se cae en la siguiente verificación', async () => {
      const browser = await t.login('usuario@quipu.test');
      const client = new TestStomp(url, { cookie: cookieOf(browser) });
      await client.connect();
      const inbox = await client.subscribe(`/user/bot/${demo.bot}/demo-psi-2`);
      await say(browser, demo.bot, 'demo-psi-2', 'hola');
      await vi.waitFor(() => expect(inbox).toHaveLength(2), WAIT);
      await t.app.realtime.recheck();
      expect(client.errors).toHaveLength(0);

      await t.app.db.updateTable('usuario').set({ rol: 'ROLE_DASHBOARD' }).where('usuario', '=', 'usuario@quipu.test').execute();
      await t.app.realtime.recheck();
      const error = await client.refused();
      expect(error.headers.message).toBe(STOMP_MESSAGES.notAllowed);
      expect(error.body).toContain(`/user/bot/${demo.bot}/demo-psi-2`);
      expect(t.app.realtime.connectedCount).toBe(0);
    });

  });
});
