// Slack against a local fake Web API: 'Agregar Slack' (the OAuth v2 redirect with its state, the
// code exchange with oauth.v2.access, the bot token kept encrypted, ?status back in the editor), and
// the Events API and interactivity at the webhook (url_verification, the v0 signature and its
// five-minute window, retries answered once) through the deployed bot and back out through
// chat.postMessage; roles and another company.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNTS, ALL_ACCOUNTS, auditRows, companyId, type Account } from './adminFixtures';
import { deployNow, insertChatBot, recorded, type ChatBot } from './chatFixtures';
import {
  SLACK_APP_ID, SLACK_APP_SECRET, SLACK_BOT_TOKEN, SLACK_GOOD_CODE, SLACK_SIGNING_SECRET, canalRow, closeHours, createCanal, fakeServer, linkBot, postSlack,
  signedInNow, slackApi, storedSecret, type FakeServer,
} from './canalesProveedoresFakes';
import { API, createTestApp, dialects, type Client, type TestApp } from './helpers';

const ALLOWED: Account[] = ['admin', 'compania', 'usuario'];
const REDIRECT = `http://127.0.0.1:8080${API}/callback-slack`;

describe.each(dialects)('Slack (%s)', (dialect) => {
  let t: TestApp;
  let fake: FakeServer;
  let as: (who: Account) => Promise<Client>;
  let demo: string;
  let id: string;
  let n = 0;

  beforeAll(async () => {
    fake = await fakeServer(slackApi);
    t = await createTestApp(dialect, { slackApiBase: `${fake.base}/api/`, slackOauthBase: 'https://slack.test/oauth/v2/authorize' });
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
    id = await createCanal(await as('compania'), { name: 'Slack', dsc: 'Slack de soporte', cfg: { appId: SLACK_APP_ID }, secretos: { appSecret: SLACK_APP_SECRET, signingSecret: SLACK_SIGNING_SECRET } });
  });

  const signIn = async (who: Account = 'compania', ch = id) => (await as(who)).get(`${API}/loginSlack?ch=${ch}`);
  /** The state 'Agregar Slack' put in Slack's address. */
  const startState = async () => new URL((await signIn()).headers.location as string).searchParams.get('state')!;
  const callback = (query: Record<string, string>) => t.client().get(`${API}/callback-slack?${new URLSearchParams(query)}`);
  const exchanges = () => fake.calls('/api/oauth.v2.access');
  const posts = () => fake.calls('/api/chat.postMessage');
  /** The form fields of each chat.postMessage, with `blocks` parsed. */
  const postBodies = () => posts().map(({ body }): { channel?: unknown; text?: unknown; blocks?: unknown[] } => ({ ...body, ...(typeof body.blocks === 'string' ? { blocks: JSON.parse(body.blocks) } : {}) }));

  describe('GET /loginSlack', () => {
    it('redirige a la autorización de Slack con el App Id, los permisos, la dirección de vuelta y un state', async () => {
      const res = await signIn();
      expect(res.statusCode).toBe(302);
      const url = new URL(res.headers.location as string);
      expect(`${url.origin}${url.pathname}`).toBe('https://slack.test/oauth/v2/authorize');
      expect(Object.fromEntries(url.searchParams)).toEqual({ client_id: SLACK_APP_ID, scope: 'chat:write,im:history,app_mentions:read', redirect_uri: REDIRECT, state: expect.stringMatching(/^[\w-]+\.[\w-]+$/) });
      expect(res.headers.location).not.toContain(SLACK_APP_SECRET);
    });

    it('ni el Host ni el Origin de la solicitud dan la dirección de vuelta', async () => {
      const res = await (await as('compania')).get(`${API}/loginSlack?ch=${id}`, { origin: 'https://evil.example', host: 'evil.example' });
      expect(new URL(res.headers.location as string).searchParams.get('redirect_uri')).toBe(REDIRECT);
    });

    it("con DATABASE_URL y sin PUBLIC_URL responde 400 'Configure PUBLIC_URL…'; con PUBLIC_URL vuelve a ella", async () => {
      t.app.config.embedded = false;
      try {
        const res = await signIn();
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('Configure PUBLIC_URL con la dirección pública de la consola para conectar Slack');
        t.app.config.publicUrl = 'https://bots.tienda.pe/';
        const ok = await signIn();
        expect(new URL(ok.headers.location as string).searchParams.get('redirect_uri')).toBe(`https://bots.tienda.pe${API}/callback-slack`);
      } finally {
        t.app.config.embedded = true;
        t.app.config.publicUrl = undefined;
      }
    });

    it('sin App Id vuelve al editor con status=falta_app_id', async () => {
      const sinApp = await createCanal(await as('compania'), { name: 'Slack', dsc: 'Sin app' });
      const res = await signIn('compania', sinApp);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`/canal/slack/${sinApp}?status=falta_app_id`);
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

    it('sin sesión responde 401', async () => {
      expect((await t.client().get(`${API}/loginSlack?ch=${id}`)).statusCode).toBe(401);
    });
  });

  describe('GET /callback-slack', () => {
    it('canjea el código con oauth.v2.access, guarda el token del bot cifrado y el espacio de trabajo, y vuelve con status=ok', async () => {
      const state = await startState();
      const res = await callback({ code: SLACK_GOOD_CODE, state });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`/canal/slack/${id}?status=ok`);
      expect(exchanges()).toHaveLength(1);
      expect(exchanges()[0].body).toEqual({ client_id: SLACK_APP_ID, client_secret: SLACK_APP_SECRET, code: SLACK_GOOD_CODE, redirect_uri: REDIRECT });
      const row = await canalRow(t, id);
      expect(row.secretos).not.toContain(SLACK_BOT_TOKEN);
      expect(await storedSecret(t, id, 'botToken')).toBe(SLACK_BOT_TOKEN);
      expect(JSON.parse(row.cfg)).toEqual({ appId: SLACK_APP_ID, teamId: 'T9TK3CUKW', teamName: 'Tienda Andina', botUserId: 'U0BOTQUIPU' });
      const canal = (await (await as('compania')).get(`${API}/ch?id=${id}`)).json();
      expect(canal.secretos).toMatchObject({ botToken: true, appSecret: true, signingSecret: true });
      expect(JSON.stringify(canal)).not.toContain(SLACK_BOT_TOKEN);
      expect((await auditRows(t, 3)).find((r) => r.val?.includes('Slack (Tienda'))).toMatchObject({ us: ACCOUNTS.compania, idE: demo, val: 'Canal Slack «Slack de soporte»: vinculado con Slack (Tienda Andina)' });
    });

    it("con DATABASE_URL y sin PUBLIC_URL la vuelta responde 400 'Configure PUBLIC_URL…' y no canjea el código", async () => {
      const state = await startState();
      t.app.config.embedded = false;
      try {
        const res = await callback({ code: SLACK_GOOD_CODE, state });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('Configure PUBLIC_URL con la dirección pública de la consola para conectar Slack');
      } finally {
        t.app.config.embedded = true;
      }
      expect(exchanges()).toHaveLength(0);
      expect(await storedSecret(t, id, 'botToken')).toBeUndefined();
    });

    it('respeta BASE_PATH al volver a la consola', async () => {
      const state = await startState();
      t.app.config.basePath = '/consola';
      try {
        expect((await callback({ code: SLACK_GOOD_CODE, state })).headers.location).toBe(`/consola/canal/slack/${id}?status=ok`);
      } finally {
        t.app.config.basePath = '/';
      }
    });

    it('un state alterado, ajeno o ausente responde 400 y no toca ningún canal', async () => {
      const state = await startState();
      const [payload, signature] = state.split('.');
      const data = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const other = await createCanal(await as('compania'), { name: 'Slack', dsc: 'Otro', cfg: { appId: SLACK_APP_ID }, secretos: { appSecret: SLACK_APP_SECRET } });
      const forged = `${Buffer.from(JSON.stringify({ ...data, c: other })).toString('base64url')}.${signature}`;
      // One character of the signature changed (to one it is not already).
      const altered = `${payload}.${signature[0] === 'x' ? 'y' : 'x'}${signature.slice(1)}`;
      for (const bad of [forged, altered, 'no-es-un-state', '']) {
        const res = await callback({ code: SLACK_GOOD_CODE, state: bad });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('La autorización de Slack no es válida. Vuelva a intentarlo con «Agregar Slack» desde el canal.');
      }
      expect((await callback({ code: SLACK_GOOD_CODE })).statusCode).toBe(400);
      expect(exchanges()).toHaveLength(0);
      for (const canal of [id, other]) expect(await storedSecret(t, canal, 'botToken')).toBeUndefined();
    });

    it('un state se usa una vez y vence a los diez minutos', async () => {
      const state = await startState();
      expect((await callback({ code: SLACK_GOOD_CODE, state })).headers.location).toBe(`/canal/slack/${id}?status=ok`);
      expect((await callback({ code: SLACK_GOOD_CODE, state })).headers.location).toBe(`/canal/slack/${id}?status=autorizacion_usada`);
      const late = await startState();
      t.clock.advance(10 * 60_000 + 1);
      expect((await callback({ code: SLACK_GOOD_CODE, state: late })).headers.location).toBe(`/canal/slack/${id}?status=autorizacion_vencida`);
      expect(exchanges()).toHaveLength(1);
    });

    it("un código rechazado o la autorización cancelada vuelven con el error de Slack en status ('Error {status}')", async () => {
      expect((await callback({ code: 'codigo-viejo', state: await startState() })).headers.location).toBe(`/canal/slack/${id}?status=invalid_code`);
      expect((await callback({ error: 'access_denied', state: await startState() })).headers.location).toBe(`/canal/slack/${id}?status=access_denied`);
      expect(exchanges()).toHaveLength(1);
      expect(await storedSecret(t, id, 'botToken')).toBeUndefined();
    });

    it('si quien empezó ya no tiene acceso a canales, no vincula', async () => {
      const state = await startState();
      await t.app.db.updateTable('usuario').set({ a: 0 }).where('usuario', '=', ACCOUNTS.compania).execute();
      expect((await callback({ code: SLACK_GOOD_CODE, state })).headers.location).toBe(`/canal/slack/${id}?status=sin_permiso`);
      expect(exchanges()).toHaveLength(0);
    });
  });

  describe('POST /wh/slack/{id}', () => {
    let chat: ChatBot;
    const event = (ev: object, eventId = `Ev${++n}`) => ({ token: 'x', team_id: 'T9TK3CUKW', api_app_id: SLACK_APP_ID, type: 'event_callback', event_id: eventId, event_time: 1, event: ev });
    const dm = (text: string, ts = `1750000000.00${++n}`) => ({ type: 'message', channel_type: 'im', channel: 'D024BE91L', user: 'U2147483697', text, ts, event_ts: ts });

    /** Linked with Slack (through the callback) and to a deployed bot. */
    async function ready(): Promise<void> {
      await callback({ code: SLACK_GOOD_CODE, state: await startState() });
      chat = await insertChatBot(t, demo);
      await deployNow(t, chat.bot);
      await linkBot(await as('compania'), id, chat.bot);
      fake.requests.length = 0;
    }

    it('url_verification firmado devuelve el challenge', async () => {
      const res = await postSlack(t, id, { token: 'x', challenge: '3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P', type: 'url_verification' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ challenge: '3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P' });
    });

    it('un mensaje directo llega al bot y la respuesta sale por chat.postMessage, con los botones en un bloque actions', async () => {
      await ready();
      const res = await postSlack(t, id, event(dm('hola')));
      expect(res.statusCode).toBe(200);
      expect(posts().every((r) => r.headers.authorization === `Bearer ${SLACK_BOT_TOKEN}`)).toBe(true);
      expect(postBodies()).toEqual([
        { channel: 'D024BE91L', text: '¡Hola! ¿En qué le ayudo?' },
        {
          channel: 'D024BE91L',
          text: 'Elija una opción',
          blocks: [
            { type: 'section', text: { type: 'plain_text', text: 'Elija una opción', emoji: true } },
            {
              type: 'actions',
              elements: [
                { type: 'button', text: { type: 'plain_text', text: 'Ver precios', emoji: true }, value: 'cuánto cuesta', action_id: 'quipu-0' },
                { type: 'button', text: { type: 'plain_text', text: 'Registrarme', emoji: true }, value: chat.skills.registro, action_id: 'quipu-1' },
              ],
            },
          ],
        },
      ]);
      expect((await recorded(t, 'U2147483697')).conversacion).toMatchObject({ idBot: chat.bot, idChannel: id });
    });

    it('un botón pulsado (block_actions, en un formulario) llega como postback', async () => {
      await ready();
      const payload = {
        type: 'block_actions', trigger_id: '13345224609.738474920.8088930838d88f008e0', user: { id: 'U2147483697', name: 'ana' }, channel: { id: 'D024BE91L' },
        actions: [{ type: 'button', action_id: 'quipu-0', value: 'cuánto cuesta', text: { type: 'plain_text', text: 'Ver precios' }, action_ts: '1750000001.000200' }],
      };
      const res = await postSlack(t, id, `payload=${encodeURIComponent(JSON.stringify(payload))}`);
      expect(res.statusCode).toBe(200);
      const bodies = postBodies();
      expect(bodies[0]).toEqual({ channel: 'D024BE91L', text: 'Estos son nuestros planes.' });
      expect(bodies[1].blocks).toEqual([
        { type: 'image', image_url: 'https://example.com/basico.png', alt_text: 'Plan Básico' },
        { type: 'section', text: { type: 'plain_text', text: 'Plan Básico\nS/ 50 al mes', emoji: true } },
        { type: 'actions', elements: [{ type: 'button', text: { type: 'plain_text', text: 'Quiero el básico', emoji: true }, value: 'quiero registrarme', action_id: 'quipu-0' }] },
      ]);
      expect(bodies[2].blocks?.[2]).toEqual({ type: 'actions', elements: [{ type: 'button', text: { type: 'plain_text', text: 'Detalles', emoji: true }, url: 'https://example.com/pro', action_id: 'quipu-0' }] });
      expect(bodies).toHaveLength(4);
      // A link button's click reports no value and asks nothing of the bot.
      fake.requests.length = 0;
      const link = { ...payload, actions: [{ type: 'button', action_id: 'quipu-0', url: 'https://example.com/pro', text: { type: 'plain_text', text: 'Detalles' }, action_ts: '1750000002.0001' }] };
      expect((await postSlack(t, id, `payload=${encodeURIComponent(JSON.stringify(link))}`)).statusCode).toBe(200);
      expect(posts()).toHaveLength(0);
    });

    it('una mención en un canal se responde en ese canal, sin la mención en el texto', async () => {
      await ready();
      await postSlack(t, id, event({ type: 'app_mention', channel: 'C0LAN2Q65', user: 'U2147483697', text: '<@U0BOTQUIPU> hola', ts: '1750000003.000100' }));
      expect(postBodies().map((b) => [b.channel, b.text])).toEqual([['C0LAN2Q65', '¡Hola! ¿En qué le ayudo?'], ['C0LAN2Q65', 'Elija una opción']]);
      const { mensajes } = await recorded(t, 'U2147483697');
      expect(mensajes.flat().map((m) => m.m)).toContain('hola');
    });

    it('los reintentos de Slack (X-Slack-Retry-Num) se responden una vez', async () => {
      await ready();
      const body = event(dm('hola'), 'Ev-reintento');
      expect((await postSlack(t, id, body)).statusCode).toBe(200);
      expect(posts()).toHaveLength(2);
      for (const retry of ['1', '2']) {
        const res = await postSlack(t, id, body, { headers: { 'x-slack-retry-num': retry, 'x-slack-retry-reason': 'http_timeout' } });
        expect(res.statusCode).toBe(200);
      }
      expect(posts()).toHaveLength(2);
    });

    it('los mensajes de bots, los editados y los del propio bot no se responden', async () => {
      await ready();
      await postSlack(t, id, event({ ...dm('hola'), bot_id: 'B01' }));
      await postSlack(t, id, event({ ...dm('hola'), subtype: 'message_changed' }));
      await postSlack(t, id, event({ ...dm('hola'), user: 'U0BOTQUIPU' }));
      expect(posts()).toHaveLength(0);
    });

    it('sin firma, mal firmado o con la hora fuera de los cinco minutos responde 401 y no envía nada', async () => {
      await ready();
      const body = event(dm('hola'));
      const wrong = await postSlack(t, id, body, { secret: 'otro-secreto' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().message).toBe('Firma del proveedor inválida');
      const stale = await postSlack(t, id, body, { at: t.clock.now - 5 * 60_000 - 1000 });
      expect(stale.statusCode).toBe(401);
      expect(stale.json().message).toBe('La firma del proveedor está vencida');
      const unsigned = await t.app.inject({ method: 'POST', url: `${API}/wh/slack/${id}`, payload: body });
      expect(unsigned.statusCode).toBe(401);
      const challenge = await postSlack(t, id, { type: 'url_verification', challenge: 'x' }, { secret: 'otro-secreto' });
      expect(challenge.statusCode).toBe(401);
      // Within the window, a request signed four minutes ago still counts.
      expect((await postSlack(t, id, body, { at: t.clock.now - 4 * 60_000 })).statusCode).toBe(200);
      expect(posts()).toHaveLength(2);
    });

    it('un canal sin Signing Secret responde 403', async () => {
      const sinFirma = await createCanal(await as('compania'), { name: 'Slack', dsc: 'Sin firma' });
      expect((await postSlack(t, sinFirma, { type: 'url_verification', challenge: 'x' })).statusCode).toBe(403);
    });

    it('fuera de horario responde el texto de fuera de horario por chat.postMessage', async () => {
      await ready();
      await closeHours(t, id, 'Volvemos a las {hi}.');
      const { hi } = await canalRow(t, id);
      expect((await postSlack(t, id, event(dm('hola')))).statusCode).toBe(200);
      expect(postBodies()).toEqual([{ channel: 'D024BE91L', text: `Volvemos a las ${hi}.` }]);
    });

    it('sin bot vinculado responde 200 sin enviar nada', async () => {
      await ready();
      await (await as('compania')).post(`${API}/ch/suscribe?id=${id}&idB=blk`);
      expect((await postSlack(t, id, event(dm('hola')))).statusCode).toBe(200);
      expect(posts()).toHaveLength(0);
    });
  });
});
