// Who reaches the conversation routes (routes/chat.ts): every demo account on each route of a Demo
// Internacional bot, another company's user (404), a signed-out browser (401); a test conversation
// is its user's alone; the 400s of an empty message and of a bot never deployed; and DELETE
// /webchat/demo removing only the caller's conversation rows.
import type { LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHAT_MESSAGES } from '../../common/schemas/chat';
import { ALL_ACCOUNTS, companyId, signedIn, type Account } from './adminFixtures';
import { expectedStatus } from './botFixtures';
import { deployNow, insertChatBot, newPsi, post, recorded, say, type ChatBot } from './chatFixtures';
import { API, createTestApp, dialects, userRow, type Client, type TestApp } from './helpers';

describe.each(dialects)('acceso a las rutas de conversación (%s)', (dialect) => {
  let t: TestApp;
  let chat: ChatBot;
  const as = signedIn(() => t);

  /** A saved regression test of the bot, for the routes that need one. */
  async function insertPrueba(): Promise<string> {
    const id = randomUUID();
    await t.app.db
      .insertInto('prueba')
      .values({ id, idBot: chat.bot, nm: 'Saludo', pasos: JSON.stringify([{ text: 'hola', skills: [chat.skills.saludo] }]), red: 8, fc: new Date(t.clock.now).toISOString() })
      .execute();
    return id;
  }

  const ROUTES: Array<{ route: string; ok: number; call: (c: Client) => Promise<LightMyRequestResponse> }> = [
    { route: 'POST /webchat/demo', ok: 200, call: (c) => post(c, chat.bot, newPsi(), 'hola') },
    { route: 'DELETE /webchat/demo', ok: 204, call: (c) => c.send('DELETE', `${API}/webchat/demo?idBot=${chat.bot}&psi=${newPsi()}`) },
    { route: 'POST /skill.test', ok: 200, call: (c) => c.post(`${API}/skill.test`, { id: chat.skills.saludo, idBot: chat.bot, text: 'hola' }) },
    { route: 'GET /bot.pruebas', ok: 200, call: (c) => c.get(`${API}/bot.pruebas?idBot=${chat.bot}`) },
    { route: 'POST /bot.prueba', ok: 200, call: (c) => c.post(`${API}/bot.prueba`, { idBot: chat.bot, nm: 'Saludo', pasos: [{ text: 'hola', skills: [chat.skills.saludo] }] }) },
    { route: 'DELETE /bot.prueba', ok: 204, call: async (c) => c.send('DELETE', `${API}/bot.prueba?id=${await insertPrueba()}`) },
    { route: 'POST /bot.pruebas.run', ok: 200, call: (c) => c.post(`${API}/bot.pruebas.run?idBot=${chat.bot}`) },
  ];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    chat = await insertChatBot(t, await companyId(t, 'Demo Internacional'));
  });
  afterAll(async () => {
    await t.close();
  });

  describe.each(ROUTES)('$route', ({ ok, call }) => {
    it.each(ALL_ACCOUNTS)('%s', async (who: Account) => {
      const expected = expectedStatus(who, 'read');
      const response = await call(await as(who));
      expect(response.statusCode, response.body).toBe(expected === 200 ? ok : expected);
      if (expected === 404) expect(response.json().message).toBeTruthy();
    });

    it('sin sesión: 401', async () => {
      const response = await call(t.client());
      expect(response.statusCode).toBe(401);
    });
  });

  describe('reglas de POST /webchat/demo', () => {
    it('la conversación de prueba de otro usuario (mismo psi): 403 conversacionAjena', async () => {
      const psi = newPsi();
      await say(await as('compania'), chat.bot, psi, 'hola');
      const response = await post(await as('usuario'), chat.bot, psi, 'hola');
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(CHAT_MESSAGES.conversacionAjena);
      // Nothing of the intruder's message was recorded.
      expect((await recorded(t, psi)).mensajes[0].filter((m) => Number(m.t) === 1)).toHaveLength(1);
    });

    it('una conversación de la consola sin test también es de su usuario: otro usuario con el mismo psi, 403 conversacionAjena', async () => {
      const live = await insertChatBot(t, await companyId(t, 'Demo Internacional'));
      await deployNow(t, live.bot);
      const psi = newPsi();
      await say(await as('compania'), live.bot, psi, 'me llamo Ana', { test: false });
      const response = await post(await as('usuario'), live.bot, psi, 'hola', { test: false });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(CHAT_MESSAGES.conversacionAjena);
    });

    it('otra empresa con el mismo psi tampoco entra: el bot no es suyo (404)', async () => {
      const psi = newPsi();
      await say(await as('compania'), chat.bot, psi, 'hola');
      expect((await post(await as('otra'), chat.bot, psi, 'hola')).statusCode).toBe(404);
    });

    it.each([
      ['un mensaje en blanco', { message: '   ' }],
      ['ni mensaje ni postback', {}],
      ['un postback en blanco', { postback: ' ' }],
    ])('%s: 400 vacio', async (_label, input) => {
      const response = await (await as('compania')).post(`${API}/webchat/demo`, { psi: newPsi(), idBot: chat.bot, test: true, ...input });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(CHAT_MESSAGES.vacio);
    });

    it('test false sobre un bot nunca desplegado: 400 botNoDesplegado', async () => {
      const response = await post(await as('compania'), chat.bot, newPsi(), 'hola', { test: false });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(CHAT_MESSAGES.botNoDesplegado);
    });

    it('un bot que no existe: 404', async () => {
      expect((await post(await as('compania'), 'no-existe', newPsi(), 'hola')).statusCode).toBe(404);
    });

    it('un psi con caracteres no permitidos: 400', async () => {
      expect((await post(await as('compania'), chat.bot, 'demo psi con espacios', 'hola')).statusCode).toBe(400);
    });
  });

  describe('DELETE /webchat/demo', () => {
    beforeEach(async () => {
      await t.app.db.deleteFrom('chat_cliente').execute();
    });

    async function rowsOf(psi: string) {
      const r = await recorded(t, psi);
      return { client: r.client ? 1 : 0, sesiones: r.sesiones.length, mensajes: r.mensajes.flat().length, conversacion: r.conversacion ? 1 : 0 };
    }

    it('borra la conversación del usuario (cliente, sesiones, mensajes) y no la de otro usuario', async () => {
      const mine = newPsi();
      const theirs = newPsi();
      await say(await as('compania'), chat.bot, mine, 'hola');
      await say(await as('compania'), chat.bot, mine, 'cuánto cuesta');
      await say(await as('usuario'), chat.bot, theirs, 'hola');
      expect(await rowsOf(mine)).toEqual({ client: 1, sesiones: 1, mensajes: 7, conversacion: 1 });

      const response = await (await as('compania')).send('DELETE', `${API}/webchat/demo?idBot=${chat.bot}&psi=${mine}`);
      expect(response.statusCode).toBe(204);
      expect(await rowsOf(mine)).toEqual({ client: 0, sesiones: 0, mensajes: 0, conversacion: 0 });
      expect(await rowsOf(theirs)).toEqual({ client: 1, sesiones: 1, mensajes: 3, conversacion: 1 });
      const ids = (await t.app.db.selectFrom('chat_mensaje').select('idSesion').execute()).length;
      expect(ids).toBe(3);
    });

    it('con idBot y psi borra esa conversación y no la del mismo psi con otro bot de la empresa', async () => {
      const psi = newPsi();
      const c = await as('compania');
      const other = await insertChatBot(t, await companyId(t, 'Demo Internacional'));
      await say(c, chat.bot, psi, 'hola');
      await say(c, other.bot, psi, 'quiero registrarme');
      expect((await c.send('DELETE', `${API}/webchat/demo?idBot=${chat.bot}&psi=${psi}`)).statusCode).toBe(204);
      const left = await t.app.db.selectFrom('conversacion').select('idBot').where('psi', '=', psi).execute();
      expect(left.map((r) => r.idBot)).toEqual([other.bot]);
      // The other bot's question is still pending.
      expect((await say(c, other.bot, psi, 'ana@example.com'))[0].text).toBe('Listo, le escribiremos a ana@example.com.');
    });

    it('el psi de otro usuario no se borra aunque se nombre', async () => {
      const theirs = newPsi();
      await say(await as('usuario'), chat.bot, theirs, 'hola');
      expect((await (await as('compania')).send('DELETE', `${API}/webchat/demo?idBot=${chat.bot}&psi=${theirs}`)).statusCode).toBe(204);
      expect((await rowsOf(theirs)).mensajes).toBe(3);
    });

    it('con solo idBot borra todas las del usuario con ese bot; después, el mismo psi empieza de cero', async () => {
      const a = newPsi();
      const b = newPsi();
      const c = await as('compania');
      await say(c, chat.bot, a, 'quiero registrarme');
      await say(c, chat.bot, b, 'hola');
      expect((await c.send('DELETE', `${API}/webchat/demo?idBot=${chat.bot}`)).statusCode).toBe(204);
      expect((await rowsOf(a)).client + (await rowsOf(b)).client).toBe(0);
      // The pending question went with it.
      const again = await say(c, chat.bot, a, 'ana@example.com');
      expect(again[0].debug?.skill?.id).toBe(chat.skills.fallback);
      const user = await userRow(t, 'compania@quipu.test');
      expect((await recorded(t, a)).client?.idU).toBe(user.id);
    });
  });
});
