// Twitter (X) against a local fake X API v2: 'Conectar' (users/me, the app's bearer token, the
// webhook registered with the CRC the fake runs against our webhook, the account subscribed, the
// keys kept encrypted), 'Desconectar', the webhook's state and 'Activar'; Account Activity posts
// signed, badly signed and replayed, a direct message through the deployed bot and back out as a
// signed direct message, the numbered buttons; every route for every role and another company.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CANAL_MESSAGES } from '../../common/schemas/canales';
import { TWITTER_MESSAGES } from '../../common/schemas/twitter';
import { ACCOUNTS, ALL_ACCOUNTS, auditRows, companyId, type Account } from './adminFixtures';
import { deployNow, insertChatBot, recorded, type ChatBot } from './chatFixtures';
import { canalRow, closeHours, createCanal, linkBot, signedInNow, storedSecret } from './canalesProveedoresFakes';
import { API, createTestApp, dialects, type Client, type TestApp } from './helpers';
import {
  TW_ACCESS_TOKEN, TW_ACCESS_TOKEN_SECRET, TW_ACCOUNT, TW_CONSUMER_KEY, TW_CONSUMER_SECRET, crcToken, dmEvent, fakeX, twSignature, type FakeX,
} from '../fixtures/twitter';

const SENDER = '3805104374';
const ALLOWED: Account[] = ['admin', 'compania', 'usuario'];
const KEYS = { twConsumerKey: TW_CONSUMER_KEY, twConsumerSecret: TW_CONSUMER_SECRET, twAccessToken: TW_ACCESS_TOKEN, twAccessTokenSecret: TW_ACCESS_TOKEN_SECRET };

