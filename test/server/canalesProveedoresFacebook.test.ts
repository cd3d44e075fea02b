// Facebook Messenger against a local fake Graph API: 'Conectar' (the dialog with its permissions and
// state; the code exchange, the long-lived exchange, /me and /me/accounts; the pages kept with their
// tokens encrypted), the pages and their bots (subscribed_apps), the persistent menu (Messenger
// Profile API), 'Desconectar' and delete (subscriptions revoked), and the webhook (the verify-token
// handshake, X-Hub-Signature-256, replays) through the deployed bot and back out through the Send
// API; every route for every role and another company.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toMessenger } from '../../server/src/channels/facebook/format';
import { facebookVerifyToken } from '../../server/src/channels/facebook/pages';
import { replacePages } from '../../server/src/services/canales/facebookPaginas';
import { ACCOUNTS, ALL_ACCOUNTS, auditRows, companyId, type Account } from './adminFixtures';
import { deployNow, insertChatBot, recorded, type ChatBot } from './chatFixtures';
import { canalRow, closeHours, createCanal, fakeServer, signedInNow, storedSecret, type FakeServer } from './canalesProveedoresFakes';
import {
  FB_APP_ID, FB_APP_SECRET, FB_GOOD_CODE, FB_LONG_TOKEN, FB_PAGES, FB_SHORT_TOKEN, FB_USER, graphApi, messengerHeaders, messengerText, messengerWebhook,
} from '../fixtures/facebook';
import { API, createTestApp, dialects, type Client, type TestApp } from './helpers';

const ALLOWED: Account[] = ['admin', 'compania', 'usuario'];
const REDIRECT = `http://127.0.0.1:8080${API}/callback-facebook`;
const [TIENDA, AYUDA] = FB_PAGES;
const PSID = '6783921045512';
const editor = (id: string) => `http://127.0.0.1:8080/canal/fb/${id}`;
const reason = (location: string) => Buffer.from(new URL(location).searchParams.get('error') ?? '', 'base64').toString('utf8');

