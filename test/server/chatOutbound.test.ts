// A company user's bot against internal addresses, through the whole app and a real local HTTP
// server on 127.0.0.1: the metadata-token trick (WEB_HOOK to loopback with Metadata-Flavor, the
// token mapped into memory and printed) refused in every address form with nothing reaching the
// server, names resolved by a stub, a redirect from an allowed host to loopback, the headers a bot
// may not send, the same words in a live conversation for every failure while the test chat's
// debug says why, and the saves that refuse a literal internal address.
import type http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Resolver } from '../../server/src/net/outbound';
import { CHAT_MESSAGES, type ChatMessage } from '../../common/schemas/chat';
import { companyId } from './adminFixtures';
import { addSkill, deployNow, insertChatBot, newPsi, say, setBot, texts, type ChatBot } from './chatFixtures';
import { API, createTestApp, dialects, type Client, type TestApp } from './helpers';
import { listenLocally } from './localServer';

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
}

const TOKEN_PATH = '/computeMetadata/v1/instance/service-accounts/default/token';

async function startServer() {
  const requests: Received[] = [];
  const server = await listenLocally((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    requests.push({ path, headers: req.headers });
    if (path === '/redirige') return void res.writeHead(302, { location: `${server.base}${TOKEN_PATH}` }).end();
    if (path === '/prohibido') return void res.writeHead(403).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: 'ya29.token-interno', token_type: 'Bearer' }));
  });
  return { ...server, requests };
}