describe.each(dialects)('Twitter (%s)', (dialect) => {
  let t: TestApp;
  let fake: FakeX;
  let as: (who: Account) => Promise<Client>;
  let demo: string;
  let id: string;
  let eventId = 5000;

  beforeAll(async () => {
    // X runs the CRC against our webhook: here, straight into the app.
    fake = await fakeX(async (url) => {
      const { pathname, search } = new URL(url);
      const res = await t.app.inject({ method: 'GET', url: `${pathname}${search}` });
      return res.statusCode === 200 ? res.json() : undefined;
    });
    t = await createTestApp(dialect, { twitterApiBase: fake.base });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(async () => {
    await t.reset();
    as = signedInNow(t);
    fake.requests.length = 0;
    fake.webhooks.clear();
    fake.subscriptions.clear();
    fake.crcs.length = 0;
    fake.refuseCrc = false;
    demo = await companyId(t, 'Demo Internacional');
    id = await createCanal(await as('compania'), { name: 'Twitter', dsc: 'Twitter de la tienda' });
  });

  const webhookUrl = () => `http://127.0.0.1:8080${API}/wh/twitter/${id}`;
  const connect = async (who: Account = 'compania', body: Record<string, unknown> = {}) => (await as(who)).post(`${API}/loginTw`, { id, env: 'produccion', ...KEYS, ...body });

  /** Posts an Account Activity body signed with the consumer secret (or `secret`; null: unsigned). */
  const postEvent = (body: object, secret: string | null = TW_CONSUMER_SECRET) => {
    const payload = JSON.stringify(body);
    return t.app.inject({
      method: 'POST', url: `${API}/wh/twitter/${id}`, payload,
      headers: { 'content-type': 'application/json', ...(secret === null ? {} : { 'x-twitter-webhooks-signature': twSignature(payload, secret) }) },
    });
  };
  const dm = (text: string, extra: Record<string, unknown> = {}, sender = SENDER) => dmEvent(String(++eventId), text, sender, extra);

  async function ready(): Promise<ChatBot> {
    expect((await connect()).statusCode).toBe(200);
    const chat = await insertChatBot(t, demo);
    await deployNow(t, chat.bot);
    await linkBot(await as('compania'), id, chat.bot);
    fake.requests.length = 0;
    return chat;
  }

  describe('POST /loginTw', () => {
    it("'Conectar' comprueba las claves, registra el webhook (X hace el CRC), suscribe la cuenta, guarda las claves cifradas y activa el canal", async () => {
      await t.app.db.updateTable('canal').set({ activo: 0 }).where('id', '=', id).execute();
      const res = await connect();
      expect(res.statusCode).toBe(200);
      const [webhook] = [...fake.webhooks.values()];
      expect(res.json()).toMatchObject({
        id, activo: true,
        cfg: { env: 'produccion', twitterUserId: TW_ACCOUNT.id, twitterUsername: TW_ACCOUNT.username, webhookId: webhook.id },
        secretos: { twConsumerKey: true, twConsumerSecret: true, twAccessToken: true, twAccessTokenSecret: true },
      });
      for (const secret of Object.values(KEYS)) expect(res.body).not.toContain(secret);
      expect(fake.lines()).toEqual([
        'GET /2/users/me', 'POST /oauth2/token', 'GET /2/webhooks', 'POST /2/webhooks', `POST /2/account_activity/webhooks/${webhook.id}/subscriptions/all`,
      ]);
      expect(fake.requests[3].body).toEqual({ url: webhookUrl() });
      expect(fake.requests[1].raw).toBe('grant_type=client_credentials');
      // The CRC reached our webhook and got the right response_token.
      expect(fake.crcs).toEqual([{ url: webhookUrl(), ok: true }]);
      expect(webhook.valid).toBe(true);
      expect(fake.subscriptions.get(webhook.id)).toEqual(new Set([TW_ACCOUNT.id]));
      const row = await canalRow(t, id);
      for (const secret of Object.values(KEYS)) expect(row.secretos).not.toContain(secret);
      expect(await storedSecret(t, id, 'twConsumerSecret')).toBe(TW_CONSUMER_SECRET);
      expect(await storedSecret(t, id, 'twAccessTokenSecret')).toBe(TW_ACCESS_TOKEN_SECRET);
      const audit = (await auditRows(t, 3)).find((r) => r.val?.includes('conectado'));
      expect(audit).toMatchObject({ us: ACCOUNTS.compania, idE: demo, val: `Canal Twitter «Twitter de la tienda»: conectado a X (@${TW_ACCOUNT.username}), suscripción «produccion»` });
    });

    it("conectar de nuevo ('Guardar') conserva el webhook que X ya tiene en esa dirección", async () => {
      expect((await connect()).statusCode).toBe(200);
      fake.requests.length = 0;
      const res = await connect('compania', { env: 'ventas' });
      expect(res.statusCode).toBe(200);
      expect(fake.webhooks.size).toBe(1);
      expect(fake.lines()).not.toContain('POST /2/webhooks');
      expect(res.json().cfg.env).toBe('ventas');
    });

    it('cada campo faltante o vacío responde 400 con su mensaje, sin llamar a X', async () => {
      const messages: Record<string, string> = {
        env: TWITTER_MESSAGES.env, twConsumerKey: TWITTER_MESSAGES.consumerKey, twConsumerSecret: TWITTER_MESSAGES.consumerSecret,
        twAccessToken: TWITTER_MESSAGES.accessToken, twAccessTokenSecret: TWITTER_MESSAGES.accessTokenSecret,
      };
      for (const [field, message] of Object.entries(messages)) {
        for (const value of [undefined, '  ']) {
          const res = await connect('compania', { [field]: value });
          expect(res.statusCode).toBe(400);
          expect(res.json().message).toBe(message);
        }
      }
      expect(fake.requests).toHaveLength(0);
    });

    it(`claves que X rechaza responden 400 '${TWITTER_MESSAGES.badCredentials}' y el canal no cambia`, async () => {
      await t.app.db.updateTable('canal').set({ activo: 0 }).where('id', '=', id).execute();
      const res = await connect('compania', { twAccessTokenSecret: 'otro-secreto' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(TWITTER_MESSAGES.badCredentials);
      expect(fake.lines()).toEqual(['GET /2/users/me']);
      const row = await canalRow(t, id);
      expect(row.activo).toBeFalsy();
      expect(JSON.parse(row.secretos)).toEqual({});
    });

    it("con DATABASE_URL y sin PUBLIC_URL responde 400 'Configure PUBLIC_URL…' sin llamar a X; con PUBLIC_URL el webhook va ahí", async () => {
      t.app.config.embedded = false;
      try {
        const res = await connect();
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('Configure PUBLIC_URL con la dirección pública de la consola para conectar Twitter');
        expect(fake.requests).toHaveLength(0);
        t.app.config.publicUrl = 'https://bots.tienda.pe/';
        expect((await connect()).statusCode).toBe(200);
        expect(fake.requests.filter((r) => r.method === 'POST' && r.path === '/2/webhooks')[0].body).toEqual({ url: `https://bots.tienda.pe${API}/wh/twitter/${id}` });
      } finally {
        t.app.config.embedded = true;
        t.app.config.publicUrl = undefined;
      }
    });

    it('un canal de otro tipo responde 400', async () => {
      id = await createCanal(await as('compania'), { name: 'Slack', dsc: 'Slack' });
      const res = await connect();
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('El canal no es de Twitter');
    });

    it.each(ALL_ACCOUNTS)('rol y empresa: %s', async (who) => {
      const res = await connect(who);
      if (ALLOWED.includes(who)) expect(res.statusCode).toBe(200);
      else expect(res.statusCode).toBe(who === 'otra' ? 404 : 403);
      if (who === 'otra') expect(res.json().message).toBe(CANAL_MESSAGES.notFound);
      if (!ALLOWED.includes(who)) expect(fake.requests).toHaveLength(0);
    });

    it('sin sesión o sin firma responde 401', async () => {
      expect((await t.client().post(`${API}/loginTw`, { id, env: 'x', ...KEYS })).statusCode).toBe(401);
      expect((await (await as('compania')).post(`${API}/loginTw`, { id, env: 'x', ...KEYS }, { sign: false })).statusCode).toBe(401);
      expect(fake.requests).toHaveLength(0);
    });
  });

  describe('POST /logoutTw', () => {
    const disconnect = async (who: Account = 'compania') => (await as(who)).post(`${API}/logoutTw?chId=${id}`);

    it("'Desconectar' quita la suscripción, borra el webhook y desactiva el canal", async () => {
      await connect();
      const [webhook] = [...fake.webhooks.values()];
      fake.requests.length = 0;
      const res = await disconnect();
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id, activo: false, secretos: { twConsumerSecret: true } });
      expect(res.json().cfg.webhookId).toBeUndefined();
      expect(fake.lines()).toEqual(['POST /oauth2/token', `DELETE /2/account_activity/webhooks/${webhook.id}/subscriptions/${TW_ACCOUNT.id}/all`, `DELETE /2/webhooks/${webhook.id}`]);
      expect(fake.webhooks.size).toBe(0);
      expect((await auditRows(t, 3)).map((r) => r.val)).toContain('Canal Twitter «Twitter de la tienda»: desconectado de X');
    });

    it('borrar un canal conectado borra antes su webhook en X; otra empresa no puede', async () => {
      await connect();
      fake.requests.length = 0;
      expect((await (await as('otra')).send('DELETE', `${API}/ch?id=${id}`)).statusCode).toBe(404);
      expect(fake.requests).toHaveLength(0);
      expect((await (await as('compania')).send('DELETE', `${API}/ch?id=${id}`)).statusCode).toBe(200);
      expect(fake.lines().at(-1)).toMatch(/^DELETE \/2\/webhooks\/\d+$/);
      expect(fake.webhooks.size).toBe(0);
    });

    it.each(ALL_ACCOUNTS)('rol y empresa: %s', async (who) => {
      await connect();
      const res = await disconnect(who);
      if (ALLOWED.includes(who)) expect(res.statusCode).toBe(200);
      else expect(res.statusCode).toBe(who === 'otra' ? 404 : 403);
      expect(!!(await canalRow(t, id)).activo).toBe(!ALLOWED.includes(who));
    });
  });

  describe('GET y PUT /webhook/{id}', () => {
    it("mientras X no logra el CRC el webhook no es válido; 'Activar' lo vuelve a pedir y queda válido", async () => {
      fake.refuseCrc = true;
      expect((await connect()).statusCode).toBe(200);
      const [webhook] = [...fake.webhooks.values()];
      const state = await (await as('compania')).get(`${API}/webhook/${id}`);
      expect(state.statusCode).toBe(200);
      expect(state.json()).toEqual([{ valid: false, id: webhook.id, url: webhookUrl(), createdAt: webhook.created_at }]);

      const still = await (await as('compania')).send('PUT', `${API}/webhook/${id}`);
      expect(still.statusCode).toBe(200);
      expect(still.json()[0].valid).toBe(false);

      fake.refuseCrc = false;
      fake.requests.length = 0;
      const res = await (await as('compania')).send('PUT', `${API}/webhook/${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([{ valid: true, id: webhook.id, url: webhookUrl(), createdAt: webhook.created_at }]);
      expect(fake.lines()).toEqual(['POST /oauth2/token', `PUT /2/webhooks/${webhook.id}`, 'POST /oauth2/token', 'GET /2/webhooks']);
      expect(fake.crcs.at(-1)).toEqual({ url: webhookUrl(), ok: true });
      expect((await auditRows(t, 3)).map((r) => r.val)).toContain('Canal Twitter «Twitter de la tienda»: webhook de X validado');
    });

    it('un canal sin conectar no tiene webhook válido', async () => {
      const res = await (await as('compania')).get(`${API}/webhook/${id}`);
      expect(res.json()).toEqual([{ valid: false }]);
      expect(fake.requests).toHaveLength(0);
    });

    it.each(ALL_ACCOUNTS)('rol y empresa: %s', async (who) => {
      await connect();
      fake.requests.length = 0;
      const get = await (await as(who)).get(`${API}/webhook/${id}`);
      const put = await (await as(who)).send('PUT', `${API}/webhook/${id}`);
      for (const res of [get, put]) {
        if (ALLOWED.includes(who)) expect(res.statusCode).toBe(200);
        else expect(res.statusCode).toBe(who === 'otra' ? 404 : 403);
      }
      if (!ALLOWED.includes(who)) expect(fake.requests).toHaveLength(0);
    });
  });

  describe('GET /wh/twitter/{id} (CRC)', () => {
    it('responde response_token con HMAC-SHA256 del consumer secret', async () => {
      await connect();
      const res = await t.app.inject({ method: 'GET', url: `${API}/wh/twitter/${id}?crc_token=abc123` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ response_token: crcToken('abc123') });
    });

    it('un canal sin claves responde 403; uno que no existe o no es de Twitter, 404', async () => {
      expect((await t.app.inject({ method: 'GET', url: `${API}/wh/twitter/${id}?crc_token=abc` })).statusCode).toBe(403);
      const other = await createCanal(await as('compania'), { name: 'Slack', dsc: 'Slack' });
      for (const target of ['no-existe', other]) expect((await t.app.inject({ method: 'GET', url: `${API}/wh/twitter/${target}?crc_token=abc` })).statusCode).toBe(404);
    });
  });

  describe('POST /wh/twitter/{id}', () => {
    it('un mensaje directo llega al bot desplegado y su respuesta sale como mensajes directos firmados, con los botones numerados', async () => {
      const chat = await ready();
      const res = await postEvent(dm('hola'));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect(fake.dms()).toEqual([
        { to: SENDER, text: '¡Hola! ¿En qué le ayudo?' },
        { to: SENDER, text: 'Elija una opción\n1. Ver precios\n2. Registrarme' },
      ]);
      // The fake answered 201 only to a valid OAuth 1.0a signature of the account's keys.
      expect(fake.requests.every((r) => String(r.headers.authorization).startsWith('OAuth '))).toBe(true);
      const { client, mensajes, conversacion } = await recorded(t, SENDER);
      expect(client).toBeDefined();
      expect(conversacion).toMatchObject({ idBot: chat.bot });
      expect(mensajes.flat().map((m) => m.m)).toContain('hola');
    });

    it('un número escrito elige ese botón; la metadata de una respuesta rápida llega como postback', async () => {
      await ready();
      await postEvent(dm('hola'));
      fake.requests.length = 0;
      await postEvent(dm('2'));
      expect(fake.dms().map((d) => d.text)).toEqual(['¿A qué correo le escribimos?']);
      fake.requests.length = 0;
      await postEvent(dm('Ver precios', { quick_reply_response: { type: 'options', metadata: 'cuánto cuesta' } }));
      expect(fake.dms()[0].text).toBe('Estos son nuestros planes.');
    });

    it('mal firmado o sin firma responde 401 y no envía nada', async () => {
      await ready();
      for (const secret of [null, 'otro-secreto']) {
        const res = await postEvent(dm('hola'), secret);
        expect(res.statusCode).toBe(401);
        expect(res.json().message).toBe('Firma del proveedor inválida');
      }
      expect(fake.requests).toHaveLength(0);
      expect((await recorded(t, SENDER)).client).toBeUndefined();
    });

    it('un evento repetido (el reintento de X) se responde una sola vez', async () => {
      await ready();
      const event = dm('hola');
      expect((await postEvent(event)).statusCode).toBe(200);
      expect(fake.dms()).toHaveLength(2);
      expect((await postEvent(event)).statusCode).toBe(200);
      expect(fake.dms()).toHaveLength(2);
    });

    it('los mensajes de la propia cuenta y los de otra suscripción no se responden', async () => {
      await ready();
      expect((await postEvent(dm('hola', {}, TW_ACCOUNT.id))).statusCode).toBe(200);
      expect((await postEvent({ ...dm('hola'), for_user_id: '999' })).statusCode).toBe(200);
      expect(fake.requests).toHaveLength(0);
    });

    it('fuera del horario responde el texto de fuera de horario; un canal desconectado no responde', async () => {
      await ready();
      await closeHours(t, id, 'Atendemos de {hi} a {hf}.');
      const { hi, hf } = (await canalRow(t, id)) as { hi: string; hf: string };
      await postEvent(dm('hola'));
      expect(fake.dms()).toEqual([{ to: SENDER, text: `Atendemos de ${hi} a ${hf}.` }]);
      await t.app.db.updateTable('canal').set({ porHora: 0 }).where('id', '=', id).execute();
      await (await as('compania')).post(`${API}/logoutTw?chId=${id}`);
      fake.requests.length = 0;
      expect((await postEvent(dm('hola'))).statusCode).toBe(200);
      expect(fake.dms()).toHaveLength(0);
    });
  });
});
