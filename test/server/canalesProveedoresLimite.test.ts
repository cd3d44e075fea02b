// The providers' webhooks are public and read whole before their signature is checked, so their
// bodies are kept to WEBHOOK_BODY_LIMIT_KB (256 KB by default): a larger body is refused with 413
// before any signature is looked at, and a call to an unknown channel with 404 before its body is
// read. Refused calls count on the caller's address and the channel, so one misconfigured channel
// never throttles the provider's calls to another (plugins/refusals.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, dialects, type TestApp } from './helpers';

describe.each(dialects)('POST /wh/{proveedor}/{id}: tamaño del cuerpo (%s)', (dialect) => {
  let t: TestApp;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const kind of ['Telegram', 'Whatsapp', 'Slack']) {
      ids[kind] = (await t.app.db.selectFrom('canal').select('id').where('name', '=', kind).orderBy('fc').executeTakeFirstOrThrow()).id;
    }
  });
  afterAll(() => t?.close());

  const body = (kb: number) => JSON.stringify({ relleno: 'x'.repeat(kb * 1024) });
  const post = (provider: string, payload: string, id = ids[provider], remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: `${API}/wh/${provider.toLowerCase()}/${id}`, payload, remoteAddress, headers: { 'content-type': 'application/json' } });

  it.each(['Telegram', 'Whatsapp', 'Slack'])('%s: un cuerpo de 300 KB responde 413 sin llegar a la firma', async (provider) => {
    const response = await post(provider, body(300));
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('La solicitud supera el tamaño máximo permitido (256 KB).');
  });

  it.each(['Telegram', 'Whatsapp', 'Slack'])('%s: un cuerpo de 200 KB se lee y llega a la comprobación del canal, que lo rechaza', async (provider) => {
    // The seeded channels hold no provider secret: refused there, past the body's reading.
    const response = await post(provider, body(200));
    expect([401, 403]).toContain(response.statusCode);
  });

  it('un canal que no existe, o de otro proveedor, responde 404 antes de leer el cuerpo', async () => {
    for (const [provider, id] of [['Telegram', 'no-existe'], ['Slack', ids.Telegram]]) {
      const response = await post(provider, body(300), id);
      expect(response.statusCode).toBe(404);
    }
  });

  it('tras 30 llamadas rechazadas a un canal desde una dirección, la siguiente a ese canal recibe 429; las de otro canal siguen atendidas', async () => {
    const provider = '149.154.167.220';
    for (let i = 0; i < 30; i++) expect([401, 403]).toContain((await post('Telegram', body(1), ids.Telegram, provider)).statusCode);
    expect((await post('Telegram', body(1), ids.Telegram, provider)).statusCode).toBe(429);
    expect([401, 403]).toContain((await post('Slack', body(1), ids.Slack, provider)).statusCode);
  });
});
