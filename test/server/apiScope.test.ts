// The session, throttling and integrity hooks live in the API prefix's own scope: however a caller
// spells the path, a request the router hands to an API route has been through them.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API, Client, createTestApp, dialects, type TestApp } from './helpers';

/** Spellings of POST /api/usuario/search that a prefix match on the URL could misjudge. */
const VARIANTS = [
  '/api/%75suario/search',
  '/%61pi/usuario/search',
  '/%61%70%69/usuario/search',
  '//api/usuario/search',
  '/API/usuario/search',
  '/api/./usuario/search',
  '/api/../api/usuario/search',
  '/api/usuario/search/',
  '/api/usuario/search;jsessionid=1',
  '/api;x=1/usuario/search',
  '/api/usuario%2Fsearch',
  '/api//usuario/search',
  '/api/usuario/search?',
  '/api/usuario/search#x',
];

describe.each(dialects)('ganchos en el ámbito de la API (%s)', (dialect) => {
  let t: TestApp;
  let c: Client;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  beforeEach(async () => {
    await t.reset();
    c = await t.login('compania@quipu.test');
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(VARIANTS)('una escritura sin firma a %s nunca llega a la ruta: 401 de integridad o 404', async (url) => {
    const res = await c.inject({ method: 'POST', url, payload: '{}', headers: { 'content-type': 'application/json' } });
    expect([401, 404], `${url} → ${res.statusCode} ${res.body}`).toContain(res.statusCode);
    if (res.statusCode === 401) expect(res.json()).toEqual({ message: 'Faltan las cabeceras de integridad de la solicitud', code: 'INTEGRITY' });
    else expect(res.json()).toEqual({ message: 'Recurso no encontrado' });
  });

  it.each(VARIANTS)('una escritura firmada a %s solo pasa si la ruta verificó la sesión', async (url) => {
    const anonymous = t.client();
    await anonymous.athena();
    const res = await anonymous.inject({ method: 'POST', url, payload: '{}', headers: { 'content-type': 'application/json', ...anonymous.sign('POST', url, '{}') } });
    expect([401, 404], `${url} → ${res.statusCode} ${res.body}`).toContain(res.statusCode);
    // Refused by the session guard, or by the signature when the client's URL was rewritten on the way.
    if (res.statusCode === 401) expect(['SESSION', 'INTEGRITY']).toContain(res.json().code);
  });

  it('una ruta alcanzada con la ruta codificada sigue verificando la firma sobre lo que el cliente envió', async () => {
    const url = `${API}/%75suario/search`;
    const ok = await c.inject({ method: 'POST', url, payload: '{}', headers: { 'content-type': 'application/json', ...c.sign('POST', url, '{}') } });
    expect(ok.statusCode).toBe(200);
    const forged = await c.inject({ method: 'POST', url, payload: '{}', headers: { 'content-type': 'application/json', ...c.sign('POST', `${API}/usuario/search`, '{}') } });
    expect(forged.json()).toEqual({ message: 'Firma de integridad inválida', code: 'INTEGRITY' });
  });

  it('los archivos de la consola y las rutas ajenas a la API no abren sesión ni leen la base', async () => {
    const res = await c.inject({ method: 'GET', url: '/no-existe' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});
