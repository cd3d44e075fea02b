// A bot's encrypted extras in its WEB_HOOK actions as {{secreto.nombre}}: sent to a local HTTP
// server in header and field values and the URL's query, never in the answer, the test chat's
// debug (masked ••••), memory or the stored conversation; empty anywhere else; refused by the
// editor's rules outside a webhook and, at deploy, when no extra has that name; and a ciphertext
// moved to another extra or bot (straight in the database) no longer reaches a webhook.
import type http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SKILL_MESSAGES } from '../../common/schemas/skillRules';
import { companyId } from './adminFixtures';
import { ok } from './botFixtures';
import { addSkill, deployNow, insertChatBot, newPsi, say, texts } from './chatFixtures';
import { API, createTestApp, dialects, type Client, type TestApp } from './helpers';
import { listenLocally } from './localServer';

const KEY = 'sk-live-9f8e7d6c5b4a';
const OTHER = 'pin-otro-4321';

/** The other side: remembers every request and answers `{ok: true}`. */
async function startServer() {
  const requests: Array<{ path: string; query: Record<string, string>; headers: http.IncomingHttpHeaders; body: string }> = [];
  const server = await listenLocally((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      requests.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true }));
    });
  });
  return { ...server, requests };
}

describe.each(dialects)('{{secreto.nombre}} en WEB_HOOK (%s)', (dialect) => {
  let t: TestApp;
  let server: Awaited<ReturnType<typeof startServer>>;
  let c: Client;
  let demo: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { webhookTimeoutMs: 2000, outboundAllow: ['127.0.0.1'] });
    server = await startServer();
  });
  beforeEach(async () => {
    await t.reset();
    server.requests.length = 0;
    demo = await companyId(t, 'Demo Internacional');
    c = await t.login('compania@quipu.test');
  });
  afterAll(async () => {
    await server.close();
    await t.close();
  });

  /** Saves the bot's encrypted extras through POST /bot, as the console does. */
  async function setSecrets(bot: string, values: Record<string, string>) {
    const view = ok(await c.get(`${API}/bot?id=${bot}`));
    return ok(await c.post(`${API}/bot`, { ...view, extrasEnc: Object.entries(values).map(([key, val]) => ({ key, val })) }));
  }

  /** A bot whose 'consultar' calls the local server with the secret in a header, a field and the query. */
  async function botWithWebhook(method = 'POST') {
    const chat = await insertChatBot(t, demo);
    const llamar = await addSkill(t, chat.bot, 'Llamar', [], [
      ['WEB_HOOK', {
        method,
        url: `${server.base}/pedido?token={{secreto.apiKey}}&q={{codigo}}`,
        headers: [{ k: 'Authorization', v: 'Bearer {{secreto.apiKey}}' }],
        fields: [{ k: 'firma', v: '{{secreto.apiKey}}' }, { k: 'codigo', v: '{{codigo}}' }],
        cond: [], op: 'AND', resp: [],
      }],
      ['TEXT', { text: ['Consulta terminada.'] }],
    ]);
    await addSkill(t, chat.bot, 'Consultar', ['consultar mi pedido', 'quiero consultar mi pedido', 'ver el estado de mi pedido', 'revisar mi pedido'], [
      ['GO_SKILL', { sk: llamar, fields: [{ k: 'codigo', v: 'Q-12345' }] }],
    ]);
    await setSecrets(chat.bot, { apiKey: KEY, otro: OTHER });
    return chat.bot;
  }

  it('el bot desplegado envía la clave descifrada en la cabecera, el campo y la consulta; la respuesta no la trae', async () => {
    const bot = await botWithWebhook();
    await deployNow(t, bot);
    const messages = await say(c, bot, newPsi(), 'consultar mi pedido', { test: false });
    expect(texts(messages)).toEqual(['Consulta terminada.']);
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request.query).toEqual({ token: KEY, q: 'Q-12345' });
    expect(JSON.parse(request.body)).toEqual({ firma: KEY, codigo: 'Q-12345' });
    expect(JSON.stringify(messages)).not.toContain(KEY);
  });

  it('el chat de prueba muestra •••• en la URL del debug; ni el debug, ni la memoria, ni lo guardado traen la clave', async () => {
    const bot = await botWithWebhook('GET');
    const psi = newPsi();
    const messages = await say(c, bot, psi, 'consultar mi pedido');
    expect(server.requests[0].query).toEqual({ token: KEY, q: 'Q-12345', firma: KEY, codigo: 'Q-12345' });
    expect(server.requests[0].headers.authorization).toBe(`Bearer ${KEY}`);
    const debug = messages[0].debug!;
    expect(debug.webhooks).toEqual([{ method: 'GET', url: `${server.base}/pedido?token=••••&q=Q-12345&firma=••••&codigo=Q-12345`, status: 200, ms: expect.any(Number) }]);
    expect(debug.memory).toEqual({ codigo: 'Q-12345' });
    expect(JSON.stringify(messages)).not.toContain(KEY);
    const stored = JSON.stringify([
      await t.app.db.selectFrom('chat_mensaje').selectAll().where('idBot', '=', bot).execute(),
      await t.app.db.selectFrom('conversacion').selectAll().where('psi', '=', psi).execute(),
    ]);
    expect(stored).not.toContain(KEY);
  });

  it('{{secreto.apiKey}} fuera de un WEB_HOOK no da nada, aunque la memoria tenga un valor «secreto»', async () => {
    const chat = await insertChatBot(t, demo);
    await setSecrets(chat.bot, { apiKey: KEY });
    const mostrar = await addSkill(t, chat.bot, 'Mostrar', [], [['TEXT', { text: ['Clave: [{{secreto.apiKey}}] [{{ secreto.apiKey }}]'] }]]);
    await addSkill(t, chat.bot, 'Pedir', ['muéstrame la clave', 'dime la clave de la api', 'cuál es la clave', 'enséñame la clave'], [
      ['GO_SKILL', { sk: mostrar, fields: [{ k: 'secreto', v: 'de-memoria' }, { k: 'secreto.apiKey', v: 'de-memoria' }] }],
    ]);
    expect(texts(await say(c, chat.bot, newPsi(), 'muéstrame la clave'))).toEqual(['Clave: [] []']);
  });

  it('un ciphertext movido a otro extra (directo en la base) no se descifra: el extra queda por ingresar y el webhook no recibe nada', async () => {
    const bot = await botWithWebhook();
    const row = await t.app.db.selectFrom('bot').select('extrasEnc').where('id', '=', bot).executeTakeFirstOrThrow();
    const [apiKey, otro] = JSON.parse(row.extrasEnc) as Array<{ key: string; enc: string }>;
    await t.app.db.updateTable('bot').set({ extrasEnc: JSON.stringify([{ key: 'apiKey', enc: otro.enc }, { key: 'otro', enc: apiKey.enc }]) }).where('id', '=', bot).execute();

    expect(ok(await c.get(`${API}/bot?id=${bot}`)).extrasEnc).toEqual([{ key: 'apiKey', set: false, retype: true }, { key: 'otro', set: false, retype: true }]);
    await say(c, bot, newPsi(), 'consultar mi pedido');
    expect(server.requests[0].headers.authorization).toBe('Bearer');
    expect(JSON.stringify(server.requests[0])).not.toMatch(new RegExp(`${KEY}|${OTHER}`));
  });

  it('los extras cifrados copiados a otro bot de la misma empresa (directo en la base) no se descifran allí', async () => {
    const origen = await insertChatBot(t, demo);
    await setSecrets(origen.bot, { apiKey: KEY });
    const bot = await botWithWebhook();
    const copied = await t.app.db.selectFrom('bot').select('extrasEnc').where('id', '=', origen.bot).executeTakeFirstOrThrow();
    await t.app.db.updateTable('bot').set({ extrasEnc: copied.extrasEnc }).where('id', '=', bot).execute();

    expect(ok(await c.get(`${API}/bot?id=${bot}`)).extrasEnc).toEqual([{ key: 'apiKey', set: false, retype: true }]);
    await say(c, bot, newPsi(), 'consultar mi pedido');
    expect(server.requests[0].headers.authorization).toBe('Bearer');
    expect(server.requests[0].query.token).toBe('');
  });

  describe('reglas del editor', () => {
    const ACCION = `${API}/accion`;

    it('POST /accion rechaza {{secreto.x}} en un TEXT y fuera de la consulta de la URL; lo admite en cabeceras, campos y consulta', async () => {
      const chat = await insertChatBot(t, demo);
      const at = { idBot: chat.bot, idSkill: chat.skills.saludo };
      const text = await c.post(ACCION, { ...at, type: 'TEXT', text: ['Su clave es {{secreto.apiKey}}'] });
      expect(text.statusCode).toBe(400);
      expect(text.json()).toMatchObject({ message: SKILL_MESSAGES.secretoFuera, field: 'text' });

      const webhook = { ...at, type: 'WEB_HOOK', method: 'POST', headers: [{ k: 'Authorization', v: 'Bearer {{secreto.apiKey}}' }], fields: [{ k: 'firma', v: '{{secreto.apiKey}}' }], cond: [], resp: [] };
      const inPath = await c.post(ACCION, { ...webhook, url: 'https://api.example.com/{{secreto.apiKey}}/pedido' });
      expect(inPath.statusCode).toBe(400);
      expect(inPath.json()).toMatchObject({ message: SKILL_MESSAGES.secretoFuera, field: 'url' });
      const button = await c.post(ACCION, { ...at, type: 'BUTTON', title: 'Elija', buttons: [{ type: 'POSTBACK', title: 'Ver {{secreto.apiKey}}', value: 'ver' }] });
      expect(button.json()).toMatchObject({ message: SKILL_MESSAGES.secretoFuera, field: 'buttons.0.title' });

      const saved = await c.post(ACCION, { ...webhook, url: 'https://api.example.com/pedido?token={{secreto.apiKey}}' });
      expect(saved.statusCode, saved.body).toBe(200);
    });

    it("al desplegar, un {{secreto.x}} que no nombra un extra cifrado del bot dice 'El secreto «x» no existe en los extras del bot'", async () => {
      const bot = await botWithWebhook();
      await addSkill(t, bot, 'Otra consulta', ['consultar otra cosa', 'quiero otra consulta', 'hacer otra consulta', 'consulta distinta'], [
        ['WEB_HOOK', { method: 'POST', url: `${server.base}/otra`, headers: [{ k: 'X-Clave', v: '{{secreto.noExiste}}' }], fields: [], cond: [], op: 'AND', resp: [] }],
      ]);
      const view = ok(await c.get(`${API}/bot?id=${bot}`));
      ok(await c.post(`${API}/bot.deploy?msg=x`, { ...view, extrasEnc: view.extrasEnc.map((e: { key: string }) => ({ key: e.key })) }));
      await t.app.jobs.drain();
      const version = ok(await c.get(`${API}/bot-version?botId=${bot}`));
      expect(version).toMatchObject({ done: true, error: true });
      expect(version.msg).toContain('El secreto «noExiste» no existe en los extras del bot');
      expect(version.msg).not.toContain('«apiKey»');
    });
  });
});
