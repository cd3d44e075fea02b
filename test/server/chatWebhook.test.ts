// WEB_HOOK actions in real conversations against a local HTTP server: the method, query string,
// JSON body and headers filled from memory, the answer mapped into memory by path, the conditions
// with every filter operator (AND / OR) that skip the call, a 500 and a timeout answering the Spanish
// failure message, and the webhook entries of the test chat's debug.
import type http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHAT_MESSAGES, type ChatMessage } from '../../common/schemas/chat';
import { companyId } from './adminFixtures';
import { addSkill, insertChatBot, newPsi, say, setBot, texts, type ChatBot } from './chatFixtures';
import { createTestApp, dialects, type Client, type TestApp } from './helpers';
import { listenLocally } from './localServer';
import { insertAccion } from './skillFixtures';

interface Received {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/** The other side: answers by path, and remembers every request. */
async function startServer() {
  const requests: Received[] = [];
  const server = await listenLocally((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        // Kept as text.
      }
      requests.push({ method: req.method ?? '', path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers, body });
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (url.pathname === '/error') return json(500, { error: 'falló' });
      if (url.pathname === '/lento') return void setTimeout(() => json(200, { ok: true }), 2000);
      if (url.pathname === '/saldo') return json(200, { cliente: { nombre: 'Ana', cuenta: { saldo: 150.5 } }, movimientos: [{ monto: 20 }, { monto: 35 }] });
      return json(200, { ok: true });
    });
  });
  return { ...server, requests };
}

/** A memory value (type 2) compared with `value`. */
const cond = (id: string, op: string, value: string | null = null) => ({ id, type: 2, path: null, op, value, order: 0 });

