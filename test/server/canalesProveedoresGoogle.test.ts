// Google Chat against a local stand-in that is Chat's key set, the service account's token endpoint
// and the Chat API at once: events signed with a local key (jose) answered in the HTTP reply, or,
// when the bot is late, through spaces.messages.create with a token the service account's own key
// obtained; a repeated delivery answered once; every bad token, another domain and a channel left
// unconfigured refused; the service account's key never returned; and the bot's messages as cards v2.
import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, exportPKCS8, generateKeyPair, SignJWT, type CryptoKey as JoseKey } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BY_TITLE } from '../../server/src/channels/adapter';
import { lateAnswersSent } from '../../server/src/channels/answer';
import { google } from '../../server/src/channels/google';
import { toGoogle } from '../../server/src/channels/google/format';
import type { ChatMessage } from '../../common/schemas/chat';
import { companyId, type Account } from './adminFixtures';
import { insertSkill } from './botFixtures';
import { deployNow, insertChatBot, recorded, type ChatBot } from './chatFixtures';
import { closeHours, createCanal, fakeServer, linkBot, signedInNow, type FakeServer, type Received } from './canalesProveedoresFakes';
import { API, createTestApp, dialects, type Client, type TestApp } from './helpers';
import { insertAccion } from './skillFixtures';

const PROJECT = '1234567890';
const DOMAIN = 'tienda.pe';
const KID = 'chat-key-1';
const ACCESS_TOKEN = 'ya29.token-de-la-cuenta-de-servicio';
const SA_EMAIL = 'quipu-bot@tienda-pe.iam.gserviceaccount.com';
const SPACE = 'spaces/AAQAtiendaDM';
const THREAD = `${SPACE}/threads/hilo1`;
const USER = { name: 'users/112233445566', displayName: 'Ana Torres', email: 'ana@tienda.pe', type: 'HUMAN', domainId: 'C01tienda' };

interface Keys {
  chat: { privateKey: JoseKey; publicJwk: object };
  other: { privateKey: JoseKey };
  account: { pem: string; publicKey: KeyObject };
}

async function makeKeys(): Promise<Keys> {
  const chat = await generateKeyPair('RS256', { extractable: true });
  const other = await generateKeyPair('RS256');
  const account = await generateKeyPair('RS256', { extractable: true });
  return {
    chat: { privateKey: chat.privateKey, publicJwk: { ...(await exportJWK(chat.publicKey)), kid: KID, alg: 'RS256', use: 'sig' } },
    other: { privateKey: other.privateKey },
    account: { pem: await exportPKCS8(account.privateKey), publicKey: createPublicKey(await exportPKCS8(account.privateKey)) },
  };
}

/** Whether `jwt` is an RS256 assertion signed by `key`. */
function signedBy(jwt: string, key: KeyObject): boolean {
  const [head, payload, signature] = jwt.split('.');
  return !!signature && verify('sha256', Buffer.from(`${head}.${payload}`), key, Buffer.from(signature, 'base64url'));
}

/** Chat's key set (/certs), the token endpoint (/token) and the Chat API (/v1/spaces/…/messages). */
function googleApi(keys: Keys, tokenUri: () => string) {
  return (request: Received) => {
    if (request.path === '/certs') return { body: { keys: [keys.chat.publicJwk] } };
    if (request.path === '/token') {
      const assertion = String(request.body.assertion ?? '');
      const claims = assertion ? decodeJwt(assertion) : {};
      const good = request.body.grant_type === 'urn:ietf:params:oauth:grant-type:jwt-bearer' && signedBy(assertion, keys.account.publicKey)
        && claims.iss === SA_EMAIL && claims.aud === tokenUri() && claims.scope === 'https://www.googleapis.com/auth/chat.bot';
      return good ? { body: { access_token: ACCESS_TOKEN, expires_in: 3599, token_type: 'Bearer' } } : { status: 400, body: { error: 'invalid_grant' } };
    }
    if (/^\/v1\/spaces\/[\w-]+\/messages$/.test(request.path)) {
      if (request.headers.authorization !== `Bearer ${ACCESS_TOKEN}`) return { status: 401, body: { error: { code: 401, status: 'UNAUTHENTICATED' } } };
      return { body: { name: `${request.path.slice(4, -9)}/messages/respuesta` } };
    }
    return { status: 404, body: { error: { code: 404 } } };
  };
}