describe.each(dialects)('Facebook Messenger (%s)', (dialect) => {
  let t: TestApp;
  let fake: FakeServer;
  let as: (who: Account) => Promise<Client>;
  let demo: string;
  let id: string;
  let n = 0;

  beforeAll(async () => {
    fake = await fakeServer(graphApi);
    t = await createTestApp(dialect, { graphApiBase: fake.base, facebookDialogBase: 'https://facebook.test/v21.0/dialog/oauth', facebookAppId: FB_APP_ID, facebookAppSecret: FB_APP_SECRET });
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
    id = await createCanal(await as('compania'), { name: 'Facebook', dsc: 'Messenger de la tienda' });
  });

  const signIn = async (who: Account = 'compania', ch = id) => (await as(who)).get(`${API}/loginFB?ch=${ch}`);
  const startState = async () => new URL((await signIn()).headers.location as string).searchParams.get('state')!;
  const callback = (query: Record<string, string>) => t.client().get(`${API}/callback-facebook?${new URLSearchParams(query)}`);
  const connect = async () => {
    const res = await callback({ code: FB_GOOD_CODE, state: await startState() });
    expect(res.headers.location).toBe(`${editor(id)}?status=ok`);
    fake.requests.length = 0;
  };
  const graphCalls = (method: string, path: string) => fake.requests.filter((r) => r.method === method && r.path === path);
  const pages = async (who: Account = 'compania', ch = id) => (await as(who)).get(`${API}/ch/fb/pages?ch=${ch}`);
  const suscribe = async (page: string, b: string, who: Account = 'compania') => (await as(who)).post(`${API}/fb/suscribe`, { ch: id, id: page, b });
  const menu = async (pageId: string | null, buttons: object[], who: Account = 'compania') => (await as(who)).post(`${API}/fb/menu?ch=${id}${pageId === null ? '' : `&pageId=${pageId}`}`, { buttons });
  const post = (body: object, secret?: string) => {
    const payload = JSON.stringify(body);
    return t.app.inject({ method: 'POST', url: `${API}/wh/facebook/${id}`, payload, headers: messengerHeaders(payload, secret) });
  };
  const sent = () => graphCalls('POST', '/me/messages');
  const auditTexts = async () => (await auditRows(t, 3)).map((r) => r.val);

  describe('GET /loginFB', () => {
    it('redirige al diálogo de Facebook con el id de la app, los permisos de páginas, la dirección de vuelta y un state', async () => {
      const res = await signIn();
      expect(res.statusCode).toBe(302);
      const url = new URL(res.headers.location as string);
      expect(`${url.origin}${url.pathname}`).toBe('https://facebook.test/v21.0/dialog/oauth');
      expect(Object.fromEntries(url.searchParams)).toEqual({
        client_id: FB_APP_ID, redirect_uri: REDIRECT, scope: 'pages_show_list,pages_messaging,pages_manage_metadata,pages_read_engagement', response_type: 'code', state: expect.stringMatching(/^[\w-]+\.[\w-]+$/),
      });
      expect(res.headers.location).not.toContain(FB_APP_SECRET);
    });

    it('sin FACEBOOK_APP_ID vuelve al editor con el motivo en español', async () => {
      t.app.config.facebookAppId = undefined;
      try {
        const res = await signIn();
        expect(res.statusCode).toBe(302);
        expect(res.headers.location).toMatch(new RegExp(`^${editor(id)}\\?error=`));
        expect(reason(res.headers.location as string)).toBe('Configure FACEBOOK_APP_ID y FACEBOOK_APP_SECRET en el servidor para conectar Facebook');
      } finally {
        t.app.config.facebookAppId = FB_APP_ID;
      }
    });

    it('un canal de otro tipo responde 400', async () => {
      const web = await createCanal(await as('compania'), { name: 'Web', dsc: 'Web' });
      expect((await signIn('compania', web)).statusCode).toBe(400);
    });

    it.each(ALL_ACCOUNTS)('rol y empresa: %s', async (who) => {
      const res = await signIn(who);
      if (ALLOWED.includes(who)) expect(res.statusCode).toBe(302);
      else expect(res.statusCode).toBe(who === 'otra' ? 404 : 403);
    });
  });

  describe('GET /callback-facebook', () => {
    it('canjea el código, luego por un token de larga duración, lee la cuenta y sus páginas, las guarda cifradas y activa el canal', async () => {
      await t.app.db.updateTable('canal').set({ activo: 0 }).where('id', '=', id).execute();
      const res = await callback({ code: FB_GOOD_CODE, state: await startState() });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`${editor(id)}?status=ok`);
      expect(fake.requests.map((r) => [r.method, r.path, r.query, r.body, r.headers.authorization])).toEqual([
        ['POST', '/oauth/access_token', {}, { client_id: FB_APP_ID, client_secret: FB_APP_SECRET, redirect_uri: REDIRECT, code: FB_GOOD_CODE }, undefined],
        ['POST', '/oauth/access_token', {}, { grant_type: 'fb_exchange_token', client_id: FB_APP_ID, client_secret: FB_APP_SECRET, fb_exchange_token: FB_SHORT_TOKEN }, undefined],
        ['GET', '/me', { fields: 'id,name' }, {}, `Bearer ${FB_LONG_TOKEN}`],
        ['GET', '/me/accounts', { fields: 'id,name,access_token', limit: '100' }, {}, `Bearer ${FB_LONG_TOKEN}`],
      ]);
      const row = await canalRow(t, id);
      expect(row.activo).toBe(1);
      expect(JSON.parse(row.cfg)).toEqual({ fbUserId: FB_USER.id, fbUserName: FB_USER.name });
      expect(row.secretos).not.toContain(FB_LONG_TOKEN);
      expect(await storedSecret(t, id, 'fbUserToken')).toBe(FB_LONG_TOKEN);
      const stored = await t.app.db.selectFrom('fb_pagina').selectAll().where('idCanal', '=', id).orderBy('name').execute();
      expect(stored.map((p) => [p.id, p.name, p.b])).toEqual([[AYUDA.id, AYUDA.name, null], [TIENDA.id, TIENDA.name, null]]);
      for (const p of stored) expect(p.token).not.toContain('EAA');
      expect((await auditRows(t, 3)).find((r) => r.val?.includes('conectado con Facebook'))).toMatchObject({ us: ACCOUNTS.compania, idE: demo, val: 'Canal Facebook «Messenger de la tienda»: conectado con Facebook (Ana Torres): 2 páginas' });
    });

    it('un token de página no se descifra en otro canal: está ligado a su empresa, canal y página', async () => {
      await connect();
      const other = await createCanal(await as('compania'), { name: 'Facebook', dsc: 'Otro' });
      const copied = await t.app.db.selectFrom('fb_pagina').selectAll().where('idCanal', '=', id).where('id', '=', TIENDA.id).executeTakeFirstOrThrow();
      await t.app.db.insertInto('fb_pagina').values({ ...copied, idCanal: other }).execute();
      await t.app.db.updateTable('fb_pagina').set({ token: copied.token }).where('idCanal', '=', id).where('id', '=', AYUDA.id).execute();
      expect((await suscribe(AYUDA.id, 'blk')).statusCode).toBe(409);
      expect(fake.requests).toHaveLength(0);
    });

    it('un state alterado o ausente responde 400 sin canjear; usado o vencido vuelve al editor con el motivo', async () => {
      const state = await startState();
      const [payload, signature] = state.split('.');
      for (const bad of [`${payload}.${signature[0] === 'x' ? 'y' : 'x'}${signature.slice(1)}`, 'no-es-un-state']) {
        const res = await callback({ code: FB_GOOD_CODE, state: bad });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('La autorización de Facebook no es válida. Vuelva a intentarlo con «Conectar» desde el canal.');
      }
      // A Slack state is not a Facebook one.
      expect((await callback({ code: FB_GOOD_CODE })).statusCode).toBe(400);
      expect(fake.requests).toHaveLength(0);
      expect((await callback({ code: FB_GOOD_CODE, state })).headers.location).toBe(`${editor(id)}?status=ok`);
      expect(reason((await callback({ code: FB_GOOD_CODE, state })).headers.location as string)).toBe('La autorización de Facebook ya se usó. Vuelva a intentarlo con «Conectar».');
      const late = await startState();
      t.clock.advance(10 * 60_000 + 1);
      expect(reason((await callback({ code: FB_GOOD_CODE, state: late })).headers.location as string)).toBe('La autorización de Facebook venció. Vuelva a intentarlo con «Conectar».');
    });

    it('un código rechazado o la autorización cancelada vuelven con el motivo y no conectan', async () => {
      await t.app.db.updateTable('canal').set({ activo: 0 }).where('id', '=', id).execute();
      expect(reason((await callback({ code: 'viejo', state: await startState() })).headers.location as string)).toBe('Facebook respondió con un error: This authorization code has expired.');
      expect(reason((await callback({ error: 'access_denied', error_description: 'Permissions error', state: await startState() })).headers.location as string)).toBe('Facebook no autorizó la conexión: Permissions error');
      expect((await canalRow(t, id)).activo).toBe(0);
      expect(await storedSecret(t, id, 'fbUserToken')).toBeUndefined();
    });

    it('si quien empezó ya no tiene acceso a canales, no conecta', async () => {
      const state = await startState();
      await t.app.db.updateTable('usuario').set({ a: 0 }).where('usuario', '=', ACCOUNTS.compania).execute();
      expect(reason((await callback({ code: FB_GOOD_CODE, state })).headers.location as string)).toBe('Quien inició la conexión ya no tiene acceso a este canal');
      expect(fake.requests).toHaveLength(0);
    });
  });

  describe('GET /ch/fb/pages', () => {
    it('lista las páginas (#, id, nombre, bot) con el verify token, nunca sus tokens', async () => {
      await connect();
      const res = await pages();
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        verifyToken: facebookVerifyToken(t.app.config.secretKey, id),
        pages: [{ n: 1, id: AYUDA.id, name: AYUDA.name, b: null, bot: null }, { n: 2, id: TIENDA.id, name: TIENDA.name, b: null, bot: null }],
      });
      expect(res.body).not.toContain('EAA');
    });

    it.each(ALL_ACCOUNTS)('rol y empresa: %s', async (who) => {
      const res = await pages(who);
      expect(res.statusCode).toBe(ALLOWED.includes(who) ? 200 : who === 'otra' ? 404 : 403);
    });
  });

  describe('POST /fb/suscribe', () => {
    let chat: ChatBot;
    beforeEach(async () => {
      await connect();
      chat = await insertChatBot(t, demo);
    });

    it('vincula el bot a la página y suscribe la app a sus mensajes con el token de la página; blk la desvincula', async () => {
      const res = await suscribe(TIENDA.id, chat.bot);
      expect(res.statusCode).toBe(200);
      const nm = (await t.app.db.selectFrom('bot').select('nm').where('id', '=', chat.bot).executeTakeFirstOrThrow()).nm;
      expect(res.json().pages[1]).toEqual({ n: 2, id: TIENDA.id, name: TIENDA.name, b: chat.bot, bot: nm });
      expect(fake.requests.map((r) => [r.method, r.path, r.raw, r.headers.authorization])).toEqual([
        ['POST', `/${TIENDA.id}/subscribed_apps`, 'subscribed_fields=messages%2Cmessaging_postbacks', `Bearer ${TIENDA.access_token}`],
      ]);
      expect(await auditTexts()).toContain(`Canal Facebook «Messenger de la tienda»: página «Tienda Andina» vinculada al bot «${nm}»`);
      fake.requests.length = 0;
      expect((await suscribe(TIENDA.id, 'blk')).json().pages[1].b).toBeNull();
      expect(fake.requests.map((r) => [r.method, r.path, r.headers.authorization])).toEqual([['DELETE', `/${TIENDA.id}/subscribed_apps`, `Bearer ${TIENDA.access_token}`]]);
      expect(await auditTexts()).toContain('Canal Facebook «Messenger de la tienda»: página «Tienda Andina» desvinculada');
    });

    it('un bot de otra empresa o una página ajena responden 404 sin llamar a Facebook', async () => {
      const ajeno = await insertChatBot(t, await companyId(t, 'Otra Empresa'));
      expect((await suscribe(TIENDA.id, ajeno.bot)).statusCode).toBe(404);
      const res = await suscribe('999', chat.bot);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Página no encontrada');
      expect(fake.requests).toHaveLength(0);
    });

    it.each(ALL_ACCOUNTS)('rol y empresa: %s', async (who) => {
      const res = await suscribe(TIENDA.id, chat.bot, who);
      expect(res.statusCode).toBe(ALLOWED.includes(who) ? 200 : who === 'otra' ? 404 : 403);
    });
  });

  describe('POST /fb/menu', () => {
    const three = [
      { type: 'WEB_URL', title: 'Nuestra web', value: 'https://tienda.example/' },
      { type: 'POSTBACK', title: 'Ver precios', value: 'cuánto cuesta' },
      { type: 'POSTBACK', title: 'Hablar con alguien', value: 'quiero hablar con una persona' },
    ];
    beforeEach(connect);

    it('guarda el menú por la Messenger Profile API con el token de la página, que no va en la dirección', async () => {
      const res = await menu(TIENDA.id, three);
      expect(res.statusCode).toBe(200);
      expect(fake.requests.map((r) => [r.method, r.path, r.query, r.headers.authorization, r.body])).toEqual([[
        'POST', '/me/messenger_profile', {}, `Bearer ${TIENDA.access_token}`,
        {
          persistent_menu: [{
            locale: 'default',
            composer_input_disabled: false,
            call_to_actions: [
              { type: 'web_url', title: 'Nuestra web', url: 'https://tienda.example/' },
              { type: 'postback', title: 'Ver precios', payload: 'cuánto cuesta' },
              { type: 'postback', title: 'Hablar con alguien', payload: 'quiero hablar con una persona' },
            ],
          }],
        },
      ]]);
      expect(await auditTexts()).toContain('Canal Facebook «Messenger de la tienda»: menú persistente de la página «Tienda Andina» guardado (3 botones)');
    });

    it.each([
      ['sin página', null, three, 'Campo requerido', 'pageId'],
      ['sin botones', TIENDA.id, [], 'Debe tener al menos un botón', 'buttons'],
      ['un título vacío', TIENDA.id, [{ type: 'POSTBACK', title: ' ', value: 'x' }], 'campo requerido', 'buttons.0.title'],
      ['un valor ausente', TIENDA.id, [{ type: 'WEB_URL', title: 'Web' }], 'campo requerido', 'buttons.0.value'],
      ['cuatro botones', TIENDA.id, [...three, three[1]], 'El menú admite como máximo 3 botones', 'buttons'],
      ['un título de 51 caracteres', TIENDA.id, [{ type: 'POSTBACK', title: 'x'.repeat(51), value: 'x' }], 'Máximo 50 caracteres', 'buttons.0.title'],
    ])('%s responde 400 con el mensaje del formulario', async (_, pageId, buttons, message, field) => {
      const res = await menu(pageId, buttons);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message, field });
      expect(fake.requests).toHaveLength(0);
    });

    it('un tipo de botón que no es WEB_URL ni POSTBACK responde 400', async () => {
      expect((await menu(TIENDA.id, [{ type: 'CALL', title: 'Llamar', value: '+51' }])).statusCode).toBe(400);
    });

    it.each(ALL_ACCOUNTS)('rol y empresa: %s', async (who) => {
      const res = await menu(TIENDA.id, three, who);
      expect(res.statusCode).toBe(ALLOWED.includes(who) ? 200 : who === 'otra' ? 404 : 403);
    });
  });

  describe('POST /logoutFb y el borrado del canal', () => {
    beforeEach(connect);

    it('anula la suscripción de cada página con su token, borra tokens y páginas y desactiva el canal', async () => {
      const res = await (await as('compania')).post(`${API}/logoutFb?ch=${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ activo: false, cfg: {}, secretos: {} });
      expect(fake.requests.map((r) => [r.method, r.path, r.headers.authorization])).toEqual([
        ['DELETE', `/${AYUDA.id}/subscribed_apps`, `Bearer ${AYUDA.access_token}`],
        ['DELETE', `/${TIENDA.id}/subscribed_apps`, `Bearer ${TIENDA.access_token}`],
      ]);
      expect(await t.app.db.selectFrom('fb_pagina').selectAll().where('idCanal', '=', id).execute()).toEqual([]);
      expect(await storedSecret(t, id, 'fbUserToken')).toBeUndefined();
      expect(await auditTexts()).toContain('Canal Facebook «Messenger de la tienda»: desconectado de Facebook');
    });

    it('borrar el canal también anula las suscripciones', async () => {
      expect((await (await as('compania')).send('DELETE', `${API}/ch?id=${id}`)).statusCode).toBe(200);
      expect(fake.requests.map((r) => [r.method, r.path])).toEqual([['DELETE', `/${AYUDA.id}/subscribed_apps`], ['DELETE', `/${TIENDA.id}/subscribed_apps`]]);
    });

    it.each(ALL_ACCOUNTS)('rol y empresa: %s', async (who) => {
      const res = await (await as(who)).post(`${API}/logoutFb?ch=${id}`);
      expect(res.statusCode).toBe(ALLOWED.includes(who) ? 200 : who === 'otra' ? 404 : 403);
    });
  });

  describe('GET y POST /wh/facebook/{id}', () => {
    let chat: ChatBot;
    const text = (body: string, page: string = TIENDA.id) => messengerWebhook(page, [messengerText(page, PSID, `m_${++n}`, body, t.clock.now)]);

    async function ready(): Promise<void> {
      await connect();
      chat = await insertChatBot(t, demo);
      await deployNow(t, chat.bot);
      await suscribe(TIENDA.id, chat.bot);
      fake.requests.length = 0;
    }

    it('la verificación devuelve hub.challenge solo con el verify token del canal', async () => {
      const verify = (token: string) => t.client().get(`${API}/wh/facebook/${id}?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`);
      const ok = await verify(facebookVerifyToken(t.app.config.secretKey, id));
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toBe('1158201444');
      expect((await verify('adivinado')).statusCode).toBe(403);
    });

    it('un mensaje llega al bot de su página y la respuesta sale por la Send API con el token de la página', async () => {
      await ready();
      const res = await post(text('hola'));
      expect(res.statusCode).toBe(200);
      expect(sent().every((r) => r.headers.authorization === `Bearer ${TIENDA.access_token}`)).toBe(true);
      expect(sent().map((r) => r.body)).toEqual([
        { recipient: { id: PSID }, messaging_type: 'RESPONSE', message: { text: '¡Hola! ¿En qué le ayudo?' } },
        {
          recipient: { id: PSID },
          messaging_type: 'RESPONSE',
          message: { attachment: { type: 'template', payload: { template_type: 'button', text: 'Elija una opción', buttons: [{ type: 'postback', title: 'Ver precios', payload: 'cuánto cuesta' }, { type: 'postback', title: 'Registrarme', payload: chat.skills.registro }] } } },
        },
      ]);
      expect((await recorded(t, PSID)).conversacion).toMatchObject({ idBot: chat.bot, idChannel: id });
    });

    it('el valor de un botón POSTBACK del menú persistente llega al bot como postback; tarjetas y carruseles como plantillas genéricas', async () => {
      await ready();
      const res = await post(messengerWebhook(TIENDA.id, [{ sender: { id: PSID }, recipient: { id: TIENDA.id }, timestamp: t.clock.now, postback: { mid: 'm_pb_1', title: 'Ver precios', payload: 'cuánto cuesta' } }]));
      expect(res.statusCode).toBe(200);
      const messages = sent().map((r) => r.body.message);
      expect(messages).toEqual([
        { text: 'Estos son nuestros planes.' },
        {
          attachment: {
            type: 'template',
            payload: {
              template_type: 'generic',
              elements: [
                { title: 'Plan Básico', subtitle: 'S/ 50 al mes', image_url: 'https://example.com/basico.png', buttons: [{ type: 'postback', title: 'Quiero el básico', payload: 'quiero registrarme' }] },
                { title: 'Plan Pro', subtitle: 'S/ 90 al mes', image_url: 'https://example.com/pro.png', buttons: [{ type: 'web_url', title: 'Detalles', url: 'https://example.com/pro' }] },
              ],
            },
          },
        },
        { attachment: { type: 'template', payload: { template_type: 'generic', elements: [{ title: '¿Algo más?', subtitle: 'Elija', image_url: 'https://example.com/menu.png', buttons: [{ type: 'postback', title: 'Hablar con alguien', payload: chat.skills.humano }] }] } } },
      ]);
    });

    it('una respuesta rápida llega como postback y el bot responde el canal Facebook', async () => {
      await ready();
      await post(messengerWebhook(TIENDA.id, [{ sender: { id: PSID }, recipient: { id: TIENDA.id }, timestamp: t.clock.now, message: { mid: 'm_qr', text: 'Canal', quick_reply: { payload: 'en qué canal estoy' } } }]));
      expect(sent().map((r) => r.body.message)).toEqual([{ text: 'Está en Facebook' }, { text: 'En cualquier canal' }]);
    });

    it('una entrega repetida (mismo mid, mismo postback) se responde una vez', async () => {
      await ready();
      const body = text('hola');
      expect((await post(body)).statusCode).toBe(200);
      expect((await post(body)).statusCode).toBe(200);
      expect(sent()).toHaveLength(2);
      const postback = messengerWebhook(TIENDA.id, [{ sender: { id: PSID }, recipient: { id: TIENDA.id }, timestamp: t.clock.now, postback: { mid: 'm_pb_2', title: 'Ver precios', payload: 'cuánto cuesta' } }]);
      await post(postback);
      const after = sent().length;
      await post(postback);
      expect(sent()).toHaveLength(after);
    });

    it('los ecos de la página, los mensajes de una página sin bot y los de una página ajena no se responden', async () => {
      await ready();
      await post(messengerWebhook(TIENDA.id, [{ sender: { id: TIENDA.id }, recipient: { id: PSID }, timestamp: t.clock.now, message: { mid: 'm_eco', text: 'hola', is_echo: true } }]));
      await post(text('hola', AYUDA.id));
      await post(text('hola', '555000111'));
      expect(sent()).toHaveLength(0);
    });

    it('la app tiene una sola dirección de webhook: la página de otro canal llega, por el de este, al bot y al token de su canal', async () => {
      await ready();
      const other = await createCanal(await as('compania'), { name: 'Facebook', dsc: 'Messenger de la otra tienda' });
      const page = { id: '777000888', name: 'Otra tienda', accessToken: 'EAAG-token-de-la-otra-tienda' };
      await replacePages(t.app, t.app.db, { idE: demo, id: other }, [page]);
      await t.app.db.updateTable('fb_pagina').set({ b: chat.bot }).where('idCanal', '=', other).execute();
      await t.app.db.updateTable('canal').set({ activo: 1 }).where('id', '=', other).execute();
      const res = await post(text('hola', page.id));
      expect(res.statusCode).toBe(200);
      expect(sent().length).toBeGreaterThan(0);
      expect(sent().every((r) => r.headers.authorization === `Bearer ${page.accessToken}`)).toBe(true);
      expect((await recorded(t, PSID)).conversacion).toMatchObject({ idBot: chat.bot, idChannel: other });
      // A forged post names no page of any channel: it is refused before another channel is read.
      fake.requests.length = 0;
      const payload = JSON.stringify(text('hola', page.id));
      const forged = await t.app.inject({ method: 'POST', url: `${API}/wh/facebook/${id}`, payload, headers: messengerHeaders(payload, 'otro-secreto') });
      expect(forged.statusCode).toBe(401);
      expect(sent()).toHaveLength(0);
    });

    it('sin firma o mal firmado responde 401 y no envía nada; sin FACEBOOK_APP_SECRET responde 403', async () => {
      await ready();
      const wrong = await post(text('hola'), 'otro-secreto');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().message).toBe('Firma del proveedor inválida');
      expect((await t.app.inject({ method: 'POST', url: `${API}/wh/facebook/${id}`, payload: text('hola') })).statusCode).toBe(401);
      t.app.config.facebookAppSecret = undefined;
      try {
        expect((await post(text('hola'))).statusCode).toBe(403);
      } finally {
        t.app.config.facebookAppSecret = FB_APP_SECRET;
      }
      expect(sent()).toHaveLength(0);
    });

    it('fuera de horario responde el texto de fuera de horario por la Send API', async () => {
      await ready();
      await closeHours(t, id, 'Volvemos a las {hi}.');
      const { hi } = await canalRow(t, id);
      await post(text('hola'));
      expect(sent().map((r) => r.body.message)).toEqual([{ text: `Volvemos a las ${hi}.` }]);
    });

    it('un canal desconocido o de otro tipo responde 404', async () => {
      const web = await createCanal(await as('compania'), { name: 'Web', dsc: 'Web' });
      const payload = JSON.stringify(text('hola'));
      for (const other of ['no-existe', web]) {
        expect((await t.app.inject({ method: 'POST', url: `${API}/wh/facebook/${other}`, payload, headers: messengerHeaders(payload) })).statusCode).toBe(404);
      }
    });
  });
});

describe('mensajes del bot en Messenger', () => {
  const postback = (title: string, value: string) => ({ type: 'POSTBACK', title, value });

  it('más de 3 botones van como respuestas rápidas, con los enlaces como líneas del texto', () => {
    const buttons = [postback('Uno', '1'), postback('Dos', '2'), postback('Tres', '3'), { type: 'WEB_URL', title: 'Web', value: 'https://tienda.example/' }];
    expect(toMessenger([{ id: 'm', type: 'TEXT', text: 'Elija', buttons, fc: '' }])).toEqual([{
      text: 'Elija\nWeb: https://tienda.example/',
      quick_replies: [{ content_type: 'text', title: 'Uno', payload: '1' }, { content_type: 'text', title: 'Dos', payload: '2' }, { content_type: 'text', title: 'Tres', payload: '3' }],
    }]);
  });

  it('un postback más largo que el payload de Messenger viaja por el título; una imagen va como adjunto', () => {
    const [template] = toMessenger([{ id: 'm', type: 'TEXT', text: 'Elija', buttons: [postback('Largo', 'x'.repeat(1001))], fc: '' }]);
    expect(template).toEqual({ attachment: { type: 'template', payload: { template_type: 'button', text: 'Elija', buttons: [{ type: 'postback', title: 'Largo', payload: '~t:0' }] } } });
    expect(toMessenger([{ id: 'i', type: 'IMAGE', image_url: 'https://example.com/a.png', fc: '' }])).toEqual([{ attachment: { type: 'image', payload: { url: 'https://example.com/a.png', is_reusable: true } } }]);
  });
});
