// Integrity headers on every API write (X-Ts, X-Nonce, X-Sig): each refusal, and what is stored.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { canonicalText, signature } from '../../common/integrity';
import { buildApp } from '../../server/src/app';
import { serverSignature } from '../../server/src/plugins/integrity';
import { API, Client, TEST_PASSWORD_COST, createTestApp, dialects, outbox, type TestApp } from './helpers';

const refusal = (message: string) => ({ message, code: 'INTEGRITY' });

describe.each(dialects)('cabeceras de integridad (%s)', (dialect) => {
  let t: TestApp;
  let c: Client;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  beforeEach(async () => {
    await t.reset();
    c = await t.login('usuario@quipu.test');
  });
  afterAll(async () => {
    await t.close();
  });

  it('acepta una escritura firmada y guarda su nonce', async () => {
    const headers = c.sign('POST', `${API}/enki`, '');
    const res = await c.inject({ method: 'POST', url: `${API}/enki`, headers: { ...headers } });
    expect(res.statusCode).toBe(200);
    const nonce = await t.app.db.selectFrom('nonce').selectAll().where('nonce', '=', headers['X-Nonce']).executeTakeFirst();
    expect(nonce).toMatchObject({ nonce: headers['X-Nonce'] });
  });

  it("sin cabeceras: 401 'Faltan las cabeceras de integridad de la solicitud'", async () => {
    const res = await c.post(`${API}/enki`, undefined, { sign: false });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(refusal('Faltan las cabeceras de integridad de la solicitud'));
    const partial = await c.post(`${API}/enki`, undefined, { tamper: { 'X-Sig': '' } });
    expect(partial.json()).toEqual(refusal('Faltan las cabeceras de integridad de la solicitud'));
  });

  it("sin sesión que aporte la clave: 401 'Sesión de integridad no iniciada; recargue la página'", async () => {
    const stranger = t.client();
    stranger.key = c.key;
    const res = await stranger.post(`${API}/enki`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(refusal('Sesión de integridad no iniciada; recargue la página'));
  });

  it("firma con otra clave, otro cuerpo u otra ruta: 401 'Firma de integridad inválida'", async () => {
    const noncesBefore = await t.app.db.selectFrom('nonce').selectAll().execute();
    const otherKey = Buffer.alloc(32, 7).toString('base64url');
    const res = await c.post(`${API}/resetpasswd`, { user: 'x@quipu.test' }, { tamper: c.sign('POST', `${API}/resetpasswd`, JSON.stringify({ user: 'x@quipu.test' }), t.clock.now, otherKey) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(refusal('Firma de integridad inválida'));

    // Signed for one body, sent with another.
    const signed = c.sign('POST', `${API}/resetpasswd`, JSON.stringify({ user: 'a@quipu.test' }));
    const body = await c.post(`${API}/resetpasswd`, { user: 'b@quipu.test' }, { tamper: signed });
    expect(body.json()).toEqual(refusal('Firma de integridad inválida'));

    // The signed path includes the query string exactly.
    const query = c.sign('POST', `${API}/enki?a=1`, '');
    const path = await c.inject({ method: 'POST', url: `${API}/enki?a=2`, headers: { ...query } });
    expect(path.json()).toEqual(refusal('Firma de integridad inválida'));

    // Nothing badly signed reaches the nonce table.
    expect(await t.app.db.selectFrom('nonce').selectAll().execute()).toEqual(noncesBefore);
  });

  it("marca de tiempo a más de 5 minutos: 401 'La marca de tiempo de la solicitud está vencida'", async () => {
    const old = await c.post(`${API}/enki`, undefined, { signedAt: t.clock.now - 5 * 60_000 - 1 });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual(refusal('La marca de tiempo de la solicitud está vencida'));
    const future = await c.post(`${API}/enki`, undefined, { signedAt: t.clock.now + 5 * 60_000 + 1 });
    expect(future.json()).toEqual(refusal('La marca de tiempo de la solicitud está vencida'));
    const edge = await c.post(`${API}/enki`, undefined, { signedAt: t.clock.now - 4 * 60_000 });
    expect(edge.statusCode).toBe(200);
  });

  it("nonce repetido: 401 'Solicitud repetida: el nonce ya fue usado'", async () => {
    const headers = { ...c.sign('POST', `${API}/enki`, '') };
    expect((await c.inject({ method: 'POST', url: `${API}/enki`, headers })).statusCode).toBe(200);
    const replay = await c.inject({ method: 'POST', url: `${API}/enki`, headers });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(refusal('Solicitud repetida: el nonce ya fue usado'));
  });

  it('un nonce usado en una instancia es rechazado por otra que comparte la base de datos', async () => {
    const second = await buildApp(t.config, { passwordCost: TEST_PASSWORD_COST, logger: false });
    try {
      const headers = { ...c.sign('POST', `${API}/enki`, '') };
      expect((await c.inject({ method: 'POST', url: `${API}/enki`, headers })).statusCode).toBe(200);
      const cookie = `quipu_sid=${c.cookies.get('quipu_sid')}`;
      const replay = await second.inject({ method: 'POST', url: `${API}/enki`, headers: { ...headers, cookie } });
      expect(replay.json()).toEqual(refusal('Solicitud repetida: el nonce ya fue usado'));
    } finally {
      await second.close();
    }
  });

  it('purga los nonces de más de 10 minutos', async () => {
    await c.post(`${API}/enki`);
    const old = await t.app.db.selectFrom('nonce').select('nonce').execute();
    expect(old.length).toBeGreaterThan(0);
    t.clock.advance(11 * 60_000);
    const fresh = await t.login('compania@quipu.test');
    const left = await t.app.db.selectFrom('nonce').selectAll().execute();
    expect(left).toHaveLength(1);
    expect(old.map((n) => n.nonce)).not.toContain(left[0].nonce);
    expect(Number(left[0].ts)).toBe(t.clock.now);
    expect(fresh.key).toBeDefined();
  });

  it('las lecturas (GET) no requieren firma', async () => {
    const res = await c.get(`${API}/public/about`);
    expect(res.statusCode).toBe(200);
  });

  it('un cuerpo vacío con Content-Type JSON se firma como vacío y se lee como {}', async () => {
    const headers = { ...c.sign('POST', `${API}/logout`, ''), 'content-type': 'application/json' };
    const res = await c.inject({ method: 'POST', url: `${API}/logout`, headers, payload: '' });
    expect(res.statusCode).toBe(204);
  });

  it.each([
    ['application/x-www-form-urlencoded', 'user=a%40quipu.test', 'user=b%40quipu.test'],
    ['text/plain', 'hola', 'adiós'],
    ['application/octet-stream', '\u0001\u0002', '\u0001\u0003'],
  ])("un cuerpo %s alterado: 401 'Firma de integridad inválida'", async (type, signedBody, sentBody) => {
    const url = `${API}/resetpasswd`;
    const tampered = await c.inject({ method: 'POST', url, payload: sentBody, headers: { 'content-type': type, ...c.sign('POST', url, signedBody) } });
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json()).toEqual(refusal('Firma de integridad inválida'));
    // Signed as if empty, sent with a body: the hash covers the bytes whatever the type.
    const unsigned = await c.inject({ method: 'POST', url, payload: sentBody, headers: { 'content-type': type, ...c.sign('POST', url, '') } });
    expect(unsigned.json()).toEqual(refusal('Firma de integridad inválida'));
    // Correctly signed, it passes the check and meets the schema, which wants a JSON object.
    const signed = await c.inject({ method: 'POST', url, payload: sentBody, headers: { 'content-type': type, ...c.sign('POST', url, sentBody) } });
    expect(signed.statusCode).toBe(400);
    expect(await outbox(t)).toEqual([]);
  });

  it('valor conocido: la clave, la solicitud y la X-Sig del ejemplo del README', async () => {
    // Computed once with openssl (README, integrity headers); the console test holds the same literal.
    const k = 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8';
    const url = `${API}/usuario/search?orden=nm`;
    const body = '{"page":0,"pageSize":25}';
    const headers = { 'X-Ts': '1767225600000', 'X-Nonce': 'AAECAwQFBgcICQoLDA0ODw', 'X-Sig': 'JeNDrxe87lkxl_rIppePAJC38WT-LMbB-ha6DmkKA4o' };
    const admin = await t.login('compania@quipu.test');
    await t.app.db.updateTable('sesion').set({ k }).where('k', '=', admin.key as string).execute();
    t.clock.now = 1767225600000 + 60_000;
    const res = await admin.inject({ method: 'POST', url, payload: body, headers: { 'content-type': 'application/json', ...headers } });
    expect(res.statusCode, res.body).toBe(200);
    const wrong = await admin.inject({ method: 'POST', url, payload: body, headers: { 'content-type': 'application/json', ...headers, 'X-Nonce': 'AAECAwQFBgcICQoLDA0OEA' } });
    expect(wrong.json()).toEqual(refusal('Firma de integridad inválida'));
  });
});

describe('la firma que verifica el servidor', () => {
  it('es la que calcula el firmante de la consola, byte por byte', () => {
    const bodies: Array<Uint8Array> = [new Uint8Array(), new TextEncoder().encode('{"m":"¿Cuánto cuesta? ñandú 🦙"}'), randomBytes(4096)];
    const paths = ['/api/webchat/demo', '/api/bot?id=ab%20c&x=ñ', '/api/usuario?q=Peñalolén'];
    for (let i = 0; i < 30; i++) {
      const key = randomBytes(32).toString('base64url');
      const method = ['post', 'PUT', 'DELETE'][i % 3];
      const path = paths[i % paths.length];
      const body = bodies[i % bodies.length];
      const ts = String(1_700_000_000_000 + i);
      const nonce = randomBytes(16).toString('base64url');
      expect(serverSignature(key, method, path, ts, nonce, body)).toBe(signature(key, canonicalText(method, path, ts, nonce, body)));
    }
  });
});
