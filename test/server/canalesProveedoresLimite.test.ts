// The providers' webhooks are public and read whole before their signature is checked, so their
// bodies are kept to WEBHOOK_BODY_LIMIT_KB (256 KB by default), far below the API's 5 MB: a
// larger body is refused with 413 before any channel or signature is looked at.
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
  const post = (provider: string, payload: string) =>
    t.app.inject({ method: 'POST', url: `${API}/wh/${provider.toLowerCase()}/${ids[provider]}`, payload, headers: { 'content-type': 'application/json' } });

  it.each(['Telegram', 'Whatsapp', 'Slack'])('%s: un cuerpo de 300 KB responde 413 sin llegar a la firma', async (provider) => {
    const response = await post(provider, body(300));
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('El cuerpo de la solicitud es demasiado grande');
  });

  it.each(['Telegram', 'Whatsapp', 'Slack'])('%s: un cuerpo de 200 KB se lee y llega a la comprobación del canal, que lo rechaza', async (provider) => {
    // The seeded channels hold no provider secret: refused there, past the body's reading.
    const response = await post(provider, body(200));
    expect([401, 403]).toContain(response.statusCode);
  });
});