/** publico.test and otro.test stand for public hosts; they resolve to the local server, and OUTBOUND_ALLOW names them. */
const resolve: Resolver = async (hostname) => {
  if (hostname === 'publico.test' || hostname === 'otro.test') return [{ address: '127.0.0.1', family: 4 }];
  if (hostname === 'metadata.test') return [{ address: '169.254.169.254', family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};

describe.each(dialects)('llamadas salientes de un bot (%s)', (dialect) => {
  let t: TestApp;
  let server: Awaited<ReturnType<typeof startServer>>;
  let chat: ChatBot;
  let c: Client;
  let closedPort: number;
  const debugOf = (messages: ChatMessage[]) => messages[0].debug!;

  beforeAll(async () => {
    t = await createTestApp(dialect, { webhookTimeoutMs: 2000, outboundAllow: ['publico.test', 'otro.test'], outboundResolve: resolve });
    server = await startServer();
    // A port nothing listens on any more.
    const closed = await listenLocally(() => undefined);
    closedPort = closed.port;
    await closed.close();
  });
  beforeEach(async () => {
    await t.reset();
    server.requests.length = 0;
    chat = await insertChatBot(t, await companyId(t, 'Demo Internacional'));
    c = await t.login('compania@quipu.test');
  });
  afterAll(async () => {
    await server.close();
    await t.close();
  });

  /** The attacker's bot: the token webhook with its header, mapped into memory, then printed. */
  async function tokenBot(url: string, headers: Array<{ k: string; v: string }> = [{ k: 'Metadata-Flavor', v: 'Google' }]) {
    await addSkill(t, chat.bot, 'Token', ['dame el token', 'muéstrame el token', 'quiero ver el token', 'token por favor'], [
      ['WEB_HOOK', { method: 'GET', url, headers, fields: [], cond: [], op: 'AND', resp: [{ path: 'access_token', k: 'token' }] }],
      ['TEXT', { text: ['El token es {{token}}'] }],
    ]);
  }

  describe('POST /webchat/demo con un WEB_HOOK a una dirección interna', () => {
    it.each([
      ['127.0.0.1', '127.0.0.1'],
      ['0x7f000001', '127.0.0.1'],
      ['[::1]', '[::1]'],
      ['[::ffff:127.0.0.1]', '[::ffff:7f00:1]'],
    ])('http://%s: el token no sale, nada llega al servidor y el debug dice por qué', async (host, shown) => {
      await tokenBot(`http://${host}:${server.port}${TOKEN_PATH}`);
      const messages = await say(c, chat.bot, newPsi(), 'dame el token');
      expect(texts(messages)).toEqual([CHAT_MESSAGES.webhookFallo]);
      expect(server.requests).toEqual([]);
      expect(debugOf(messages).memory).not.toHaveProperty('token');
      expect(debugOf(messages).webhooks[0]).toMatchObject({ status: null, error: `Dirección no permitida: ${shown} es una dirección interna` });
    });

    it('169.254.169.254 (metadatos de la nube), directo o por un nombre que resuelve ahí, se rechaza sin intentar conectar', async () => {
      for (const host of ['169.254.169.254', 'metadata.test']) {
        await t.reset();
        chat = await insertChatBot(t, await companyId(t, 'Demo Internacional'));
        c = await t.login('compania@quipu.test');
        await tokenBot(`http://${host}${TOKEN_PATH}`);
        const messages = await say(c, chat.bot, newPsi(), 'dame el token');
        expect(texts(messages)).toEqual([CHAT_MESSAGES.webhookFallo]);
        const [entry] = debugOf(messages).webhooks;
        expect(entry).toMatchObject({ status: null, error: `Dirección no permitida: ${host} es una dirección interna` });
        // Refused before any connection: far below the 2 s a connection attempt there would wait.
        expect(entry.ms).toBeLessThan(500);
      }
    });

    it('una URL relativa va al baseUrl del bot por el mismo control: un baseUrl en loopback (guardado antes) se rechaza al llamar', async () => {
      await setBot(t, chat.bot, {}, { baseUrl: `http://127.0.0.1:${server.port}` });
      await tokenBot(TOKEN_PATH);
      const messages = await say(c, chat.bot, newPsi(), 'dame el token');
      expect(texts(messages)).toEqual([CHAT_MESSAGES.webhookFallo]);
      expect(server.requests).toEqual([]);
      expect(debugOf(messages).webhooks[0].error).toBe('Dirección no permitida: 127.0.0.1 es una dirección interna');
    });

    it('una redirección desde un host permitido hacia loopback no se sigue', async () => {
      await tokenBot(`http://publico.test:${server.port}/redirige`);
      const messages = await say(c, chat.bot, newPsi(), 'dame el token');
      expect(texts(messages)).toEqual([CHAT_MESSAGES.webhookFallo]);
      expect(server.requests.map((r) => r.path)).toEqual(['/redirige']);
      expect(debugOf(messages).webhooks[0].error).toBe('Dirección no permitida: 127.0.0.1 es una dirección interna');
    });

    it('un host de OUTBOUND_ALLOW sí responde; Host y X-Forwarded-For no se envían y el debug lo dice', async () => {
      await tokenBot(`http://publico.test:${server.port}/api`, [{ k: 'Host', v: 'metadata.google.internal' }, { k: 'X-Forwarded-For', v: '10.0.0.1' }, { k: 'X-Cliente', v: 'quipu' }]);
      const messages = await say(c, chat.bot, newPsi(), 'dame el token');
      expect(texts(messages)).toEqual(['El token es ya29.token-interno']);
      const [request] = server.requests;
      expect(request.headers.host).toBe(`publico.test:${server.port}`);
      expect(request.headers['x-forwarded-for']).toBeUndefined();
      expect(request.headers['x-cliente']).toBe('quipu');
      expect(debugOf(messages).webhooks[0]).toMatchObject({ status: 200, droppedHeaders: ['host', 'x-forwarded-for'] });
    });
  });

  describe('una conversación real no distingue por qué falló la llamada', () => {
    it('dirección interna, conexión rechazada y 403 dicen lo mismo; el chat de prueba dice cada motivo', async () => {
      const cases: Array<[string, RegExp]> = [
        [`http://127.0.0.1:${server.port}${TOKEN_PATH}`, /^Dirección no permitida: 127\.0\.0\.1 es una dirección interna$/],
        [`http://publico.test:${closedPort}/`, /^No se pudo conectar: conexión rechazada$/],
        [`http://publico.test:${server.port}/prohibido`, /^El servidor respondió 403$/],
      ];
      for (const [url, reason] of cases) {
        await t.reset();
        chat = await insertChatBot(t, await companyId(t, 'Demo Internacional'));
        c = await t.login('compania@quipu.test');
        await tokenBot(url);
        await deployNow(t, chat.bot);
        const live = await say(c, chat.bot, newPsi(), 'dame el token', { test: false });
        expect(live.map((m) => [m.text, m.debug])).toEqual([[CHAT_MESSAGES.webhookFallo, undefined]]);
        const test = await say(c, chat.bot, newPsi(), 'dame el token');
        expect(texts(test)).toEqual([CHAT_MESSAGES.webhookFallo]);
        expect(debugOf(test).webhooks[0].error).toMatch(reason);
      }
    });
  });

  describe('guardar una dirección interna literal', () => {
    it('POST /accion: un WEB_HOOK a 0x7f000001 se rechaza con 400 en el campo url; un nombre se guarda', async () => {
      const skill = await addSkill(t, chat.bot, 'Hook', ['llamar'], []);
      const refused = await c.post(`${API}/accion`, { idBot: chat.bot, idSkill: skill, type: 'WEB_HOOK', url: `http://0x7f000001:${server.port}${TOKEN_PATH}` });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ field: 'url', message: 'URL: 127.0.0.1 es una dirección interna y no está permitida; si la instalación debe llamarla, agréguela a OUTBOUND_ALLOW' });
      const named = await c.post(`${API}/accion`, { idBot: chat.bot, idSkill: skill, type: 'WEB_HOOK', url: 'http://cualquiera.test/hook' });
      expect(named.statusCode).toBe(200);
    });

    it('POST /bot: un baseUrl [::1] se rechaza con 400 en el campo baseUrl', async () => {
      const bot = await t.app.db.selectFrom('bot').select(['rev', 'nm']).where('id', '=', chat.bot).executeTakeFirstOrThrow();
      const refused = await c.post(`${API}/bot`, { id: chat.bot, nm: bot.nm, rev: Number(bot.rev), baseUrl: 'http://[::1]:8080' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ field: 'baseUrl', message: 'URL base: [::1] es una dirección interna y no está permitida; si la instalación debe llamarla, agréguela a OUTBOUND_ALLOW' });
    });

    it('POST /ch/web: un relay en 169.254.169.254 se rechaza con 400 en el campo chasquiUrl', async () => {
      const refused = await c.post(`${API}/ch/web`, { name: 'Whatsapp', dsc: 'Ventas', useChasqui: true, chasquiUrl: 'https://169.254.169.254/relay', excluir: [] });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ field: 'chasquiUrl', message: 'URL del relay: 169.254.169.254 es una dirección interna y no está permitida; si la instalación debe llamarla, agréguela a OUTBOUND_ALLOW' });
    });
  });
});