/** A webhook for the bot's WEB_HOOK action that answers only when the test releases it. */
async function heldHook(): Promise<{ base: string; waiting: () => number; release: () => void; close: () => Promise<void> }> {
  const held: http.ServerResponse[] = [];
  const server = http.createServer((_req, res) => held.push(res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const release = () => {
    for (const res of held.splice(0)) res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  };
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    waiting: () => held.length,
    release,
    close: () => {
      release();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('no llegó a tiempo');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(dialects)('Google Chat (%s)', (dialect) => {
  let t: TestApp;
  let fake: FakeServer;
  let hook: Awaited<ReturnType<typeof heldHook>>;
  let keys: Keys;
  let as: (who: Account) => Promise<Client>;
  let demo: string;
  let id: string;
  let chat: ChatBot;
  let n = 0;

  const serviceAccount = () => JSON.stringify({ type: 'service_account', project_id: 'tienda-pe', private_key_id: 'sa-1', private_key: keys.account.pem, client_email: SA_EMAIL, token_uri: `${fake.base}/token` });

  beforeAll(async () => {
    keys = await makeKeys();
    fake = await fakeServer(googleApi(keys, () => `${fake.base}/token`));
    hook = await heldHook();
    t = await createTestApp(dialect, { googleChatCertsUrl: `${fake.base}/certs`, googleChatApiBase: `${fake.base}/v1`, outboundAllow: ['127.0.0.1'], webhookTimeoutMs: 10_000 });
  });
  afterAll(async () => {
    await t.close();
    await hook.close();
    await fake.close();
  });
  beforeEach(async () => {
    await t.reset();
    as = signedInNow(t);
    fake.requests.length = 0;
    demo = await companyId(t, 'Demo Internacional');
    id = await createCanal(await as('compania'), { name: 'Google', dsc: 'Google Chat de soporte', secretos: { googleServiceAccount: serviceAccount() } });
    // The domain comes from the channel's sign-in and the project number from its editor.
    await configure(id);
    chat = await insertChatBot(t, demo);
  });

  async function configure(canal: string, idR: string | null = DOMAIN, projectNumber: string | null = PROJECT): Promise<void> {
    await t.app.db.updateTable('canal').set({ idR, cfg: JSON.stringify(projectNumber ? { projectNumber } : {}) }).where('id', '=', canal).execute();
  }

  /** Deploys the bot (with a slow skill when asked) and links it to the channel. */
  async function ready(slow = false): Promise<void> {
    if (slow) {
      const skill = await insertSkill(t, chat.bot, 'Consultar', { frases: ['consultar mi cuenta', 'quiero consultar mi saldo', 'ver el estado de mi cuenta', 'revisar mi cuenta'] });
      await insertAccion(t, { bot: chat.bot, skill }, 'WEB_HOOK', 0, { method: 'GET', url: `${hook.base}/saldo`, headers: [], fields: [], cond: [], op: 'AND', resp: [], red: [8] });
      await insertAccion(t, { bot: chat.bot, skill }, 'TEXT', 1, { text: ['Su cuenta está al día.'], red: [8] });
    }
    await deployNow(t, chat.bot);
    await linkBot(await as('compania'), id, chat.bot);
  }

  const token = (claims: { iss?: string; aud?: string; exp?: number; key?: JoseKey; kid?: string } = {}) => {
    const now = Math.floor(t.clock.now / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: claims.kid ?? KID })
      .setIssuer(claims.iss ?? 'chat@system.gserviceaccount.com')
      .setAudience(claims.aud ?? PROJECT)
      .setIssuedAt(now - 60)
      .setExpirationTime(claims.exp ?? now + 3600)
      .sign(claims.key ?? keys.chat.privateKey);
  };

  const post = async (body: object, bearer?: string | null, canal = id) => t.app.inject({
    method: 'POST',
    url: `${API}/wh/google/${canal}`,
    payload: body,
    headers: bearer === null ? {} : { authorization: `Bearer ${bearer ?? (await token())}` },
  });

  const message = (text: string, extra: { argumentText?: string; name?: string; user?: object; type?: string } = {}) => ({
    type: extra.type ?? 'MESSAGE',
    eventTime: new Date(t.clock.now).toISOString(),
    space: { name: SPACE, type: 'DM', spaceType: 'DIRECT_MESSAGE' },
    user: extra.user ?? USER,
    message: { name: extra.name ?? `${SPACE}/messages/m${++n}`, sender: USER, text, argumentText: extra.argumentText ?? text, thread: { name: THREAD } },
  });

  const click = (postback: string, title: string) => ({
    type: 'CARD_CLICKED',
    eventTime: new Date(t.clock.now + ++n).toISOString(),
    space: { name: SPACE, type: 'DM' },
    user: USER,
    message: { name: `${SPACE}/messages/tarjeta`, thread: { name: THREAD } },
    action: { actionMethodName: 'quipu', parameters: [{ key: 'postback', value: postback }, { key: 'title', value: title }] },
    common: { invokedFunction: 'quipu', parameters: { postback, title } },
  });

  const apiPosts = () => fake.calls('/messages');
  const greeting = (bot: ChatBot) => ({
    text: '¡Hola! ¿En qué le ayudo?',
    cardsV2: [{
      cardId: 'quipu-0',
      card: {
        sections: [{
          widgets: [
            { textParagraph: { text: 'Elija una opción' } },
            {
              buttonList: {
                buttons: [
                  { text: 'Ver precios', onClick: { action: { function: 'quipu', parameters: [{ key: 'postback', value: 'cuánto cuesta' }, { key: 'title', value: 'Ver precios' }] } } },
                  { text: 'Registrarme', onClick: { action: { function: 'quipu', parameters: [{ key: 'postback', value: bot.skills.registro }, { key: 'title', value: 'Registrarme' }] } } },
                ],
              },
            },
          ],
        }],
      },
    }],
  });

  describe('POST /wh/google/{id}', () => {
    it('un mensaje directo se responde en la respuesta HTTP, como un mensaje de Chat con tarjetas', async () => {
      await ready();
      const res = await post(message('hola'));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(greeting(chat));
      expect(apiPosts()).toHaveLength(0);
      const { conversacion, mensajes } = await recorded(t, USER.name);
      expect(conversacion).toMatchObject({ idBot: chat.bot, idChannel: id });
      expect(mensajes.flat().map((m) => m.m)).toContain('hola');
    });

    it('una mención en un espacio llega al bot sin la mención (argumentText)', async () => {
      await ready();
      const res = await post(message('@Quipu hola', { argumentText: ' hola' }));
      expect(res.json()).toEqual(greeting(chat));
      expect((await recorded(t, USER.name)).mensajes.flat().map((m) => m.m)).toContain('hola');
    });

    it('un botón pulsado (CARD_CLICKED) llega como postback, y la respuesta lleva una tarjeta por elemento del carrusel', async () => {
      await ready();
      const res = await post(click('cuánto cuesta', 'Ver precios'));
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.text).toBe('Estos son nuestros planes.');
      expect(body.cardsV2.map((c: { card: { header?: { title: string } } }) => c.card.header?.title)).toEqual(['Plan Básico', 'Plan Pro', '¿Algo más?']);
      expect(body.cardsV2[1].card.sections[0].widgets).toEqual([
        { image: { imageUrl: 'https://example.com/pro.png', altText: 'Plan Pro' } },
        { buttonList: { buttons: [{ text: 'Detalles', onClick: { openLink: { url: 'https://example.com/pro' } } }] } },
      ]);
    });

    it('un botón cuyo postback no cupo (BY_TITLE) llega como su título', async () => {
      await ready();
      const res = await post(click(BY_TITLE, 'Ver precios'));
      expect(res.json().text).toBe('Estos son nuestros planes.');
    });

    it('si el bot tarda, la respuesta HTTP es {} y la respuesta sale por spaces.messages.create en el hilo, con el token de la cuenta de servicio', async () => {
      await ready(true);
      const bound = google.reply!.withinMs;
      google.reply!.withinMs = 200;
      try {
        for (const text of ['consultar mi cuenta', 'revisar mi cuenta']) {
          const reply = post(message(text));
          await until(() => hook.waiting() === 1);
          const res = await reply;
          expect(res.statusCode).toBe(200);
          expect(res.json()).toEqual({});
          hook.release();
        }
        await until(() => apiPosts().length === 2);
        // What a shutdown waits for: an answer still on its way is sent before it ends.
        const reply = post(message('consultar mi cuenta'));
        await until(() => hook.waiting() === 1);
        expect((await reply).json()).toEqual({});
        let drained = false;
        const drain = lateAnswersSent(t.app).then(() => (drained = true));
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(drained).toBe(false);
        hook.release();
        await drain;
        expect(apiPosts()).toHaveLength(3);
      } finally {
        google.reply!.withinMs = bound;
      }
      expect(apiPosts().map((r) => [r.path, r.body])).toEqual([
        [`/v1/${SPACE}/messages`, { text: 'Su cuenta está al día.', thread: { name: THREAD } }],
        [`/v1/${SPACE}/messages`, { text: 'Su cuenta está al día.', thread: { name: THREAD } }],
        [`/v1/${SPACE}/messages`, { text: 'Su cuenta está al día.', thread: { name: THREAD } }],
      ]);
      // One token for all three, obtained with an assertion the service account's key signed.
      const exchanges = fake.calls('/token');
      expect(exchanges).toHaveLength(1);
      expect(signedBy(String(exchanges[0].body.assertion), keys.account.publicKey)).toBe(true);
      expect(decodeJwt(String(exchanges[0].body.assertion))).toMatchObject({ iss: SA_EMAIL, aud: `${fake.base}/token`, scope: 'https://www.googleapis.com/auth/chat.bot' });
    });

    it('una entrega repetida (el mismo mensaje) se responde una vez', async () => {
      await ready();
      const event = message('hola', { name: `${SPACE}/messages/repetido` });
      expect((await post(event)).json()).toEqual(greeting(chat));
      const again = await post(event);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({});
      expect(apiPosts()).toHaveLength(0);
      expect((await recorded(t, USER.name)).mensajes.flat().filter((m) => m.m === 'hola')).toHaveLength(1);
    });

    it('fuera de horario responde el texto de fuera de horario', async () => {
      await ready();
      await closeHours(t, id, 'Volvemos a las {hi}.');
      const { hi } = await t.app.db.selectFrom('canal').select('hi').where('id', '=', id).executeTakeFirstOrThrow();
      expect((await post(message('hola'))).json()).toEqual({ text: `Volvemos a las ${hi}.` });
    });

    it('agregado a un espacio sin mensaje no responde nada; con un mensaje, lo responde', async () => {
      await ready();
      const added = { type: 'ADDED_TO_SPACE', eventTime: new Date(t.clock.now).toISOString(), space: { name: SPACE, type: 'DM' }, user: USER };
      expect((await post(added)).json()).toEqual({});
      expect((await recorded(t, USER.name)).conversacion).toBeUndefined();
      expect((await post(message('hola', { type: 'ADDED_TO_SPACE' }))).json()).toEqual(greeting(chat));
    });

    it.each([
      ['sin token', null, 'Firma del proveedor inválida'],
      ['firmado con otra clave', { key: 'other' }, 'Firma del proveedor inválida'],
      ['de otro emisor', { iss: 'https://accounts.google.com' }, 'Firma del proveedor inválida'],
      ['para otro proyecto', { aud: '999999' }, 'Firma del proveedor inválida'],
      ['vencido', { exp: 'past' }, 'La firma del proveedor está vencida'],
    ] as const)('un evento %s responde 401 y no llega al bot', async (_, claims, text) => {
      await ready();
      const bearer = claims === null ? null : await token({
        ...('iss' in claims ? { iss: claims.iss } : {}),
        ...('aud' in claims ? { aud: claims.aud } : {}),
        ...('key' in claims ? { key: keys.other.privateKey } : {}),
        ...('exp' in claims ? { exp: Math.floor(t.clock.now / 1000) - 600 } : {}),
      });
      const res = await post(message('hola'), bearer);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(text);
      expect((await recorded(t, USER.name)).conversacion).toBeUndefined();
    });

    it('un evento de un usuario de otro dominio responde 403 y no llega al bot', async () => {
      await ready();
      const res = await post(message('hola', { user: { ...USER, email: 'ana@otra-empresa.pe' } }));
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('El evento viene de un usuario de otro dominio que el del canal');
      expect((await recorded(t, USER.name)).conversacion).toBeUndefined();
    });

    it('un canal sin dominio (idR) o sin número de proyecto responde 403', async () => {
      await ready();
      for (const [idR, project] of [[null, PROJECT], [DOMAIN, null]] as const) {
        await configure(id, idR, project);
        const res = await post(message('hola'));
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe('El canal de Google Chat no tiene configurados el dominio de Google Workspace (Iniciar sesión) y el número de proyecto de Google Cloud');
      }
    });

    it('las claves de Chat se guardan: otros eventos no las vuelven a pedir, y un kid desconocido las pide a lo sumo una vez más', async () => {
      await ready();
      for (let i = 0; i < 3; i++) expect((await post(message('hola'))).statusCode).toBe(200);
      const unknown = await token({ kid: 'otra-clave' });
      for (let i = 0; i < 3; i++) expect((await post(message('hola'), unknown)).statusCode).toBe(401);
      expect(fake.calls('/certs').length).toBeLessThanOrEqual(2);
    });

    it('un id desconocido o un canal de otro tipo responde 404', async () => {
      const slack = await createCanal(await as('compania'), { name: 'Slack', dsc: 'Slack' });
      for (const canal of ['no-existe', slack]) expect((await post(message('hola'), undefined, canal)).statusCode).toBe(404);
    });

    it('sin bot vinculado responde {} sin enviar nada', async () => {
      expect((await post(message('hola'))).json()).toEqual({});
      expect(apiPosts()).toHaveLength(0);
    });
  });

  describe('GET /ch', () => {
    it('dice que la clave de la cuenta de servicio está guardada, nunca la devuelve', async () => {
      const canal = (await (await as('compania')).get(`${API}/ch?id=${id}`)).json();
      expect(canal.secretos).toMatchObject({ googleServiceAccount: true });
      expect(JSON.stringify(canal)).not.toContain('PRIVATE KEY');
      expect(JSON.stringify(canal)).not.toContain(SA_EMAIL);
      const row = await t.app.db.selectFrom('canal').select('secretos').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.secretos).not.toContain(SA_EMAIL);
    });
  });
});

describe('toGoogle: las respuestas del bot como un mensaje de Chat', () => {
  const msg = (m: Partial<ChatMessage>): ChatMessage => ({ id: 'm', type: 'TEXT', fc: '2026-01-01T00:00:00Z', ...m }) as ChatMessage;

  it('los textos van juntos en text, tal cual', () => {
    expect(toGoogle([msg({ text: 'Hola <b>' }), msg({ text: 'Segundo' })])).toEqual({ text: 'Hola <b>\n\nSegundo' });
  });

  it('el texto de una tarjeta se escapa, y un teléfono es una línea de texto', () => {
    const out = toGoogle([msg({ text: 'A & <b>', buttons: [{ type: 'CALL', title: 'Llamar', value: '+51 1 234 5678' }, { type: 'POSTBACK', title: 'Sí', value: 'si' }] })]);
    expect(out.cardsV2?.[0].card.sections[0].widgets).toEqual([
      { textParagraph: { text: 'A &amp; &lt;b&gt;\nLlamar: +51 1 234 5678' } },
      { buttonList: { buttons: [{ text: 'Sí', onClick: { action: { function: 'quipu', parameters: [{ key: 'postback', value: 'si' }, { key: 'title', value: 'Sí' }] } } }] } },
    ]);
  });

  it('un postback largo viaja como BY_TITLE con el título entero', () => {
    const title = 'Un título de botón muy largo '.repeat(5);
    const out = toGoogle([msg({ type: 'BUTTON', title: 'Elija', buttons: [{ type: 'POSTBACK', title, value: 'x'.repeat(1001) }] })]);
    const button = (out.cardsV2?.[0].card.sections[0].widgets[1] as { buttonList: { buttons: Array<{ text: string; onClick: { action: { parameters: object[] } } }> } }).buttonList.buttons[0];
    expect(button.onClick.action.parameters).toEqual([{ key: 'postback', value: BY_TITLE }, { key: 'title', value: title }]);
    expect([...button.text]).toHaveLength(100);
  });

  it('un carrusel es una tarjeta por elemento; una dirección que no es web no es un botón', () => {
    const out = toGoogle([msg({ type: 'CAROUSEL', carousel: [
      { title: 'Uno', subtitle: 'S/ 1', image_url: 'https://example.com/1.png', buttons: [] },
      { title: 'Dos', buttons: [{ type: 'WEB_URL', title: 'Ver', value: 'javascript:alert(1)' }] },
    ] })]);
    expect(out).toEqual({
      cardsV2: [
        { cardId: 'quipu-0', card: { header: { title: 'Uno', subtitle: 'S/ 1' }, sections: [{ widgets: [{ image: { imageUrl: 'https://example.com/1.png', altText: 'Uno' } }] }] } },
        { cardId: 'quipu-1', card: { header: { title: 'Dos' }, sections: [{ widgets: [{ textParagraph: { text: 'Ver: javascript:alert(1)' } }] }] } },
      ],
    });
  });

  it('nada que decir es un mensaje vacío', () => {
    expect(toGoogle([msg({ text: '  ' })])).toEqual({});
  });
});
