// The web chat widget's public routes (/public/webchat/{key}) and its STOMP token: a conversation
// opens only while the channel is active and linked to a deployed bot; a visitor's message goes
// through the engine and its answer comes back in the reply and on /user/conversacion; the token
// admits its own conversation only; CORS answers the channel's sites only; each conversation is throttled;
// a resent message is answered once.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { IMessage } from '@stomp/stompjs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { STOMP_MESSAGES } from '../../server/src/realtime/messages';
import { CANAL_MESSAGES, WEB_DEFAULTS, type WebConfig } from '../../common/schemas/canales';
import { CHAT_MESSAGES, type ChatMessage } from '../../common/schemas/chat';
import { WEBCHAT_MESSAGES, type WebchatConversation, type WebchatReply } from '../../common/schemas/webchat';
import { embedSnippet, encodeCanalKey } from '../../common/schemas/webchatKey';
import { DEMO_WEB_CHANNEL } from '../../server/src/seed/canales';
import { ASISTENTE_BOT, ASISTENTE_SKILLS } from '../../server/src/seed/asistente';
import { IntentModel, type SerializedModel } from '../../server/src/engine/nlu/classifier';
import { Matcher, matchSkills } from '../../server/src/engine/nlu/matcher';
import type { BotDefinition } from '../../common/schemas/bots';
import { DEMO_PLANS } from '../../common/schemas/rules';
import { SAMPLE_QUESTIONS } from '../../server/src/channels/web/sample';
import { WIDGET_NOT_BUILT } from '../../server/src/channels/web/assets';
import { WEBCHAT_MESSAGES_PER_MINUTE } from '../../server/src/channels/web/widget';
import { WEBCHAT_TOKEN_MS } from '../../server/src/channels/web/token';
import { companyId } from './adminFixtures';
import { deployNow, insertChatBot, texts, type ChatBot } from './chatFixtures';
import { API, createTestApp, dialects, type Client, type TestApp } from './helpers';
import { TestStomp, WAIT, closeStompClients, listen } from './realtime/stompClients';

const SHOP = 'https://tienda.example.com';
const OTHER_SITE = 'https://otro-sitio.example.net';
/** The address the tests' calls come to: this server's own pages. */
const HOST = 'quipu.test';

