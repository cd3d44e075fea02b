// Unrecognised phrases (Monitoreo): POST /frases, /frases/intent and
// /frases/delete, against the real app on a seeded database.
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ACCOUNTS, companyId, signedIn } from './adminFixtures';
import { botAudit, expectedStatus, insertBot, insertSkill, ok } from './botFixtures';
import { API, createTestApp, dialects, type Client, type TestApp } from './helpers';
import { BOT_MESSAGES } from '../../common/schemas/bots';
import { PHRASES_BOT } from '../../server/src/seed/bots';
import { phraseHash } from '../../server/src/services/bots/frases';

interface Fixture {
  botId: string;
  skillId: string;
  ids: string[];
}

describe.each(dialects)('frases (%s)', (dialect) => {
  let t: TestApp;
  const as = signedIn(() => t);
  let demo: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    demo = await companyId(t, 'Demo Internacional');
  });
  afterAll(() => t?.close());

  /** A bot with a skill and unrecognised phrases [text, count]. */
  async function fixture(phrases: Array<[string, number]> = [['hola?', 1]], nm?: string, frases: string[] = []): Promise<Fixture> {
    const botId = await insertBot(t, demo, nm);
    const skillId = await insertSkill(t, botId, 'Ayuda', { frases });
    const ids = phrases.map(() => randomUUID());
    if (phrases.length) {
      await t.app.db.insertInto('frase_nr').values(phrases.map(([f, c], i) => ({ id: ids[i], idBot: botId, f, fh: phraseHash(f), c, fc: new Date(t.clock.now).toISOString() }))).execute();
    }
    return { botId, skillId, ids };
  }

  const phraseRows = (botId: string) => t.app.db.selectFrom('frase_nr').select(['id', 'f']).where('idBot', '=', botId).execute();
  const skillFrases = async (id: string) => JSON.parse((await t.app.db.selectFrom('skill').select('frases').where('id', '=', id).executeTakeFirstOrThrow()).frases);

  const ROUTES: Array<{ route: string; call: (c: Client, f: Fixture) => Promise<LightMyRequestResponse> }> = [
    { route: 'POST /frases', call: (c, f) => c.post(`${API}/frases`, { botId: f.botId, page: 0, pageSize: 20 }) },
    { route: 'POST /frases/intent', call: (c, f) => c.post(`${API}/frases/intent`, { botId: f.botId, page: 0, pageSize: 20, ids: f.ids, skillId: f.skillId }) },
    { route: 'POST /frases/delete', call: (c, f) => c.post(`${API}/frases/delete`, { botId: f.botId, page: 0, pageSize: 20, ids: f.ids }) },
  ];

  describe('quién llega a cada ruta (Monitoreo también para ROLE_USER)', () => {
    it.each(ROUTES.flatMap((r) => ALL_ACCOUNTS.map((who) => [r.route, who, expectedStatus(who, 'read')] as const)))('%s: %s recibe %i', async (route, who, status) => {
      const f = await fixture();
      const response = await ROUTES.find((x) => x.route === route)!.call(await as(who), f);
      expect(response.statusCode, response.body).toBe(status);
      if (status !== 200 && route !== 'POST /frases') expect(await phraseRows(f.botId)).toHaveLength(1);
      if (status === 404) expect(response.json()).toEqual({ message: BOT_MESSAGES.notFound });
    });

    it.each(ROUTES.map((r) => [r.route]))('%s sin sesión responde 401', async (route) => {
      expect((await ROUTES.find((x) => x.route === route)!.call(t.client(), await fixture())).statusCode).toBe(401);
    });
  });

  describe('POST /frases', () => {
    it('las frases de demostración llenan tres páginas de 20, las más repetidas primero y luego por texto', async () => {
      const bot = await t.app.db.selectFrom('bot').select('id').where('nm', '=', PHRASES_BOT).where('idE', '=', demo).executeTakeFirstOrThrow();
      const c = await as('usuario');
      const pages = [];
      for (let page = 0; page < 3; page++) pages.push(await ok(await c.post(`${API}/frases`, { botId: bot.id, page })));
      expect(pages[0]).toMatchObject({ totalElements: 45, totalPages: 3, totalExact: true });
      expect(pages.map((p) => p.content.length)).toEqual([20, 20, 5]);
      const all = pages.flatMap((p) => p.content as Array<{ id: string; f: string; c: number }>);
      expect(Object.keys(all[0]).sort()).toEqual(['c', 'f', 'id']);
      expect(new Set(all.map((p) => p.id)).size).toBe(45);
      const sorted = [...all].sort((a, b) => b.c - a.c || (a.f < b.f ? -1 : a.f > b.f ? 1 : 0));
      expect(all.map((p) => p.f)).toEqual(sorted.map((p) => p.f));
    });
  });

  describe('POST /frases/intent', () => {
    it("'Asignados con éxito': pasan a ser frases de entrenamiento del skill (recortadas, sin repetir) y salen de la lista", async () => {
      const f = await fixture([['  dónde pago  ', 3], ['Hola', 2], ['quedan', 1]], 'Monitoreo A', ['hola']);
      const response = await (await as('usuario')).post(`${API}/frases/intent`, { botId: f.botId, ids: [f.ids[0], f.ids[1]], skillId: f.skillId });
      expect(await ok(response)).toEqual({ message: 'Asignados con éxito' });
      expect(await skillFrases(f.skillId)).toEqual(['hola', 'dónde pago']);
      expect((await phraseRows(f.botId)).map((r) => r.f)).toEqual(['quedan']);
      const [audit] = await botAudit(t, 'Monitoreo A');
      expect(audit).toMatchObject({ ev: 1, idE: demo, val: 'Bot «Monitoreo A»: asignó 2 frases no reconocidas al skill «Ayuda»' });
    });

    it.each([
      ['sin frases', { ids: [] }, 'Seleccione frases'],
      ['sin skill', { skillId: null }, 'Seleccione un Skill'],
      ['sin skill (omitido)', { skillId: undefined }, 'Seleccione un Skill'],
    ])("%s responde 400 '%s' y no cambia nada", async (_, change, message) => {
      const f = await fixture([['hola?', 1]], `Sin cambios ${message}`);
      const response = await (await as('compania')).post(`${API}/frases/intent`, { botId: f.botId, ids: f.ids, skillId: f.skillId, ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
      expect(await phraseRows(f.botId)).toHaveLength(1);
      expect(await skillFrases(f.skillId)).toEqual([]);
      expect(await botAudit(t, `Sin cambios ${message}`)).toEqual([]);
    });

    it('el skill debe ser del bot: uno de otro bot responde 404 y no cambia nada', async () => {
      const f = await fixture();
      const other = await fixture();
      const response = await (await as('compania')).post(`${API}/frases/intent`, { botId: f.botId, ids: f.ids, skillId: other.skillId });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: BOT_MESSAGES.skillNotFound });
      expect(await phraseRows(f.botId)).toHaveLength(1);
      expect(await skillFrases(other.skillId)).toEqual([]);
    });

    it('frases de otro bot no se asignan ni se borran', async () => {
      const f = await fixture();
      const other = await fixture([['ajena', 1]]);
      const response = await (await as('compania')).post(`${API}/frases/intent`, { botId: f.botId, ids: other.ids, skillId: f.skillId });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Seleccione frases' });
      expect(await phraseRows(other.botId)).toHaveLength(1);
    });
  });

  describe('POST /frases/delete', () => {
    it("'Frases eliminadas con éxito', solo las de ese bot, con su fila de auditoría", async () => {
      const f = await fixture([['uno', 1], ['dos', 1], ['tres', 1]], 'Monitoreo B');
      const other = await fixture([['ajena', 1]]);
      const response = await (await as('usuario')).post(`${API}/frases/delete`, { botId: f.botId, ids: [f.ids[0], f.ids[2], other.ids[0]] });
      expect(await ok(response)).toEqual({ message: 'Frases eliminadas con éxito' });
      expect((await phraseRows(f.botId)).map((r) => r.f)).toEqual(['dos']);
      expect(await phraseRows(other.botId)).toHaveLength(1);
      expect((await botAudit(t, 'Monitoreo B'))[0].val).toBe('Bot «Monitoreo B»: eliminó 2 frases no reconocidas');
    });

    it("sin frases responde 400 'Seleccione frases'", async () => {
      const f = await fixture();
      const response = await (await as('compania')).post(`${API}/frases/delete`, { botId: f.botId, ids: [] });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Seleccione frases' });
    });
  });
});
