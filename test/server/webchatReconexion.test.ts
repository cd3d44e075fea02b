// A widget back from a lost connection: it asks for what its conversation holds after its last
// message, and sends again what it could not confirm with the same id. A message whose instance
// died mid-turn is held only by a lease of seconds: the retry, on any instance, takes it over and is
// answered once; while the lease runs, the instance still answering it is not doubled. The
// console's test chat, back from a lost connection, reads the bot's messages it missed likewise.
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEBCHAT_MESSAGES, type WebchatConversation, type WebchatMissed, type WebchatReply } from '../../common/schemas/webchat';
import { encodeCanalKey } from '../../common/schemas/webchatKey';
import { companyId } from './adminFixtures';
import { deployNow, insertChatBot, newPsi, say as sayInConsole, texts, type ChatBot } from './chatFixtures';
import { API, createTestApp, dialects, type Client, type TestApp } from './helpers';

const SHOP = 'https://tienda.example.com';
const LEASE_SECONDS = 2;

describe.each(dialects)('reconexión del chat web (%s)', (dialect) => {
  let t: TestApp;
  let chat: ChatBot;
  let canal: string;
  let key: string;
  let visitor: Client;

  beforeAll(async () => {
    t = await createTestApp(dialect, { deliveryLeaseSeconds: LEASE_SECONDS });
  });
  beforeEach(async () => {
    await t.reset();
    const idE = await companyId(t, 'Demo Internacional');
    chat = await insertChatBot(t, idE);
    await deployNow(t, chat.bot);
    canal = randomUUID();
    await t.app.db
      .insertInto('canal')
      .values({
        id: canal, idE, name: 'Web', red: 3, dsc: 'Chat de la tienda', activo: 1, idR: null, b: chat.bot, porHora: 0, hi: null, hf: null, msgFueraHora: null,
        liveAgent: 0, email: null, useChasqui: 0, chasquiUrl: null, web: JSON.stringify({ domain: ['tienda.example.com'] }), fc: new Date(t.clock.now).toISOString(),
      })
      .execute();
    key = encodeCanalKey(canal);
    visitor = t.client();
  });
  afterAll(async () => {
    await t.close();
  });

  function call(path: string, body: object): Promise<LightMyRequestResponse> {
    return visitor.inject({ method: 'POST', url: `${API}/public/webchat/${key}/${path}`, payload: JSON.stringify(body), headers: { 'content-type': 'application/json', origin: SHOP } });
  }

  function read(query: Record<string, string>): Promise<LightMyRequestResponse> {
    return visitor.inject({ method: 'GET', url: `${API}/public/webchat/${key}/mensajes?${new URLSearchParams(query).toString()}`, headers: { origin: SHOP } });
  }

  async function open(): Promise<WebchatConversation> {
    const response = await call('conversacion', {});
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  async function say(token: string, message: string, id: string = randomUUID()): Promise<WebchatReply> {
    const response = await call('mensaje', { token, id, message });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  async function missed(token: string, desde?: string): Promise<WebchatMissed> {
    const response = await read({ token, ...(desde ? { desde } : {}) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  /** The client's messages the history holds with this text. */
  async function recorded(text: string): Promise<number> {
    const rows = await t.app.db.selectFrom('chat_mensaje').select('id').where('t', '=', 1).where('m', '=', text).where('idBot', '=', chat.bot).execute();
    return rows.length;
  }

  describe('GET /public/webchat/{key}/mensajes', () => {
    it('devuelve lo que la conversación tiene después del último mensaje que el widget recibió, en orden', async () => {
      const { token } = await open();
      const first = await say(token, 'hola');
      const second = await say(token, 'cuánto cuesta');
      const last = first.messages.at(-1)?.id as string;
      const after = await missed(token, last);
      expect(after.historial.map((e) => e.from)).toEqual(['user', ...second.messages.map(() => 'bot')]);
      expect(after.historial[0]).toMatchObject({ from: 'user', text: 'cuánto cuesta' });
      expect(after.historial.slice(1).map((e) => (e.from === 'bot' ? e.message : undefined))).toEqual(second.messages);
      // Up to date: nothing more; an id it does not hold: the whole session.
      expect((await missed(token, second.messages.at(-1)?.id)).historial).toEqual([]);
      expect((await missed(token, 'otro-id')).historial).toHaveLength(2 + first.messages.length + second.messages.length);
    });

    it('un token de otro canal o alterado se rechaza con 401, como al enviar', async () => {
      const { token } = await open();
      const response = await read({ token: `${token.split('.')[0]}.${'A'.repeat(43)}` });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(WEBCHAT_MESSAGES.badToken);
    });
  });

  describe('un mensaje que otra instancia dejaba respondiendo', () => {
    /** The row a crashed instance leaves: the delivery taken with its lease, the turn never written. */
    async function leftByDeadInstance(psi: string, id: string): Promise<void> {
      await t.app.db.insertInto('canal_entrega').values({ idCanal: canal, clave: `web:${psi}:${id}`, fc: t.clock.now, hasta: t.clock.now + LEASE_SECONDS * 1000 }).execute();
    }

    it('el reintento espera a que venza el plazo de la instancia caída, lo toma y se responde una sola vez', async () => {
      const { psi, token } = await open();
      const id = randomUUID();
      await leftByDeadInstance(psi, id);
      const retried = say(token, 'hola', id);
      await new Promise((resolve) => setTimeout(resolve, 300));
      t.clock.advance(LEASE_SECONDS * 1000 + 1);
      const answer = await retried;
      expect(answer.repetido).toBe(false);
      expect(texts(answer.messages)).toEqual(['¡Hola! ¿En qué le ayudo?', 'Elija una opción']);
      // Answered: a later repeat is answered once, whenever it comes.
      expect(await say(token, 'hola', id)).toMatchObject({ messages: [], repetido: true });
      t.clock.advance(LEASE_SECONDS * 1000 + 1);
      expect(await say(token, 'hola', id)).toMatchObject({ messages: [], repetido: true });
      expect(await recorded('hola')).toBe(1);
    });

    it('mientras la otra instancia lo sigue respondiendo no se responde dos veces: el reintento espera su respuesta', async () => {
      const { psi, token } = await open();
      const id = randomUUID();
      await leftByDeadInstance(psi, id);
      const retried = say(token, 'hola', id);
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The other instance answers it (its turn written elsewhere) and settles the delivery.
      await t.app.db.updateTable('canal_entrega').set({ hasta: null }).where('clave', '=', `web:${psi}:${id}`).execute();
      expect(await retried).toMatchObject({ messages: [], repetido: true });
      expect(await recorded('hola')).toBe(0);
    });

    it('un plazo que sigue vigente sin respuesta no se toma: pasado un plazo de espera, el reintento sale como repetido', async () => {
      const { psi, token } = await open();
      const id = randomUUID();
      await leftByDeadInstance(psi, id);
      const asked = performance.now();
      expect(await say(token, 'hola', id)).toMatchObject({ messages: [], repetido: true });
      expect(performance.now() - asked).toBeGreaterThanOrEqual(LEASE_SECONDS * 1000);
      expect(await recorded('hola')).toBe(0);
    });

    it('un mensaje respondido antes de la actualización (sin plazo) sigue respondiéndose una sola vez', async () => {
      const { psi, token } = await open();
      const id = randomUUID();
      await t.app.db.insertInto('canal_entrega').values({ idCanal: canal, clave: `web:${psi}:${id}`, fc: t.clock.now - 60_000 }).execute();
      expect(await say(token, 'hola', id)).toMatchObject({ messages: [], repetido: true });
      expect(await recorded('hola')).toBe(0);
    });

    it('un turno que falla suelta el mensaje: el reintento se responde sin esperar el plazo', async () => {
      const { token } = await open();
      const id = randomUUID();
      const deployed = t.app.bots.deployedBot;
      t.app.bots.deployedBot = () => Promise.reject(new Error('caída simulada'));
      const failed = await call('mensaje', { token, id, message: 'hola' });
      t.app.bots.deployedBot = deployed;
      expect(failed.statusCode).toBe(500);
      const retried = await say(token, 'hola', id);
      expect(retried.repetido).toBe(false);
      expect(await recorded('hola')).toBe(1);
    });

    it('un turno ya guardado cuya respuesta no llegó (falló después) no se vuelve a responder al reintentar', async () => {
      const { token } = await open();
      const id = randomUUID();
      const publish = t.app.realtime.publish.bind(t.app.realtime);
      t.app.realtime.publish = () => Promise.reject(new Error('caída simulada'));
      const failed = await call('mensaje', { token, id, message: 'hola' });
      t.app.realtime.publish = publish;
      expect(failed.statusCode).toBe(500);
      expect(await say(token, 'hola', id)).toMatchObject({ messages: [], repetido: true });
      expect(await recorded('hola')).toBe(1);
    });

    it('el turno renueva su plazo mientras corre', async () => {
      const { psi, token } = await open();
      const id = randomUUID();
      const deployed = t.app.bots.deployedBot.bind(t.app.bots);
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      t.app.bots.deployedBot = async (...args) => {
        await gate;
        return deployed(...args);
      };
      const pending = say(token, 'hola', id);
      const clave = `web:${psi}:${id}`;
      const lease = async () => Number((await t.app.db.selectFrom('canal_entrega').select('hasta').where('clave', '=', clave).executeTakeFirst())?.hasta);
      await expect.poll(lease).toBeGreaterThan(0);
      const taken = await lease();
      t.clock.advance(1_000);
      await expect.poll(lease, { timeout: 3_000, interval: 100 }).toBeGreaterThan(taken);
      release();
      t.app.bots.deployedBot = deployed;
      expect((await pending).repetido).toBe(false);
      expect((await t.app.db.selectFrom('canal_entrega').select('hasta').where('clave', '=', clave).executeTakeFirstOrThrow()).hasta).toBeNull();
    }, 15_000);
  });

  describe('GET /webchat/demo/mensajes (el chat de prueba de la consola)', () => {
    it('devuelve los mensajes del bot después del último que la consola recibió; a otro usuario, nada de esa conversación', async () => {
      const usuario = await t.login('compania@quipu.test');
      const psi = newPsi();
      const first = await sayInConsole(usuario, chat.bot, psi, 'hola');
      const second = await sayInConsole(usuario, chat.bot, psi, 'cuánto cuesta');
      const missed = async (c: Client, desde?: string) => {
        const response = await c.get(`${API}/webchat/demo/mensajes?${new URLSearchParams({ idBot: chat.bot, psi, ...(desde ? { desde } : {}) }).toString()}`);
        expect(response.statusCode, response.body).toBe(200);
        return (response.json() as { messages: Array<{ id: string }> }).messages.map((m) => m.id);
      };
      expect(await missed(usuario, first.at(-1)?.id)).toEqual(second.map((m) => m.id));
      expect(await missed(usuario)).toEqual([...first, ...second].map((m) => m.id));
      expect(await missed(usuario, second.at(-1)?.id)).toEqual([]);
      const otro = await t.login('usuario@quipu.test');
      expect(await missed(otro)).toEqual([]);
    });
  });
});