describe.each(dialects)('WEB_HOOK contra un servidor HTTP local (%s)', (dialect) => {
  let t: TestApp;
  let server: Awaited<ReturnType<typeof startServer>>;
  let chat: ChatBot;
  let c: Client;
  let psi: string;
  const talk = (text: string) => say(c, chat.bot, psi, text);
  const debugOf = (messages: ChatMessage[]) => messages[0].debug!;

  beforeAll(async () => {
    t = await createTestApp(dialect, { webhookTimeoutMs: 300, outboundAllow: ['127.0.0.1'] });
    server = await startServer();
  });
  beforeEach(async () => {
    await t.reset();
    server.requests.length = 0;
    chat = await insertChatBot(t, await companyId(t, 'Demo Internacional'));
    c = await t.login('compania@quipu.test');
    psi = newPsi();
  });
  afterAll(async () => {
    await server.close();
    await t.close();
  });

  /**
   * 'consultar' runs a skill that puts ciudad, edad and codigo in memory (GO_SKILL fields), then a
   * skill with the webhook and a TEXT after it.
   */
  async function webhookSkill(webhook: object, after = 'Consulta terminada.') {
    const llamar = await addSkill(t, chat.bot, 'Llamar', [], [
      ['WEB_HOOK', { method: 'POST', headers: [], fields: [], cond: [], op: 'AND', resp: [], ...webhook }],
      ['TEXT', { text: [after] }],
    ]);
    await addSkill(t, chat.bot, 'Consultar', ['consultar mi cuenta', 'quiero consultar mi saldo', 'ver el estado de mi cuenta', 'revisar mi cuenta'], [
      ['GO_SKILL', { sk: llamar, fields: [{ k: 'ciudad', v: 'Lima' }, { k: 'edad', v: '30' }, { k: 'codigo', v: 'AB-12' }] }],
    ]);
    return llamar;
  }

  it('GET: los campos de la memoria van en la consulta, la respuesta se guarda por su ruta y un TEXT la usa', async () => {
    await webhookSkill(
      {
        method: 'GET',
        url: `${server.base}/saldo`,
        fields: [{ k: 'ciudad', v: '{{ciudad}}' }, { k: 'edad', v: '{{edad}}' }],
        resp: [{ path: 'cliente.nombre', k: 'nombre' }, { path: 'cliente.cuenta.saldo', k: 'saldo' }, { path: 'movimientos.1.monto', k: 'ultimo' }],
      },
      '{{nombre}}, su saldo es S/ {{saldo}} (último movimiento: {{ultimo}}).',
    );
    const messages = await talk('consultar mi cuenta');
    expect(texts(messages)).toEqual(['Ana, su saldo es S/ 150.5 (último movimiento: 35).']);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({ method: 'GET', path: '/saldo', query: { ciudad: 'Lima', edad: '30' } });
    expect(debugOf(messages).memory).toMatchObject({ nombre: 'Ana', saldo: 150.5, ultimo: 35 });
    expect(debugOf(messages).webhooks).toEqual([{ method: 'GET', url: `${server.base}/saldo?ciudad=Lima&edad=30`, status: 200, ms: expect.any(Number) }]);
  });

  it('POST: los campos van como cuerpo JSON, con las cabeceras llenadas de la memoria', async () => {
    await webhookSkill({
      method: 'POST',
      url: `${server.base}/registro`,
      headers: [{ k: 'X-Ciudad', v: '{{ciudad}}' }, { k: 'Authorization', v: 'Bearer clave-123' }],
      fields: [{ k: 'ciudad', v: '{{ciudad}}' }, { k: 'codigo', v: 'cliente {{codigo}}' }],
    });
    expect(texts(await talk('consultar mi cuenta'))).toEqual(['Consulta terminada.']);
    const [request] = server.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/registro', body: { ciudad: 'Lima', codigo: 'cliente AB-12' } });
    expect(request.headers['content-type']).toMatch(/application\/json/);
    expect(request.headers['x-ciudad']).toBe('Lima');
    expect(request.headers.authorization).toBe('Bearer clave-123');
  });

  it('sin método es POST; una URL que empieza con / va al baseUrl del bot', async () => {
    await setBot(t, chat.bot, {}, { baseUrl: server.base });
    await webhookSkill({ method: '', url: '/saldo', resp: [{ path: 'cliente.nombre', k: 'nombre' }] }, 'Hola {{nombre}}.');
    expect(texts(await talk('consultar mi cuenta'))).toEqual(['Hola Ana.']);
    expect(server.requests[0]).toMatchObject({ method: 'POST', path: '/saldo' });
  });

  describe('condiciones (cond) con los operadores del §9 sobre la memoria', () => {
    // Memory: ciudad 'Lima', edad '30', codigo 'AB-12'; telefono absent.
    const cases: Array<[string, string, string | null, boolean]> = [
      ['IS', 'ciudad', 'Lima', true],
      ['IS', 'ciudad', ' lima ', true],
      ['IS', 'ciudad', 'Cusco', false],
      ['IS_NOT', 'ciudad', 'Cusco', true],
      ['IS_NOT', 'ciudad', 'Lima', false],
      ['IN', 'ciudad', 'Cusco, Lima, Arequipa', true],
      ['IN', 'ciudad', 'Cusco; LIMA; Arequipa', true],
      ['IN', 'ciudad', 'Cusco, Piura', false],
      ['NOT_IN', 'ciudad', 'Cusco, Piura', true],
      ['NOT_IN', 'ciudad', 'Cusco,Lima', false],
      ['MATCHES', 'codigo', '^[A-Z]{2}-\\d+$', true],
      ['MATCHES', 'codigo', '^\\d+$', false],
      ['MATCHES_NOT', 'codigo', '^\\d+$', true],
      ['MATCHES_NOT', 'codigo', '^[A-Z]{2}-\\d+$', false],
      ['GREATER_THAN', 'edad', '18', true],
      ['GREATER_THAN', 'edad', '100', false],
      ['LOWER_THAN', 'edad', '100', true],
      ['LOWER_THAN', 'edad', '18', false],
      ['IS_PRESENT', 'ciudad', null, true],
      ['IS_PRESENT', 'telefono', null, false],
      ['IS_ABSENT', 'telefono', null, true],
      ['IS_ABSENT', 'ciudad', null, false],
    ];

    it.each(cases)('%s sobre %s (%s): llama = %s', async (op, id, value, calls) => {
      await webhookSkill({ url: `${server.base}/eco`, cond: [cond(id, op, value)] });
      const messages = await talk('consultar mi cuenta');
      // A skipped call goes on with the next action, like a call that answered.
      expect(texts(messages)).toEqual(['Consulta terminada.']);
      expect(server.requests).toHaveLength(calls ? 1 : 0);
      expect(debugOf(messages).webhooks).toEqual([calls ? expect.objectContaining({ status: 200 }) : { method: 'POST', url: `${server.base}/eco`, status: null, ms: 0, skipped: true }]);
    });

    it('el valor comparado admite {{memoria}}', async () => {
      await webhookSkill({ url: `${server.base}/eco`, cond: [cond('ciudad', 'IS', '{{ciudad}}')] });
      await talk('consultar mi cuenta');
      expect(server.requests).toHaveLength(1);
    });

    it.each([
      ['AND', false],
      ['OR', true],
    ] as const)('op %s entre una condición que se cumple y otra que no: llama = %s', async (op, calls) => {
      await webhookSkill({ url: `${server.base}/eco`, op, cond: [cond('ciudad', 'IS', 'Lima'), cond('edad', 'GREATER_THAN', '40')] });
      await talk('consultar mi cuenta');
      expect(server.requests).toHaveLength(calls ? 1 : 0);
    });

    it('AND con todas las condiciones cumplidas llama', async () => {
      await webhookSkill({ url: `${server.base}/eco`, op: 'AND', cond: [cond('ciudad', 'IS', 'Lima'), cond('edad', 'LOWER_THAN', '40')] });
      await talk('consultar mi cuenta');
      expect(server.requests).toHaveLength(1);
    });
  });

  describe('cuando falla', () => {
    it('un 500 responde el mensaje de falla y termina el skill; el debug trae el estado y el error', async () => {
      await webhookSkill({ url: `${server.base}/error`, resp: [{ path: 'error', k: 'error' }] });
      const messages = await talk('consultar mi cuenta');
      expect(texts(messages)).toEqual([CHAT_MESSAGES.webhookFallo]);
      const [entry] = debugOf(messages).webhooks;
      expect(entry).toMatchObject({ method: 'POST', url: `${server.base}/error`, status: 500 });
      expect(entry.error).toMatch(/500/);
      expect(debugOf(messages).memory).not.toHaveProperty('error');
    });

    it('sin respuesta a tiempo (webhookTimeoutMs 300) responde el mensaje de falla, sin estado', async () => {
      await webhookSkill({ url: `${server.base}/lento` });
      const started = Date.now();
      const messages = await talk('consultar mi cuenta');
      expect(Date.now() - started).toBeLessThan(1900);
      expect(texts(messages)).toEqual([CHAT_MESSAGES.webhookFallo]);
      const [entry] = debugOf(messages).webhooks;
      expect(entry).toMatchObject({ method: 'POST', url: `${server.base}/lento`, status: null });
      expect(entry.ms).toBeGreaterThanOrEqual(250);
      expect(entry.error).toBe('Tiempo de espera agotado (300 ms)');
    });

    it('un servidor que no escucha responde el mensaje de falla', async () => {
      await webhookSkill({ url: 'http://127.0.0.1:1/nada' });
      const messages = await talk('consultar mi cuenta');
      expect(texts(messages)).toEqual([CHAT_MESSAGES.webhookFallo]);
      expect(debugOf(messages).webhooks[0]).toMatchObject({ status: null, error: expect.stringMatching(/^No se pudo conectar/) });
    });
  });

  it('varios webhooks de un skill aparecen en el debug en orden, con su tiempo', async () => {
    const llamar = await webhookSkill({ url: `${server.base}/eco` });
    await insertAccion(t, { bot: chat.bot, skill: llamar }, 'WEB_HOOK', 2, { method: 'GET', url: `${server.base}/saldo`, headers: [], fields: [], cond: [cond('ciudad', 'IS', 'Cusco')], op: 'AND', resp: [], red: [8] });
    await insertAccion(t, { bot: chat.bot, skill: llamar }, 'WEB_HOOK', 3, { method: 'GET', url: `${server.base}/saldo`, headers: [], fields: [], cond: [], op: 'AND', resp: [], red: [8] });
    const messages = await talk('consultar mi cuenta');
    const hooks = debugOf(messages).webhooks;
    expect(hooks.map((h) => [h.method, h.url, h.status, h.skipped ?? false])).toEqual([
      ['POST', `${server.base}/eco`, 200, false],
      ['GET', `${server.base}/saldo`, null, true],
      ['GET', `${server.base}/saldo`, 200, false],
    ]);
    for (const h of hooks) expect(h.ms).toBeGreaterThanOrEqual(0);
    // Every message of the answer carries the same entries.
    for (const m of messages) expect(m.debug?.webhooks).toEqual(hooks);
  });
});