describe.each(dialects)('rutas públicas del chat web (%s)', (dialect) => {
  let t: TestApp;
  let url: string;
  let chat: ChatBot;
  let idE: string;
  let canal: string;
  let key: string;
  let visitor: Client;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    url = await listen(t.app);
  });
  beforeEach(async () => {
    await t.reset();
    idE = await companyId(t, 'Demo Internacional');
    chat = await insertChatBot(t, idE);
    await deployNow(t, chat.bot);
    canal = await insertCanal();
    key = encodeCanalKey(canal);
    visitor = t.client();
  });
  afterEach(async () => {
    await closeStompClients();
  });
  afterAll(async () => {
    await t.close();
  });

  /** A web channel written straight to the database: active, linked to the test bot, for the shop's site. */
  async function insertCanal(row: { activo?: 0 | 1; b?: string | null; idE?: string; name?: string; red?: number; web?: WebConfig } = {}): Promise<string> {
    const id = randomUUID();
    await t.app.db
      .insertInto('canal')
      .values({
        id, idE: row.idE ?? idE, name: row.name ?? 'Web', red: row.red ?? 3, dsc: 'Chat de la tienda', activo: row.activo ?? 1, idR: null,
        b: row.b === undefined ? chat.bot : row.b, porHora: 0, hi: null, hf: null, msgFueraHora: null, liveAgent: 0, email: null, useChasqui: 0, chasquiUrl: null,
        web: JSON.stringify(row.web ?? { headerTitle: 'Tienda Andina', domain: ['tienda.example.com'], theme: { headerBgColor: 'rgba(0, 128, 0, 1)' } }),
        fc: new Date(t.clock.now).toISOString(),
      })
      .execute();
    return id;
  }

  const setCanal = (values: { activo?: 0 | 1; b?: string | null; web?: string }) => t.app.db.updateTable('canal').set(values).where('id', '=', canal).execute();

  function call(method: 'GET' | 'POST' | 'OPTIONS', path: string, body?: object, origin: string | null = SHOP, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    return visitor.inject({
      method,
      url: `${API}/public/webchat/${path}`,
      payload: body === undefined ? undefined : JSON.stringify(body),
      headers: { host: HOST, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(origin ? { origin } : {}), ...headers },
    });
  }

  async function open(token?: string, channelKey = key): Promise<WebchatConversation> {
    const response = await call('POST', `${channelKey}/conversacion`, token ? { token } : {});
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  function send(token: string, input: string | { postback: string }, id: string = randomUUID(), channelKey = key) {
    return call('POST', `${channelKey}/mensaje`, { token, id, ...(typeof input === 'string' ? { message: input } : input) });
  }

  async function say(token: string, input: string | { postback: string }, id?: string): Promise<WebchatReply> {
    const response = await send(token, input, id);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  async function stomp(passcode: string, origin: string | undefined = SHOP): Promise<TestStomp> {
    const client = new TestStomp(url, { passcode, origin });
    await client.connect();
    return client;
  }

  async function bodies(inbox: IMessage[], count: number): Promise<ChatMessage[]> {
    await vi.waitFor(() => expect(inbox.length).toBeGreaterThanOrEqual(count), WAIT);
    await new Promise((resolve) => setTimeout(resolve, 50));
    return inbox.map((m) => JSON.parse(m.body) as ChatMessage);
  }

  describe('GET /public/webchat/{key}', () => {
    it('responde la apariencia del canal sobre los valores por omisión, sin su lista de sitios, y el nombre del bot', async () => {
      const response = await call('GET', key);
      expect(response.statusCode).toBe(200);
      const { web, bot } = response.json();
      const name = (await t.app.db.selectFrom('bot').select('nm').where('id', '=', chat.bot).executeTakeFirstOrThrow()).nm;
      expect(bot).toBe(name);
      expect(web.headerTitle).toBe('Tienda Andina');
      expect(web.theme.headerBgColor).toBe('rgba(0, 128, 0, 1)');
      expect(web.theme.botBubbleColor).toBe(WEB_DEFAULTS.theme.botBubbleColor);
      expect(web.width).toBe('360px');
      expect(web.height).toBe('540px');
      expect(web.welcomeHeight).toBe(60);
      expect(web).not.toHaveProperty('domain');
    });

    it.each([
      ['inactivo', { activo: 0 as const }],
      ['sin bot', { b: null }],
    ])('un canal %s responde 403 con el aviso que muestra el widget', async (_case, values) => {
      await setCanal(values);
      const response = await call('GET', key);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(CANAL_MESSAGES.inactive);
      expect(response.headers['access-control-allow-origin']).toBe(SHOP);
    });

    it('un canal cuyo bot no está desplegado tampoco está disponible', async () => {
      const other = await insertChatBot(t, idE);
      await setCanal({ b: other.bot });
      expect((await call('GET', key)).json().message).toBe(CANAL_MESSAGES.inactive);
    });

    it('una clave que no es de un canal web responde 404', async () => {
      const telegram = await insertCanal({ name: 'Telegram', red: 2 });
      for (const unknown of [encodeCanalKey(randomUUID()), encodeCanalKey(telegram), 'no-es-una-clave!']) {
        const response = await call('GET', unknown);
        expect(response.statusCode, unknown).toBe(404);
        expect(response.json().message).toBe(CANAL_MESSAGES.notFound);
      }
    });
  });

  describe('POST /public/webchat/{key}/conversacion', () => {
    it('abre una conversación nueva con psi, token e idBot, sin sesión ni cabeceras de integridad', async () => {
      const opened = await open();
      expect(opened.psi).toMatch(/^web-[0-9a-f-]{36}$/);
      expect(opened.idBot).toBe(chat.bot);
      expect(opened.token).toMatch(/^[\w-]+\.[\w-]+$/);
      expect(opened.historial).toEqual([]);
      expect(visitor.cookies.size).toBe(0);
    });

    it('con el token guardado retoma la misma conversación y devuelve lo conversado en orden', async () => {
      const opened = await open();
      const first = await say(opened.token, 'hola');
      await say(opened.token, { postback: 'cuánto cuesta' });
      const again = await open(opened.token);
      expect(again.psi).toBe(opened.psi);
      expect(again.token).not.toBe('');
      expect(again.historial[0]).toMatchObject({ from: 'user', text: 'hola' });
      expect(again.historial.slice(1, 3)).toEqual(first.messages.map((message) => ({ from: 'bot', id: message.id, message })));
      // The postback itself is a value, not words: only its answer is shown again.
      expect(again.historial.filter((e) => e.from === 'user')).toHaveLength(1);
      expect(again.historial.length).toBe(1 + first.messages.length + 3);
    });

    it('un token de otro canal, alterado o vencido abre una conversación nueva', async () => {
      const otherKey = encodeCanalKey(await insertCanal());
      const elsewhere = await open(undefined, otherKey);
      expect((await open(elsewhere.token)).psi).not.toBe(elsewhere.psi);
      const mine = await open();
      const tampered = `${mine.token.split('.')[0]}.${'A'.repeat(43)}`;
      expect((await open(tampered)).psi).not.toBe(mine.psi);
      t.clock.advance(WEBCHAT_TOKEN_MS + 1000);
      expect((await open(mine.token)).psi).not.toBe(mine.psi);
    });

    it('un canal desactivado no abre conversaciones', async () => {
      await setCanal({ activo: 0 });
      const response = await call('POST', `${key}/conversacion`, {});
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(CANAL_MESSAGES.inactive);
    });
  });

  describe('POST /public/webchat/{key}/mensaje', () => {
    it('el mensaje pasa por el motor hasta el bot desplegado, se guarda como conversación del canal y llega también por /user/conversacion', async () => {
      const { psi, token } = await open();
      const client = await stomp(token);
      expect(client.connected).toHaveLength(1);
      const inbox = await client.subscribe('/user/conversacion');
      const reply = await say(token, 'hola');
      expect(texts(reply.messages)).toEqual(['¡Hola! ¿En qué le ayudo?', 'Elija una opción']);
      expect(reply.messages[1]).toMatchObject({ type: 'BUTTON', quick: true });
      expect(reply.repetido).toBe(false);
      expect(await bodies(inbox, 2)).toEqual(reply.messages);

      // A card's postback and a carousel, through the same token renewed by the reply.
      const prices = await say(reply.token, { postback: 'cuánto cuesta' });
      expect(prices.messages.map((m) => m.type)).toEqual(['TEXT', 'CAROUSEL', 'CARD']);
      expect(await bodies(inbox, 5)).toEqual([...reply.messages, ...prices.messages]);

      const cliente = await t.app.db.selectFrom('chat_cliente').selectAll().where('psi', '=', psi).executeTakeFirstOrThrow();
      expect(cliente).toMatchObject({ idE, idChannel: canal, red: 3 });
      expect(Number(cliente.test)).toBe(0);
      expect(client.errors).toHaveLength(0);
    });

    it('una imagen de este servidor llega y se guarda como ruta (el widget la pide a su servidor), aunque la solicitud diga Host: evil.example', async () => {
      const image = '/api/demo/imagen/sede-san-isidro.svg';
      const version = await t.app.db.selectFrom('bot_version').select(['id', 'snapshot']).where('idBot', '=', chat.bot).executeTakeFirstOrThrow();
      await t.app.db.updateTable('bot_version').set({ snapshot: version.snapshot!.replace('https://example.com/menu.png', image) }).where('id', '=', version.id).execute();
      const { psi, token } = await open();
      const response = await call('POST', `${key}/mensaje`, { token, id: randomUUID(), postback: 'cuánto cuesta' }, SHOP, { host: 'evil.example' });
      expect(response.statusCode, response.body).toBe(200);
      expect((response.json() as WebchatReply).messages.find((m) => m.type === 'CARD')?.image_url).toBe(image);
      const cliente = await t.app.db.selectFrom('chat_cliente').select('id').where('psi', '=', psi).executeTakeFirstOrThrow();
      const stored = await t.app.db.selectFrom('chat_mensaje as m').innerJoin('chat_sesion as s', 's.id', 'm.idSesion').select('m.body').where('s.idClt', '=', cliente.id).execute();
      const bodies = stored.map((m) => m.body ?? '').join(' ');
      expect(bodies).toContain(`"image_url":"${image}"`);
      expect(bodies).not.toContain('evil.example');
    });

    it('el token de otro canal o uno alterado se rechaza con 401', async () => {
      const otherKey = encodeCanalKey(await insertCanal());
      const elsewhere = await open(undefined, otherKey);
      for (const token of [elsewhere.token, `${elsewhere.token}x`, 'nada']) {
        const response = await send(token, 'hola');
        expect(response.statusCode, token).toBe(401);
        expect(response.json().message).toBe(WEBCHAT_MESSAGES.badToken);
      }
    });

    it('un canal desactivado, desvinculado o con el bot sin desplegar rechaza el mensaje con el aviso', async () => {
      const { token } = await open();
      await setCanal({ activo: 0 });
      let response = await send(token, 'hola');
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(CANAL_MESSAGES.inactive);
      await setCanal({ activo: 1, b: null });
      expect((await send(token, 'hola')).json().message).toBe(CANAL_MESSAGES.inactive);
      await setCanal({ b: (await insertChatBot(t, idE)).bot });
      response = await send(token, 'hola');
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(CANAL_MESSAGES.inactive);
      expect(await t.app.db.selectFrom('chat_mensaje').select('id').execute()).toHaveLength(0);
    });

    it('un mensaje vacío o un id mal formado responden 400 en castellano', async () => {
      const { token } = await open();
      const empty = await send(token, '   ');
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe(CHAT_MESSAGES.vacio);
      const badId = await send(token, 'hola', 'no válido');
      expect(badId.statusCode).toBe(400);
      expect(badId.json().message).toBe('El campo id no tiene un formato válido');
    });

    it('el mismo mensaje reenviado (mismo id) se responde una sola vez', async () => {
      const { psi, token } = await open();
      const id = randomUUID();
      const first = await say(token, 'hola', id);
      expect(first.messages).toHaveLength(2);
      const again = await say(token, 'hola', id);
      expect(again).toMatchObject({ messages: [], repetido: true });
      const rows = await t.app.db
        .selectFrom('chat_mensaje')
        .innerJoin('chat_sesion', 'chat_sesion.id', 'chat_mensaje.idSesion')
        .innerJoin('chat_cliente', 'chat_cliente.id', 'chat_sesion.idClt')
        .select(['chat_mensaje.t', 'chat_mensaje.m'])
        .where('chat_cliente.psi', '=', psi)
        .execute();
      expect(rows.filter((r) => Number(r.t) === 1).map((r) => r.m)).toEqual(['hola']);
      // Another id is another message.
      expect((await say(token, 'hola')).messages).toHaveLength(2);
    });

    it(`limita cada conversación a ${WEBCHAT_MESSAGES_PER_MINUTE} mensajes por minuto con un 429 en castellano; otra conversación sigue`, async () => {
      const { token } = await open();
      for (let i = 0; i < WEBCHAT_MESSAGES_PER_MINUTE; i++) expect((await send(token, 'hola')).statusCode).toBe(200);
      const throttled = await send(token, 'hola');
      expect(throttled.statusCode).toBe(429);
      expect(throttled.json().message).toBe(WEBCHAT_MESSAGES.throttled);
      expect(throttled.headers['access-control-allow-origin']).toBe(SHOP);
      const other = await open();
      expect((await send(other.token, 'hola')).statusCode).toBe(200);
    });
  });

  describe('CORS', () => {
    it('responde a los sitios de la lista del canal (nombre de host u origen) y a las páginas de este servidor', async () => {
      await setCanal({ web: JSON.stringify({ domain: ['tienda.example.com', 'https://shop.example.org:8443'] }) });
      for (const origin of [SHOP, 'http://tienda.example.com:3000', 'https://shop.example.org:8443', `http://${HOST}`]) {
        const response = await call('GET', key, undefined, origin);
        expect(response.statusCode, origin).toBe(200);
        expect(response.headers['access-control-allow-origin'], origin).toBe(origin);
        expect(response.headers.vary).toMatch(/Origin/);
      }
      // A call that no browser sent from another site (no Origin) gets its answer, without CORS headers.
      const plain = await call('GET', key, undefined, null);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('responde la consulta previa (OPTIONS) de un sitio permitido con los métodos y cabeceras', async () => {
      for (const path of [`${key}/conversacion`, `${key}/mensaje`]) {
        const response = await call('OPTIONS', path, undefined, SHOP, { 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' });
        expect(response.statusCode).toBe(204);
        expect(response.headers).toMatchObject({
          'access-control-allow-origin': SHOP,
          'access-control-allow-methods': 'GET, POST',
          'access-control-allow-headers': 'Content-Type',
        });
      }
    });

    it('a cualquier otro sitio le responde 403 sin cabeceras CORS, también en la consulta previa y al conversar', async () => {
      for (const origin of [OTHER_SITE, 'https://tienda.example.com.evil.test', 'http://shop.example.org', 'null']) {
        for (const [method, path, body] of [['GET', key], ['OPTIONS', `${key}/mensaje`], ['POST', `${key}/conversacion`, {}]] as const) {
          const response = await call(method, path, body, origin);
          expect(response.statusCode, `${method} ${origin}`).toBe(403);
          expect(response.headers['access-control-allow-origin']).toBeUndefined();
          expect(response.json().message).toBe(WEBCHAT_MESSAGES.foreignOrigin);
        }
      }
      const { token } = await open();
      const response = await call('POST', `${key}/mensaje`, { token, id: randomUUID(), message: 'hola' }, OTHER_SITE);
      expect(response.statusCode).toBe(403);
      expect(await t.app.db.selectFrom('chat_mensaje').select('id').execute()).toHaveLength(0);
    });
  });

  describe('STOMP con el token de la conversación', () => {
    it('el token recibe en /user/conversacion solo su conversación; la de otro no le llega ni puede nombrarla', async () => {
      const mine = await open();
      const theirs = await open();
      const client = await stomp(mine.token);
      const inbox = await client.subscribe('/user/conversacion');
      await say(theirs.token, 'hola');
      const own = await say(mine.token, 'hola');
      expect(await bodies(inbox, 2)).toEqual(own.messages);

      const stolen: IMessage[] = [];
      const other = await stomp(mine.token);
      other.client.subscribe(`/topic/${theirs.psi}`, (m) => void stolen.push(m));
      expect((await other.refused()).headers.message).toBe(STOMP_MESSAGES.unknownDestination);
      await say(theirs.token, 'hola');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(stolen).toHaveLength(0);
    });

    it('un token alterado, vencido o presentado desde un sitio ajeno no conecta', async () => {
      const { token } = await open();
      for (const [passcode, origin] of [[`${token}x`, SHOP], [token, OTHER_SITE]]) {
        const client = await stomp(passcode, origin);
        expect(client.connected).toHaveLength(0);
        expect((await client.refused()).headers.message).toBe(STOMP_MESSAGES.badToken);
      }
      t.clock.advance(WEBCHAT_TOKEN_MS + 1000);
      const late = await stomp(token);
      expect((await late.refused()).headers.message).toBe(STOMP_MESSAGES.badToken);
    });

    it('al desactivar el canal se rechaza el CONNECT, y la verificación periódica cierra la conexión abierta', async () => {
      const { token } = await open();
      const open1 = await stomp(token);
      await open1.subscribe('/user/conversacion');
      await setCanal({ activo: 0 });
      const refused = await stomp(token);
      expect(refused.connected).toHaveLength(0);
      expect((await refused.refused()).headers.message).toBe(STOMP_MESSAGES.badToken);
      await t.app.realtime.recheck();
      expect((await open1.refused()).headers.message).toBe(STOMP_MESSAGES.badToken);
    });
  });
});

describe.each(dialects)('el script del widget y la página de ejemplo (%s)', (dialect) => {
  let t: TestApp;
  let consoleDir: string;
  const SCRIPT = '(function(){/* quipu-webchat */})();';

  beforeAll(async () => {
    consoleDir = await fs.mkdtemp(path.join(os.tmpdir(), 'quipu-console-'));
    await fs.mkdir(path.join(consoleDir, 'webchat'));
    await fs.writeFile(path.join(consoleDir, 'index.html'), '<!doctype html><title>Quipu</title><div id="root"></div>');
    await fs.writeFile(path.join(consoleDir, 'webchat', 'quipu-webchat.js'), SCRIPT);
    t = await createTestApp(dialect, { consoleDir, publicRatePerMinute: 4 });
  });
  beforeEach(async () => {
    await t.reset();
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(consoleDir, { recursive: true, force: true });
  });

  const page = (query = '') => t.client().get(`/webchat/ejemplo.html${query}`, { host: HOST });

  it('sirve /webchat/quipu-webchat.js a cualquier sitio: política de recursos cross-origin, revalidado en cada carga', async () => {
    const response = await t.client().get('/webchat/quipu-webchat.js', { origin: OTHER_SITE });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(SCRIPT);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cache-control']).toBe('no-cache');
    const again = await t.client().get('/webchat/quipu-webchat.js', { 'if-none-match': String(response.headers.etag) });
    expect(again.statusCode).toBe(304);
    // The console's own files keep the same-origin policy.
    expect((await t.client().get('/')).headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('sin el widget construido responde 404 con el aviso, no la consola', async () => {
    await fs.rename(path.join(consoleDir, 'webchat', 'quipu-webchat.js'), path.join(consoleDir, 'webchat', 'otro.js'));
    try {
      const response = await t.client().get('/webchat/quipu-webchat.js');
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(WIDGET_NOT_BUILT);
    } finally {
      await fs.rename(path.join(consoleDir, 'webchat', 'otro.js'), path.join(consoleDir, 'webchat', 'quipu-webchat.js'));
    }
  });

  it(`la página de ejemplo es el sitio de Quipu e inserta el canal '${DEMO_WEB_CHANNEL}' con el código que pegaría un cliente`, async () => {
    const demo = await t.app.db.selectFrom('canal').select('id').where('dsc', '=', DEMO_WEB_CHANNEL).executeTakeFirstOrThrow();
    const response = await page();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const snippet = embedSnippet(`http://${HOST}`, '/', demo.id);
    expect(response.body).toContain(snippet);
    expect(response.body).toContain('<html lang="es">');
    expect(response.body).toContain('<h1>Chatbots que atienden a sus clientes en español</h1>');
    expect(response.body).toContain(`«${DEMO_WEB_CHANNEL}»`);
    // Its policy lets the widget run (same origin) and show the images bots send from other https sites.
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).toMatch(/connect-src 'self'/);
    expect(csp).toMatch(/img-src 'self' data: blob: https:/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    // The widget answers the sample page, which is this server's own.
    const widget = await t.client().get(`${API}/public/webchat/${encodeCanalKey(demo.id)}`, { host: HOST, origin: `http://${HOST}` });
    expect(widget.statusCode).toBe(200);
    expect(widget.json().bot).toBe('Asistente Quipu');
  });

  /** The page's words as a visitor reads them: no tags, single spaces. */
  const visibleText = (html: string) => html.replace(/<style>[\s\S]*?<\/style>/, '').replace(/<\/?(?:a|code|span|strong)\b[^>]*>/g, '').replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ');

  it('la página de ejemplo muestra los planes del bot de demostración con sus precios, y cómo consultar un pedido Q-12345 en el chat', async () => {
    const response = await page();
    const text = visibleText(response.body);
    expect(text).not.toMatch(/alpaca|Tienda Andina/);
    const plans = [...response.body.matchAll(/<li class="plan">([\s\S]*?)<\/li>/g)].map((m) => visibleText(m[1]!).trim());
    expect(plans).toHaveLength(DEMO_PLANS.length);
    DEMO_PLANS.forEach((plan, i) => {
      // Each card: the plan's name, its monthly price and what it includes, as the bot's carousel says them.
      const price = /^S\/ [\d.]+ al mes/.exec(plan.subtitle)![0];
      expect(plans[i]).toContain(`Plan ${plan.nm}`);
      expect(plans[i]).toContain(price);
      expect(plans[i]!.toLowerCase()).toContain(plan.subtitle.slice(price.length + 2).toLowerCase());
      expect(plans[i]).toContain(`«Quiero contratar el plan ${plan.nm}»`);
    });
    expect(text).toContain('Escriba en el chat «Estado de mi pedido Q-12345» con el código de su pedido');
    expect(text).toContain('Pregúntele al Asistente Quipu en el chat: el botón «Abrir chat» está en la esquina inferior derecha.');
  });

  it('el horario, las sedes y las formas de pago de la página son los que responde el bot de demostración', async () => {
    const html = (await page()).body;
    const text = visibleText(html).toLowerCase();
    const answers = (skill: string) => ASISTENTE_SKILLS.find((s) => s.nm === skill)!.acciones;
    const botSays = (skill: string) => JSON.stringify(answers(skill)).toLowerCase();
    const facts: Record<string, string[]> = {
      'Horario de atención': ['lunes a viernes', '8:00 a 20:00', 'sábados', '9:00 a 13:00', 'domingos y feriados', 'a cualquier hora', 'hora de lima'],
      'Ubicación y sedes': ['sede principal, san isidro (lima)', 'calle las begonias 441, piso 6', 'también tenemos oficinas en bogotá, ciudad de méxico y madrid'],
      'Formas de pago': ['visa, mastercard y american express', 'transferencia bancaria', 'paypal', 'yape y plin', 'planes anuales se pagan hasta en 12 cuotas'],
    };
    for (const [skill, said] of Object.entries(facts)) {
      for (const fact of said) {
        expect(botSays(skill), `${skill}: ${fact}`).toContain(fact);
        expect(text, fact).toContain(fact);
      }
    }
    // The map link is the one on the bot's card of the main office.
    const card = answers('Ubicación y sedes').find(([type]) => type === 'CARD')![1] as { buttons: Array<{ type: string; value: string }> };
    const map = card.buttons.find((b) => b.type === 'WEB_URL')!.value;
    expect(html).toContain(`<a href="${map}" rel="noopener noreferrer">Ver la sede principal en el mapa</a>`);
  });

  it('cada pregunta que la página sugiere la responde su skill del bot de demostración, y la página las muestra todas', async () => {
    const expected: Record<(typeof SAMPLE_QUESTIONS)[number], string> = {
      '¿Qué planes tienen?': 'Precios y planes',
      '¿Cuál es el horario de atención?': 'Horario de atención',
      '¿Dónde están ubicados?': 'Ubicación y sedes',
      '¿Cuáles son las formas de pago?': 'Formas de pago',
      'Estado de mi pedido Q-12345': 'Estado de pedido',
      'Me llamo Ana': 'Mi nombre',
      'Cuéntame un chiste': 'Chiste',
      'Quiero hablar con una persona': 'Hablar con una persona',
    };
    const version = await t.app.db
      .selectFrom('bot_version').innerJoin('bot', 'bot.id', 'bot_version.idBot').select(['bot_version.snapshot', 'bot_version.model'])
      .where('bot.nm', '=', ASISTENTE_BOT).executeTakeFirstOrThrow();
    const snapshot = JSON.parse(version.snapshot!) as BotDefinition;
    const matcher = new Matcher(matchSkills(snapshot.skills), IntentModel.fromJSON(JSON.parse(version.model!) as SerializedModel));
    const text = visibleText((await page()).body);
    for (const question of SAMPLE_QUESTIONS) {
      expect(snapshot.skills.find((s) => s.id === matcher.match(question).skillId)?.nm, question).toBe(expected[question]);
      expect(text).toContain(`«${question}»`);
    }
  });

  it('abrir el chat se limita por dirección (PUBLIC_RATE_PER_MINUTE), con un 429 en castellano', async () => {
    const demo = await t.app.db.selectFrom('canal').select('id').where('dsc', '=', DEMO_WEB_CHANNEL).executeTakeFirstOrThrow();
    const browser = t.client();
    const url = `${API}/public/webchat/${encodeCanalKey(demo.id)}`;
    for (let i = 0; i < 4; i++) expect((await browser.get(url)).statusCode).toBe(200);
    const throttled = await browser.get(url);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().message).toBe('Demasiadas solicitudes. Espere un minuto e intente nuevamente.');
    expect((await t.client().get(url)).statusCode).toBe(200);
  });

  const canalId = async (dsc: string) => (await t.app.db.selectFrom('canal').select('id').where('dsc', '=', dsc).executeTakeFirstOrThrow()).id;
  const pageAs = async (who: string, query: string) => (await t.login(who)).get(`/webchat/ejemplo.html${query}`, { host: HOST });
  const refusedPage = (response: { statusCode: number; body: string; headers: Record<string, unknown> }) => {
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<html lang="es">');
    expect(response.body).toContain('El canal pedido no existe o no puede mostrarse aquí.');
    expect(response.body).not.toContain('data-canal');
    expect(response.body).not.toContain('<script');
  };

  it('sin sesión, ?canal= de otro canal que el de demostración (de esta u otra empresa) responde 404 con una página en castellano', async () => {
    const otraEmpresa = await t.app.db
      .selectFrom('canal').innerJoin('empresa', 'empresa.id', 'canal.idE').select('canal.id').where('empresa.nm', '=', 'Otra Empresa').where('canal.red', '=', 3)
      .executeTakeFirstOrThrow();
    refusedPage(await page(`?canal=${encodeCanalKey(otraEmpresa.id)}`));
    refusedPage(await page(`?canal=${encodeCanalKey(await canalId('Ayuda en la app'))}`));
    refusedPage(await page('?canal=no-es-un-canal'));
    // The demo channel itself may be named.
    const demo = encodeCanalKey(await canalId(DEMO_WEB_CHANNEL));
    expect((await page(`?canal=${demo}`)).body).toContain(`data-canal="${demo}"`);
  });

  it('?canal= de otro canal se muestra a un usuario de su empresa o a ROLE_ADMIN; a otra empresa, 404', async () => {
    const ayuda = encodeCanalKey(await canalId('Ayuda en la app'));
    expect((await pageAs('compania@quipu.test', `?canal=${ayuda}`)).body).toContain(`data-canal="${ayuda}"`);
    expect((await pageAs('dashboard@quipu.test', `?canal=${ayuda}`)).body).toContain(`data-canal="${ayuda}"`);
    expect((await pageAs('admin@quipu.test', `?canal=${ayuda}`)).body).toContain(`data-canal="${ayuda}"`);
    refusedPage(await pageAs('otra@quipu.test', `?canal=${ayuda}`));
  });

  it('sin ningún canal web disponible la página lo explica', async () => {
    await t.app.db.updateTable('canal').set({ activo: 0 }).where('red', '=', 3).execute();
    const empty = await page();
    expect(empty.statusCode).toBe(200);
    expect(empty.body).not.toContain('<script');
    expect(empty.body).toContain('No hay un canal web activo con un bot desplegado.');
  });
});
