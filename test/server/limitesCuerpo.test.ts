// Body limits and refused requests, on the path of a caller without an account: a body past the
// default limit (BODY_LIMIT_KB, 64 KB) gets 413 before it is read; an address whose requests with a
// body keep being refused gets 429 before its next body is read; the routes whose content can be
// large read it for signed-in callers only; people using the console are not throttled.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { ACCOUNTS, companyId } from './adminFixtures';
import { insertBot, insertSkill, ok } from './botFixtures';
import { API, createTestApp, dialects, type Client, type TestApp } from './helpers';
import type { Bot } from '../../common/schemas/bots';
import { encodeCanalKey } from '../../common/schemas/webchatKey';
import { DEMO_WEB_CHANNEL } from '../../server/src/seed/canales';
import { REQUESTS_THROTTLED } from '../../server/src/plugins/ratelimit';
import { RefusalCounts, addressKey } from '../../server/src/plugins/refusals';

const KB = 1024;
const MB = 1024 * KB;
const TOO_LARGE = 'La solicitud supera el tamaño máximo permitido (64 KB).';
const SEARCH = `${API}/usuario/search`;

/** A JSON array of zeros of about `bytes` bytes: the cheapest body to send and among the dearest to parse. */
const zeros = (bytes: number) => `[${'0,'.repeat(Math.floor(bytes / 2) - 1)}0]`;

