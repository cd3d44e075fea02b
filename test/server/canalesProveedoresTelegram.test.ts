// Telegram against a local fake Bot API: 'Conectar' (getMe, setWebhook with its secret token, the
// token kept encrypted), 'Desconectar' (deleteWebhook), and updates posted to the webhook going
// through the deployed bot and back out as sendMessage / sendPhoto; the secret token, replays,
// hours, an inactive or unlinked channel, roles and another company.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CANAL_MESSAGES } from '../../common/schemas/canales';
import { ACCOUNTS, ALL_ACCOUNTS, auditRows, companyId, type Account } from './adminFixtures';
import { addSkill, deployNow, insertChatBot, recorded, type ChatBot } from './chatFixtures';
import {
  BROKEN_PHOTO, TG_BOT, TG_REFUSED_TOKEN, TG_TOKEN, canalRow, closeHours, createCanal, fakeServer, linkBot, signedInNow, storedSecret, telegramApi, type FakeServer,
} from './canalesProveedoresFakes';
import { API, createTestApp, dialects, type Client, type TestApp } from './helpers';

const CHAT = 48_151_623;
const ALLOWED: Account[] = ['admin', 'compania', 'usuario'];

describe.each(dialects)('Telegram (%s)', (dialect) => {
  let t: TestApp;
  let fake: FakeServer;
  let as: (who: Account) => Promise<Client>;
  let demo: string;
  let id: string;
  let updateId = 1000;

  beforeAll(async () => {
    fake = await fakeServer(telegramApi);
    t = await createTestApp(dialect, { telegramApiBase: fake.base });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(async () => {
    await t.reset();
    as = signedInNow(t);
    fake.requests.length = 0;
    demo = await companyId(t, 'Demo Internacional');
    id = await createCanal(await as('compania'), { name: 'Telegram', dsc: 'Telegram de la tienda' });
  });

  const connect = async (who: Account = 'compania', token = TG_TOKEN, headers: Record<string, string> = {}) =>
    (await as(who)).post(`${API}/loginTg`, { id, token }, { headers });

  const secretToken = () => storedSecret(t, id, 'webhookSecret');

  /** Posts an update to the webhook with the channel's secret token (or `secret`). */
  const postUpdate = async (update: object, secret?: string | null) => {
    const token = secret === undefined ? await secretToken() : secret;
    return t.app.inject({
      method: 'POST',
      url: `${API}/wh/telegram/${id}`,
      payload: { update_id: ++updateId, ...update },
      headers: token === null ? {} : { 'x-telegram-bot-api-secret-token': token ?? '' },
    });
  };
  const text = (body: string, chat = CHAT) => ({ message: { message_id: 7, date: 1_750_000_000, from: { id: chat, is_bot: false, first_name: 'Ana', last_name: 'Torres' }, chat: { id: chat, type: 'private' }, text: body } });

  /** The bodies of the calls of `method`, made after `from`. */
  const sent = (method: string, from = 0) => fake.requests.slice(from).filter((r) => r.path === `/bot${TG_TOKEN}/${method}`).map((r) => r.body);

  /** Connected and linked to a deployed bot of Demo Internacional (`extend` adds to the bot before it is deployed). */
  async function ready(extend?: (chat: ChatBot) => Promise<unknown>): Promise<ChatBot> {
    expect((await connect()).statusCode).toBe(200);
    const chat = await insertChatBot(t, demo);
    await extend?.(chat);
    await deployNow(t, chat.bot);
    await linkBot(await as('compania'), id, chat.bot);
    fake.requests.length = 0;
    return chat;
  }

  describe('POST /loginTg', () => {
    it("'Conectar' comprueba el token con getMe, apunta el webhook con un token secreto, guarda el token cifrado y activa el canal", async () => {
      await t.app.db.updateTable('canal').set({ activo: 0 }).where('id', '=', id).execute();
      const res = await connect();
      expect(res.statusCode).toBe(200);
      const canal = res.json();
      expect(canal).toMatchObject({ id, activo: true, cfg: { username: TG_BOT.username, webhook: true }, secretos: { token: true, webhookSecret: true } });
      expect(res.body).not.toContain(TG_TOKEN);

      expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`POST /bot${TG_TOKEN}/getMe`, `POST /bot${TG_TOKEN}/setWebhook`]);
      const setWebhook = fake.requests[1].body;
      expect(setWebhook).toEqual({ url: `http://127.0.0.1:8080${API}/wh/telegram/${id}`, secret_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), allowed_updates: ['message', 'callback_query'] });
      expect(res.body).not.toContain(setWebhook.secret_token as string);

      const row = await canalRow(t, id);
      expect(row.secretos).not.toContain(TG_TOKEN);
      expect(await storedSecret(t, id, 'token')).toBe(TG_TOKEN);
      expect(await secretToken()).toBe(setWebhook.secret_token);
      expect(row.idR).toBeNull();
      const audit = (await auditRows(t, 3)).find((r) => r.val?.includes('conectado'));
      expect(audit).toMatchObject({ us: ACCOUNTS.compania, idE: demo, val: `Canal Telegram «Telegram de la tienda»: conectado a Telegram (@${TG_BOT.username})` });
    });

    it('el webhook va a PUBLIC_URL cuando está definida, o (en la base embebida) a donde escucha el servidor', async () => {
      expect((await connect('compania', TG_TOKEN, { origin: 'https://consola.tienda.pe', host: 'consola.tienda.pe' })).statusCode).toBe(200);
      expect(sent('setWebhook')[0].url).toBe(`http://127.0.0.1:8080${API}/wh/telegram/${id}`);
      t.app.config.publicUrl = 'https://bots.tienda.pe/quipu/';
      try {
        expect((await connect('compania', TG_TOKEN, { origin: 'https://consola.tienda.pe' })).statusCode).toBe(200);
      } finally {
        t.app.config.publicUrl = undefined;
      }
      expect(sent('setWebhook')[1].url).toBe(`https://bots.tienda.pe${API}/wh/telegram/${id}`);
    });

    it('ni el Host ni el Origin de la solicitud dan la dirección del webhook', async () => {
      expect((await connect('compania', TG_TOKEN, { origin: 'https://evil.example', host: 'evil.example' })).statusCode).toBe(200);
      expect(sent('setWebhook')[0].url).toBe(`http://127.0.0.1:8080${API}/wh/telegram/${id}`);
    });

    it("con DATABASE_URL y sin PUBLIC_URL responde 400 'Configure PUBLIC_URL…' sin llamar a Telegram; con PUBLIC_URL conecta", async () => {
      await t.app.db.updateTable('canal').set({ activo: 0 }).where('id', '=', id).execute();
      t.app.config.embedded = false;
      try {
        const res = await connect('compania', TG_TOKEN, { origin: 'https://consola.tienda.pe', host: 'consola.tienda.pe' });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('Configure PUBLIC_URL con la dirección pública de la consola para conectar Telegram');
        expect(fake.requests).toHaveLength(0);
        const row = await canalRow(t, id);
        expect(row.activo).toBeFalsy();
        expect(JSON.parse(row.secretos)).toEqual({});
        t.app.config.publicUrl = 'https://bots.tienda.pe/';
        expect((await connect('compania', TG_TOKEN, { origin: 'https://consola.tienda.pe', host: 'consola.tienda.pe' })).statusCode).toBe(200);
        expect(sent('setWebhook')[0].url).toBe(`https://bots.tienda.pe${API}/wh/telegram/${id}`);
      } finally {
        t.app.config.embedded = true;
        t.app.config.publicUrl = undefined;
      }
    });

    it(`un token que Telegram rechaza responde 400 '${CANAL_MESSAGES.badToken}' y no cambia el canal`, async () => {
      await t.app.db.updateTable('canal').set({ activo: 0 }).where('id', '=', id).execute();
      const res = await connect('compania', TG_REFUSED_TOKEN);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: CANAL_MESSAGES.badToken, field: 'token' });
      expect(fake.requests.map((r) => r.path)).toEqual([`/bot${TG_REFUSED_TOKEN}/getMe`]);
      const row = await canalRow(t, id);
      expect(row.activo).toBeFalsy();
      expect(JSON.parse(row.secretos)).toEqual({});
    });

    it('un token sin la forma de BotFather no llega a Telegram', async () => {
      for (const token of ['no-es-un-token', '123:abc/../../getUpdates?x=1']) {
        const res = await connect('compania', token);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(CANAL_MESSAGES.badToken);
      }
      expect(fake.requests).toHaveLength(0);
      const res = await connect('compania', '   ');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(CANAL_MESSAGES.required);
    });

    it(`una empresa sin Telegram habilitado recibe 403 '${CANAL_MESSAGES.telegramDisabled}'`, async () => {
      await t.app.db.updateTable('empresa').set({ tg: 0 }).where('id', '=', demo).execute();
      const res = await connect();
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(CANAL_MESSAGES.telegramDisabled);
      expect(fake.requests).toHaveLength(0);
    });

    it('un canal de otro tipo responde 400', async () => {
      id = await createCanal(await as('compania'), { name: 'Slack', dsc: 'Slack' });
      const res = await connect();
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('El canal no es de Telegram');
    });

    it('Telegram sin responder da 502 y el canal no cambia', async () => {
      const down = await fakeServer(() => ({ status: 502, body: { ok: false, error_code: 502, description: 'Bad Gateway' } }));
      t.app.config.telegramApiBase = down.base;
      try {
        const res = await connect();
        expect(res.statusCode).toBe(502);
        expect(res.json().message).toBe('Telegram no respondió. Intente nuevamente en unos minutos.');
      } finally {
        t.app.config.telegramApiBase = fake.base;
        await down.close();
      }
      expect(JSON.parse((await canalRow(t, id)).secretos)).toEqual({});
    });

    it.each(ALL_ACCOUNTS)('rol y empresa: %s', async (who) => {
      const res = await connect(who);
      if (ALLOWED.includes(who)) expect(res.statusCode).toBe(200);
      else expect(res.statusCode).toBe(who === 'otra' ? 404 : 403);
      if (who === 'otra') expect(res.json().message).toBe(CANAL_MESSAGES.notFound);
      if (!ALLOWED.includes(who)) expect(fake.requests).toHaveLength(0);
    });

    it('sin sesión o sin firma responde 401', async () => {
      expect((await t.client().post(`${API}/loginTg`, { id, token: TG_TOKEN })).statusCode).toBe(401);
      expect((await (await as('compania')).post(`${API}/loginTg`, { id, token: TG_TOKEN }, { sign: false })).statusCode).toBe(401);
      expect(fake.requests).toHaveLength(0);
    });
  });

  describe('POST /logoutTg', () => {
    const disconnect = async (who: Account = 'compania') => (await as(who)).post(`${API}/logoutTg?id=${id}`);

    it("'Desconectar' borra el webhook y desactiva el canal", async () => {
      await connect();
      fake.requests.length = 0;
      const res = await disconnect();
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id, activo: false, cfg: { webhook: false }, secretos: { token: true } });
      expect(fake.requests.map((r) => r.path)).toEqual([`/bot${TG_TOKEN}/deleteWebhook`]);
      expect((await canalRow(t, id)).activo).toBeFalsy();
      expect((await auditRows(t, 3)).map((r) => r.val)).toContain('Canal Telegram «Telegram de la tienda»: desconectado de Telegram');
    });

    it('borrar un canal conectado borra antes su webhook en Telegram', async () => {
      await connect();
      fake.requests.length = 0;
      const res = await (await as('compania')).send('DELETE', `${API}/ch?id=${id}`);
      expect(res.statusCode).toBe(200);
      expect(fake.requests.map((r) => r.path)).toEqual([`/bot${TG_TOKEN}/deleteWebhook`]);
      expect(await t.app.db.selectFrom('canal').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    });

    it('otra empresa no puede borrar el canal ni tocar su webhook', async () => {
      await connect();
      fake.requests.length = 0;
      const res = await (await as('otra')).send('DELETE', `${API}/ch?id=${id}`);
      expect(res.statusCode).toBe(404);
      expect(fake.requests).toHaveLength(0);
    });

    it('desconecta aunque Telegram ya no acepte el token', async () => {
      await connect();
      const revoked = await fakeServer(() => ({ status: 401, body: { ok: false, error_code: 401, description: 'Unauthorized' } }));
      t.app.config.telegramApiBase = revoked.base;
      try {
        const res = await disconnect();
        expect(res.statusCode).toBe(200);
        expect(res.json().activo).toBe(false);
        expect(revoked.calls('/deleteWebhook')).toHaveLength(1);
      } finally {
        t.app.config.telegramApiBase = fake.base;
        await revoked.close();
      }
    });

    it.each(ALL_ACCOUNTS)('rol y empresa: %s', async (who) => {
      const res = await disconnect(who);
      if (ALLOWED.includes(who)) expect(res.statusCode).toBe(200);
      else expect(res.statusCode).toBe(who === 'otra' ? 404 : 403);
      expect(!!(await canalRow(t, id)).activo).toBe(!ALLOWED.includes(who));
    });
  });

  describe('POST /wh/telegram/{id}', () => {
    it('un mensaje llega al bot desplegado y su respuesta sale por sendMessage, con los botones como inline_keyboard', async () => {
      const chat = await ready();
      const res = await postUpdate(text('hola'));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect(sent('sendMessage')).toEqual([
        { chat_id: CHAT, text: '¡Hola! ¿En qué le ayudo?' },
        {
          chat_id: CHAT,
          text: 'Elija una opción',
          reply_markup: { inline_keyboard: [[{ text: 'Ver precios', callback_data: 'cuánto cuesta' }], [{ text: 'Registrarme', callback_data: chat.skills.registro }]] },
        },
      ]);
      // The conversation is the engine's: recorded under the chat id, on this channel, in Telegram's code.
      const { client, mensajes, conversacion } = await recorded(t, String(CHAT));
      expect(client).toBeDefined();
      expect(conversacion).toMatchObject({ idBot: chat.bot });
      expect(mensajes.flat().map((m) => m.m)).toContain('hola');
    });

    it('un botón pulsado (callback_query) se confirma y llega como postback; tarjetas y carruseles salen por sendPhoto', async () => {
      const chat = await ready();
      const res = await postUpdate({
        callback_query: {
          id: '4382bfdwdsb323b2d9', from: { id: CHAT, is_bot: false, first_name: 'Ana' }, chat_instance: '-1',
          message: { message_id: 9, date: 1_750_000_000, chat: { id: CHAT, type: 'private' }, text: 'Elija una opción' },
          data: 'cuánto cuesta',
        },
      });
      expect(res.statusCode).toBe(200);
      expect(sent('answerCallbackQuery')).toEqual([{ callback_query_id: '4382bfdwdsb323b2d9' }]);
      expect(sent('sendMessage')).toEqual([{ chat_id: CHAT, text: 'Estos son nuestros planes.' }]);
      expect(sent('sendPhoto')).toEqual([
        { chat_id: CHAT, photo: 'https://example.com/basico.png', caption: 'Plan Básico\nS/ 50 al mes', reply_markup: { inline_keyboard: [[{ text: 'Quiero el básico', callback_data: 'quiero registrarme' }]] } },
        { chat_id: CHAT, photo: 'https://example.com/pro.png', caption: 'Plan Pro\nS/ 90 al mes', reply_markup: { inline_keyboard: [[{ text: 'Detalles', url: 'https://example.com/pro' }]] } },
        { chat_id: CHAT, photo: 'https://example.com/menu.png', caption: '¿Algo más?\nElija', reply_markup: { inline_keyboard: [[{ text: 'Hablar con alguien', callback_data: chat.skills.humano }]] } },
      ]);
    });

    it('un postback de más de 64 bytes viaja por el título del botón y llega al bot como esa opción', async () => {
      const long = 'quiero registrarme para recibir las novedades del boletín mensual de la tienda';
      expect(Buffer.byteLength(long)).toBeGreaterThan(64);
      await ready((chat) => addSkill(t, chat.bot, 'Menú largo', ['menú largo', 'opciones largas', 'ver el menú largo'], [['BUTTON', { title: 'Elija', buttons: [{ type: 'POSTBACK', title: 'Suscribirme', value: long }] }]]));
      await postUpdate(text('menú largo'));
      const offered = sent('sendMessage').at(-1)!;
      expect(offered.reply_markup).toEqual({ inline_keyboard: [[{ text: 'Suscribirme', callback_data: '~t:0' }]] });
      const before = fake.requests.length;
      await postUpdate({
        callback_query: {
          id: 'q-larga', from: { id: CHAT, is_bot: false, first_name: 'Ana' }, chat_instance: '-1', data: '~t:0',
          message: { message_id: 10, date: 1_750_000_000, chat: { id: CHAT, type: 'private' }, text: 'Elija', reply_markup: offered.reply_markup },
        },
      });
      expect(sent('sendMessage', before).map((b) => b.text)).toEqual(['¿A qué correo le escribimos?']);
    });

    it('una foto que Telegram no puede descargar se envía como texto', async () => {
      await ready((chat) => addSkill(t, chat.bot, 'Catálogo', ['catálogo', 'ver el catálogo', 'muéstrame el catálogo'], [['CARD', { imageUrl: BROKEN_PHOTO, title: 'Catálogo', subTitle: 'Otoño', buttons: [] }]]));
      await postUpdate(text('ver el catálogo'));
      expect(sent('sendPhoto')).toEqual([{ chat_id: CHAT, photo: BROKEN_PHOTO, caption: 'Catálogo\nOtoño' }]);
      expect(sent('sendMessage')).toEqual([{ chat_id: CHAT, text: `Catálogo\nOtoño\n${BROKEN_PHOTO}` }]);
    });

    it('sin el token secreto correcto responde 401 y no envía nada', async () => {
      await ready();
      for (const secret of [null, 'otro-secreto', '']) {
        const res = await postUpdate(text('hola'), secret);
        expect(res.statusCode).toBe(401);
        expect(res.json().message).toBe('Firma del proveedor inválida');
      }
      expect(fake.requests).toHaveLength(0);
      expect((await recorded(t, String(CHAT))).client).toBeUndefined();
    });

    it('un update repetido (el reintento de Telegram) se responde una sola vez', async () => {
      await ready();
      const update = { update_id: 777_001, ...text('hola') };
      const send = async () => t.app.inject({ method: 'POST', url: `${API}/wh/telegram/${id}`, payload: update, headers: { 'x-telegram-bot-api-secret-token': (await secretToken())! } });
      expect((await send()).statusCode).toBe(200);
      const first = sent('sendMessage').length;
      expect(first).toBe(2);
      const again = await send();
      expect(again.statusCode).toBe(200);
      expect(sent('sendMessage')).toHaveLength(first);
    });

    it('fuera del horario del canal responde el texto de fuera de horario por Telegram, sin pasar por el bot', async () => {
      await ready();
      await closeHours(t, id, 'Atendemos de {hi} a {hf}.');
      const { hi, hf } = (await canalRow(t, id)) as { hi: string; hf: string };
      const res = await postUpdate(text('hola'));
      expect(res.statusCode).toBe(200);
      expect(sent('sendMessage')).toEqual([{ chat_id: CHAT, text: `Atendemos de ${hi} a ${hf}.` }]);
      expect((await recorded(t, String(CHAT))).client).toBeUndefined();
    });

    it('un canal desconectado, sin bot o de una empresa sin Telegram responde 200 sin enviar nada', async () => {
      await ready();
      await t.app.db.updateTable('empresa').set({ tg: 0 }).where('id', '=', demo).execute();
      expect((await postUpdate(text('hola'))).statusCode).toBe(200);
      await t.app.db.updateTable('empresa').set({ tg: 1 }).where('id', '=', demo).execute();
      await (await as('compania')).post(`${API}/ch/suscribe?id=${id}&idB=blk`);
      expect((await postUpdate(text('hola'))).statusCode).toBe(200);
      await (await as('compania')).post(`${API}/logoutTg?id=${id}`);
      fake.requests.length = 0;
      expect((await postUpdate(text('hola'))).statusCode).toBe(200);
      expect(sent('sendMessage')).toHaveLength(0);
    });

    it('un canal que no existe, o que no es de Telegram, responde 404', async () => {
      await ready();
      const token = (await secretToken())!;
      const other = await createCanal(await as('compania'), { name: 'Slack', dsc: 'Slack' });
      for (const target of ['no-existe', other]) {
        const res = await t.app.inject({ method: 'POST', url: `${API}/wh/telegram/${target}`, payload: { update_id: 1, ...text('hola') }, headers: { 'x-telegram-bot-api-secret-token': token } });
        expect(res.statusCode).toBe(404);
      }
      expect(fake.requests).toHaveLength(0);
    });
  });
});