describe.each(dialects)('límites del cuerpo y solicitudes rechazadas (%s)', (dialect) => {
  let t: TestApp;
  let mensaje: string;
  let parse: MockInstance<typeof JSON.parse>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const canal = await t.app.db.selectFrom('canal').select('id').where('dsc', '=', DEMO_WEB_CHANNEL).executeTakeFirstOrThrow();
    mensaje = `${API}/public/webchat/${encodeCanalKey(canal.id)}/mensaje`;
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    parse = vi.spyOn(JSON, 'parse');
  });
  afterEach(() => parse.mockRestore());

  /** The longest text JSON.parse was given since the test began: a body read and parsed shows here. */
  const longestParsed = () => Math.max(0, ...parse.mock.calls.map(([text]) => (typeof text === 'string' ? text.length : 0)));
  const postRaw = (c: Client, url: string, payload: string) => c.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });
  /** A message the widget's schema refuses (no id): 400 once its body is parsed. */
  const invalidMessage = (c: Client) => postRaw(c, mensaje, JSON.stringify({ token: 'x', relleno: 'x'.repeat(40 * KB) }));

  describe('sin sesión, un cuerpo mayor que el límite', () => {
    it.each([
      ['POST /usuario/search', () => SEARCH],
      ['POST /public/webchat/{key}/mensaje', () => mensaje],
    ])('%s: 5 MB y 100 KB responden 413 con el máximo permitido, sin que se analicen', async (_name, url) => {
      for (const size of [5 * MB, 100 * KB]) {
        const response = await postRaw(t.client(), url(), zeros(size));
        expect(response.statusCode).toBe(413);
        expect(response.json()).toEqual({ message: TOO_LARGE });
      }
      expect(longestParsed()).toBeLessThan(10 * KB);
    });

    it('las rutas que admiten cuerpos grandes (POST /bot, /bot.deploy, la importación, /skill) responden 401 sin leer el cuerpo', async () => {
      for (const url of [`${API}/bot`, `${API}/bot.deploy`, `${API}/bot.export`, `${API}/skill`]) {
        const response = await postRaw(t.client(), url, zeros(4 * MB));
        expect(response.statusCode, url).toBe(401);
        expect(response.json().message).toBe('Sesión no iniciada');
      }
      expect(longestParsed()).toBeLessThan(10 * KB);
    });
  });

  describe('solicitudes rechazadas desde una dirección', () => {
    it('tras 30 rechazos en un minuto, la siguiente recibe 429 antes de que se lea su cuerpo; otra dirección sigue atendida, y la primera al minuto siguiente', async () => {
      const attacker = t.client();
      // 413, 401 (no signature) and 400 (the schema) count alike.
      for (let i = 0; i < 10; i++) expect((await postRaw(attacker, SEARCH, zeros(100 * KB))).statusCode).toBe(413);
      for (let i = 0; i < 10; i++) expect((await postRaw(attacker, SEARCH, JSON.stringify({ page: 0, pageSize: 25 }))).statusCode).toBe(401);
      for (let i = 0; i < 10; i++) expect((await invalidMessage(attacker)).statusCode).toBe(400);

      parse.mockClear();
      const throttled = await invalidMessage(attacker);
      expect(throttled.statusCode).toBe(429);
      expect(throttled.json()).toEqual({ message: REQUESTS_THROTTLED });
      expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
      expect((await postRaw(attacker, SEARCH, zeros(5 * MB))).statusCode).toBe(429);
      expect(longestParsed()).toBeLessThan(KB);

      expect((await invalidMessage(t.client())).statusCode).toBe(400);
      t.clock.advance(60_000);
      expect((await invalidMessage(attacker)).statusCode).toBe(400);
    });

    it('las direcciones IPv6 de un mismo /64 cuentan juntas', async () => {
      for (let i = 1; i <= 30; i++) expect((await invalidMessage(t.client(`2001:db8:5:7::${i.toString(16)}`))).statusCode).toBe(400);
      expect((await invalidMessage(t.client('2001:db8:5:7:ffff::1'))).statusCode).toBe(429);
      expect((await invalidMessage(t.client('2001:db8:5:8::1'))).statusCode).toBe(400);
    });

    it('la comprobación de sesión de una consola sin sesión (POST /enki sin cuerpo, 401) no cuenta, y luego se ingresa', async () => {
      const browser = t.client();
      for (let i = 0; i < 40; i++) expect((await browser.post(`${API}/enki`)).statusCode).toBe(401);
      expect((await invalidMessage(browser)).statusCode).toBe(400);
      expect((await browser.signIn(ACCOUNTS.compania)).statusCode).toBe(200);
    });

    it('un usuario que ingresa desde una dirección frenada es atendido: su sesión cuenta aparte', async () => {
      const attacker = t.client();
      for (let i = 0; i < 30; i++) await invalidMessage(attacker);
      expect((await invalidMessage(attacker)).statusCode).toBe(429);

      const colleague = t.client(attacker.remoteAddress);
      expect((await colleague.signIn(ACCOUNTS.compania)).statusCode).toBe(200);
      expect((await colleague.post(SEARCH, { page: 0, pageSize: 25 })).statusCode).toBe(200);
      expect((await colleague.get(`${API}/bots`)).statusCode).toBe(200);
    });
  });

  describe('con sesión', () => {
    it('quien se equivoca 40 veces en un minuto en un formulario sigue siendo atendido', async () => {
      const c = await t.login(ACCOUNTS.compania);
      for (let i = 0; i < 40; i++) expect((await c.post(`${API}/usuario`, { nm: '' })).statusCode).toBe(400);
      expect((await c.post(SEARCH, { page: 0, pageSize: 25 })).statusCode).toBe(200);
    });

    it('una sesión con 300 rechazos en un minuto recibe 429 antes de que se lea el cuerpo siguiente', async () => {
      const c = await t.login(ACCOUNTS.compania);
      for (let i = 0; i < 300; i++) expect((await c.post(`${API}/usuario`, { nm: '' })).statusCode).toBe(400);
      const throttled = await c.post(`${API}/usuario`, { nm: '' });
      expect(throttled.statusCode).toBe(429);
      expect(throttled.json()).toEqual({ message: REQUESTS_THROTTLED });
      // A request without a body is still answered.
      expect((await c.get(`${API}/bots`)).statusCode).toBe(200);
    }, 60_000);

    it('un bot de 1.000 skills y 5.000 enlaces (cerca de 1 MB) se guarda entero', async () => {
      const idBot = await insertBot(t, await companyId(t, 'Demo Internacional'));
      const fc = new Date(t.clock.now).toISOString();
      const skills = Array.from({ length: 1000 }, (_, i) => ({ id: randomUUID(), idBot, nm: `Skill ${i}`, dsc: null, tipo: 0, frases: '[]', cfg: '{}', fc }));
      for (let i = 0; i < skills.length; i += 100) await t.app.db.insertInto('skill').values(skills.slice(i, i + 100)).execute();
      const nodes = skills.map((s, i) => ({ id: s.id, x: (i % 40) * 280.5, y: Math.floor(i / 40) * 130.25 }));
      const edges = Array.from({ length: 5000 }, (_, i) => {
        const [source, target] = [skills[i % 1000].id, skills[(i * 7 + 1 + Math.floor(i / 1000)) % 1000].id];
        return { id: `e-${source}-${target}-${i}`, source, target };
      });
      const c = await t.login(ACCOUNTS.compania);
      const bot: Bot = ok(await c.get(`${API}/bot?id=${idBot}`));
      const body = { ...bot, extrasEnc: [], diagram: { nodes, edges } };
      expect(JSON.stringify(body).length).toBeGreaterThan(900 * KB);

      const saved: Bot = ok(await c.post(`${API}/bot`, body));
      expect([saved.diagram.nodes.length, saved.diagram.edges.length]).toEqual([1000, 5000]);
    }, 60_000);

    it('un archivo de 5.000 frases (más de 64 KB) llega a POST /skill.frases, que responde con el máximo de frases del skill', async () => {
      const idBot = await insertBot(t, await companyId(t, 'Demo Internacional'));
      const id = await insertSkill(t, idBot, 'Importadas');
      const c = await t.login(ACCOUNTS.compania);
      const lines = Array.from({ length: 5000 }, (_, i) => `quiero saber el estado de mi pedido número ${i} y cuándo llega a mi casa`);
      expect(JSON.stringify(lines).length).toBeGreaterThan(300 * KB);
      const response = await c.post(`${API}/skill.frases?id=${id}`, lines);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'El skill tiene 5000 frases; el máximo es 500', field: 'frases' });
    });

    it('un bot de más de 5 MB responde 413 con el máximo permitido', async () => {
      const idBot = await insertBot(t, await companyId(t, 'Demo Internacional'));
      const c = await t.login(ACCOUNTS.compania);
      const bot: Bot = ok(await c.get(`${API}/bot?id=${idBot}`));
      const response = await c.post(`${API}/bot`, { ...bot, extrasEnc: [], relleno: 'x'.repeat(5 * MB) });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: 'La solicitud supera el tamaño máximo permitido (5 MB).' });
    });
  });
});

describe('cuenta de rechazos', () => {
  it('una dirección IPv4 (también escrita como IPv6) cuenta sola; una IPv6, por su /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:0a:b:1:2:3:4')).toBe('2001:db8:a:b::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('guarda a lo sumo su capacidad: la que lleva más tiempo sin rechazos se olvida', () => {
    const counts = new RefusalCounts(3);
    for (const key of ['a', 'b', 'c', 'a', 'd']) counts.add(key, 0);
    expect(counts.size).toBe(3);
    expect(counts.waitFor('a', 2, 1000)).toBe(59_000);
    // b was forgotten to make room for d.
    expect(counts.waitFor('b', 1, 1000)).toBe(0);
    expect(counts.waitFor('d', 1, 1000)).toBe(59_000);
    // A minute later, or on a clock that went back, the window is over.
    expect(counts.waitFor('a', 2, 60_000)).toBe(0);
    expect(counts.waitFor('a', 2, -1)).toBe(0);
  });
});
