// Deploy and versions: POST /bot.deploy and its job, GET /bot-version,
// GET /list/version, POST /restaurar and GET /bot.compare, against the real app.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNTS, ALL_ACCOUNTS, companyId, signedIn, type Account } from './adminFixtures';
import { botAudit, expectedStatus, insertBot, ok } from './botFixtures';
import { insertFullBot, type FullBot } from './fullBot';
import { API, createTestApp, dialects, type Client, type TestApp } from './helpers';
import { BOT_MESSAGES, DEPLOY_MESSAGES, type Bot, type BotDefinition, type BotVersion } from '../../common/schemas/bots';
import { loadDefinition } from '../../server/src/services/bots/definition';
import { DEPLOY_STALE_MS } from '../../server/src/services/bots/deploy';

const DEPLOY = `${API}/bot.deploy`;

/** The bot as GET /bot answers it, as a save body (encrypted extras by key: kept). */
function asBody(bot: Bot): Record<string, unknown> {
  return { ...bot, extrasEnc: bot.extrasEnc.map((e) => ({ key: e.key })) };
}

describe.each(dialects)('despliegue y versiones (%s)', (dialect) => {
  let t: TestApp;
  const as = signedIn(() => t);
  let demo: string;
  let bot: FullBot;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    demo = await companyId(t, 'Demo Internacional');
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    t.clock.advance(1000);
    bot = await insertFullBot(t, demo, `Ventas ${t.clock.now}`);
  });

  async function getBot(c: Client, id = bot.id): Promise<Bot> {
    return ok(await c.get(`${API}/bot?id=${id}`));
  }

  /** Deploys the bot as stored (plus `changes`) and runs the job; answers the finished version. */
  async function deploy(who: Account = 'compania', msg = 'Primera', changes: Record<string, unknown> = {}): Promise<BotVersion> {
    const c = await as(who);
    const started = await ok(await c.post(`${DEPLOY}?msg=${encodeURIComponent(msg)}&idU=otro`, { ...asBody(await getBot(c)), ...changes }));
    await t.app.jobs.drain();
    expect(started.idBot).toBe(bot.id);
    return ok(await c.get(`${API}/bot-version?botId=${bot.id}`));
  }

  const snapshot = async (id: string): Promise<BotDefinition> => {
    const row = await t.app.db.selectFrom('bot_version').select('snapshot').where('id', '=', id).executeTakeFirstOrThrow();
    return JSON.parse(row.snapshot as string);
  };

  describe('POST /bot.deploy', () => {
    it('guarda el bot, abre la versión 1 sin terminar y el trabajo la despliega: versión, descripción, instantánea y evento 2', async () => {
      const c = await as('compania');
      const current = await getBot(c);
      const response = await c.post(`${DEPLOY}?msg=Primera%20versi%C3%B3n&idU=otro-usuario`, { ...asBody(current), dsc: 'Descripción nueva' });
      const started = await ok(response);
      expect(started).toEqual({ id: expect.any(String), idBot: bot.id, version: 1, fc: new Date(t.clock.now).toISOString(), ffin: null, dur: null, done: false, error: false, msg: 'Primera versión' });
      // Saved through the bot's save: rev and the change.
      const saved = await t.app.db.selectFrom('bot').select(['dsc', 'rev', 'version']).where('id', '=', bot.id).executeTakeFirstOrThrow();
      expect(saved).toEqual({ dsc: 'Descripción nueva', rev: current.rev + 1, version: 0 });
      // idU is the caller, whatever the query says.
      const row = await t.app.db.selectFrom('bot_version').select('idU').where('id', '=', started.id).executeTakeFirstOrThrow();
      expect(row.idU).toBe((await t.app.db.selectFrom('usuario').select('id').where('usuario', '=', ACCOUNTS.compania).executeTakeFirstOrThrow()).id);

      t.clock.advance(1500);
      await t.app.jobs.drain();
      const done = await ok(await c.get(`${API}/bot-version?botId=${bot.id}`));
      expect(done).toEqual({ ...started, done: true, error: false, ffin: new Date(t.clock.now).toISOString(), dur: 1500 });
      expect(await snapshot(started.id)).toEqual(await loadDefinition(t.app.db, bot.id));
      const after = await getBot(c);
      expect(after).toMatchObject({ version: 1, msg: 'Primera versión', rev: current.rev + 1 });
      const [event] = await botAudit(t, current.nm);
      expect(event).toMatchObject({ ev: 2, us: ACCOUNTS.compania, idE: demo, val: `Bot «${current.nm}»: versión 1 desplegada («Primera versión»)` });
    });

    it('un usuario sin isBotEdit despliega: solo se guarda su diagrama', async () => {
      const c = await as('usuario');
      const current = await getBot(c);
      const moved = { ...current.diagram, nodes: current.diagram.nodes.map((n) => ({ ...n, x: n.x + 10 })) };
      const started = await ok(await c.post(`${DEPLOY}?msg=Mover`, { ...asBody(current), nm: 'No cambia', diagram: moved }));
      expect(started.version).toBe(1);
      const stored = await loadDefinition(t.app.db, bot.id);
      expect(stored.bot.nm).toBe(current.nm);
      expect(stored.bot.diagram).toEqual(moved);
    });

    it('los números de versión crecen de uno en uno', async () => {
      expect((await deploy('compania', 'Uno')).version).toBe(1);
      expect((await deploy('compania', 'Dos')).version).toBe(2);
      expect((await deploy('usuario', 'Tres')).version).toBe(3);
    });

    it('rechaza otro despliegue del mismo bot mientras uno no termina (409), y lo acepta después', async () => {
      const c = await as('compania');
      await ok(await c.post(`${DEPLOY}?msg=Uno`, asBody(await getBot(c))));
      const second = await c.post(`${DEPLOY}?msg=Dos`, asBody(await getBot(c)));
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({ message: DEPLOY_MESSAGES.running });
      // Nothing of the refused deploy stays: no version, no save.
      expect((await t.app.db.selectFrom('bot_version').select('id').where('idBot', '=', bot.id).execute()).length).toBe(1);
      await t.app.jobs.drain();
      expect((await ok(await c.post(`${DEPLOY}?msg=Dos`, asBody(await getBot(c))))).version).toBe(2);
    });

    it('dos despliegues a la vez: uno empieza y el otro responde 409', async () => {
      const c = await as('compania');
      const body = asBody(await getBot(c));
      const admin = await as('admin');
      const responses = await Promise.all([c.post(`${DEPLOY}?msg=A`, body), admin.post(`${DEPLOY}?msg=B`, body)]);
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect((await t.app.db.selectFrom('bot_version').select('version').where('idBot', '=', bot.id).execute()).map((v) => v.version)).toEqual([1]);
    });

    it('un despliegue que no terminó en 15 minutos se da por interrumpido y no bloquea el siguiente', async () => {
      const c = await as('compania');
      const first = await ok(await c.post(`${DEPLOY}?msg=Uno`, asBody(await getBot(c))));
      // Its job is lost (a worker stopped).
      await t.app.db.deleteFrom('trabajo').execute();
      t.clock.advance(DEPLOY_STALE_MS);
      await ok(await c.post(`${DEPLOY}?msg=Dos`, asBody(await getBot(c))));
      const [, old] = await ok(await c.get(`${API}/list/version?id=${bot.id}`));
      expect(old).toMatchObject({ id: first.id, done: true, error: true, msg: DEPLOY_MESSAGES.interrupted });
    });

    it('un despliegue que no se puede guardar no abre versión (la misma respuesta que al guardar)', async () => {
      const c = await as('compania');
      const response = await c.post(`${DEPLOY}?msg=x`, { ...asBody(await getBot(c)), rev: 999 });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: BOT_MESSAGES.stale });
      expect(await t.app.db.selectFrom('bot_version').select('id').where('idBot', '=', bot.id).execute()).toEqual([]);
      expect(await t.app.db.selectFrom('trabajo').select('id').where('clave', '=', `deploy:${bot.id}`).execute()).toEqual([]);
    });
  });

  describe('el trabajo de despliegue falla con lo que falta', () => {
    async function failedWith(prepare: () => Promise<unknown>): Promise<BotVersion> {
      await prepare();
      const version = await deploy();
      expect(version).toMatchObject({ done: true, error: true });
      // The failed deploy does not become the bot's version and keeps no snapshot.
      expect((await t.app.db.selectFrom('bot').select('version').where('id', '=', bot.id).executeTakeFirstOrThrow()).version).toBe(0);
      expect((await t.app.db.selectFrom('bot_version').select('snapshot').where('id', '=', version.id).executeTakeFirstOrThrow()).snapshot).toBeNull();
      return version;
    }

    it('un skill de negocio sin frases de entrenamiento', async () => {
      const version = await failedWith(() => t.app.db.updateTable('skill').set({ frases: '[]' }).where('id', '=', bot.skills.precio).execute());
      expect(version.msg).toBe('El skill «Precio» no tiene frases de entrenamiento');
    });

    it('un enlace a un skill que no existe', async () => {
      const diagram = (await loadDefinition(t.app.db, bot.id)).bot.diagram;
      diagram.edges.push({ id: 'roto', source: bot.skills.saludo, target: 'skill-borrado' });
      const version = await failedWith(() => t.app.db.updateTable('bot').set({ diagram: JSON.stringify(diagram) }).where('id', '=', bot.id).execute());
      expect(version.msg).toBe('El enlace «Saludo» → «skill-borrado» apunta a un skill que no existe (skill-borrado)');
    });

    it('una entidad con una expresión regular que no compila', async () => {
      const version = await failedWith(() => t.app.db.updateTable('entidad').set({ format: '([A-Z' }).where('id', '=', bot.entities.codigo).execute());
      expect(version.msg).toMatch(/^La entidad «código» tiene una expresión regular no válida: Invalid regular expression: .*/);
    });

    it('una acción «Bot» hacia un bot que no existe en la empresa (también el de otra empresa)', async () => {
      const foreign = await insertBot(t, await companyId(t, 'Otra Empresa'), 'Ajeno');
      const version = await failedWith(async () => {
        const actions = await t.app.db.selectFrom('accion').select(['id', 'type']).where('idBot', '=', bot.id).where('type', 'in', ['GO_BOT', 'GO_HUMAN']).execute();
        for (const a of actions) {
          await t.app.db.updateTable('accion').set({ cfg: JSON.stringify({ b: a.type === 'GO_BOT' ? 'no-existe' : foreign, red: [8] }) }).where('id', '=', a.id).execute();
        }
      });
      expect(version.msg).toBe(`El skill «No entendí» tiene una acción «Bot» hacia un bot que no existe (no-existe); El skill «No entendí» tiene una acción «Humano» hacia un bot que no existe (${foreign})`);
    });

    it('muchos problemas: nombra los diez primeros y cuenta el resto', async () => {
      const version = await failedWith(async () => {
        for (let i = 0; i < 12; i++) {
          await t.app.db.insertInto('skill').values({ id: `vacio-${bot.id}-${i}`, idBot: bot.id, nm: `Vacío ${String(i).padStart(2, '0')}`, dsc: null, fc: '' }).execute();
        }
      });
      expect(version.msg?.split('; ')).toHaveLength(11);
      expect(version.msg).toMatch(/; y 2 problemas más$/);
    });
  });

  describe('GET /bot-version y GET /list/version', () => {
    it('antes del primer despliegue la última versión es null y la lista está vacía', async () => {
      const c = await as('compania');
      const latest = await c.get(`${API}/bot-version?botId=${bot.id}`);
      expect(latest.statusCode).toBe(200);
      expect(latest.json()).toBeNull();
      expect(await ok(await c.get(`${API}/list/version?id=${bot.id}`))).toEqual([]);
    });

    it('lista todas las versiones, de la más nueva a la más antigua, con sus campos', async () => {
      await deploy('compania', 'Uno');
      await t.app.db.updateTable('skill').set({ frases: '[]' }).where('id', '=', bot.skills.precio).execute();
      await deploy('compania', 'Dos');
      const list = await ok(await (await as('compania')).get(`${API}/list/version?id=${bot.id}`));
      expect(list.map((v: BotVersion) => [v.version, v.done, v.error, v.msg])).toEqual([
        [2, true, true, 'El skill «Precio» no tiene frases de entrenamiento'],
        [1, true, false, 'Uno'],
      ]);
      expect(Object.keys(list[0]).sort()).toEqual(['done', 'dur', 'error', 'fc', 'ffin', 'id', 'idBot', 'msg', 'version']);
    });
  });

  describe('POST /restaurar', () => {
    it('reemplaza la definición por la de la versión, con los mismos ids, sube rev y escribe el evento 1', async () => {
      const v1 = await deploy('compania', 'Uno');
      const c = await as('compania');
      const current = await getBot(c);
      // Change settings, flow and entities, then deploy that as version 2.
      await ok(await c.post(`${API}/skill.delete`, { idBot: bot.id, skills: [bot.skills.qna] }));
      await t.app.db.deleteFrom('entidad').where('id', '=', bot.entities.codigo).execute();
      await deploy('compania', 'Dos', { tsession: 99 });
      const before = await getBot(c);
      t.clock.advance(1000);

      const response = await c.post(`${API}/restaurar?idBot=${bot.id}&id=${v1.id}`);
      expect(await ok(response)).toEqual({ message: 'Bot restaurado correctamente, se cargará de nuevo la página' });
      expect(await loadDefinition(t.app.db, bot.id)).toEqual(await snapshot(v1.id));
      const after = await getBot(c);
      expect(after).toMatchObject({ rev: before.rev + 1, tsession: 20, version: 2 });
      const [event] = await botAudit(t, current.nm);
      expect(event).toMatchObject({ ev: 1, val: `Bot «${current.nm}»: restaurado a la versión 1 (cambió tsession, skills, entidades)` });
    });

    it('un skill, una acción o un requerimiento abiertos antes de restaurar ya no se guardan encima (409)', async () => {
      const v1 = await deploy('compania', 'Uno');
      const c = await as('compania');
      const skill = await ok(await c.get(`${API}/skill?id=${bot.skills.precio}`));
      const [accion] = await ok(await c.get(`${API}/acciones?skillId=${bot.skills.precio}`));
      const [req] = await ok(await c.get(`${API}/requerimientos?idSkill=${bot.skills.precio}&tp=0`));
      await ok(await c.post(`${API}/restaurar?idBot=${bot.id}&id=${v1.id}`));
      const saves = [
        await c.post(`${API}/skill`, { ...skill, fc: undefined, nm: 'Encima' }),
        await c.post(`${API}/accion`, { ...accion, url: 'https://encima.example.com' }),
        await c.post(`${API}/requerimiento`, { ...req, op: 'OR' }),
      ];
      expect(saves.map((r) => r.statusCode)).toEqual([409, 409, 409]);
      expect((await ok(await c.get(`${API}/skill?id=${bot.skills.precio}`))).rev).toBe(skill.rev + 1);
    });

    it('rechaza una versión con error o sin terminar, y una de otro bot', async () => {
      const c = await as('compania');
      await t.app.db.updateTable('skill').set({ frases: '[]' }).where('id', '=', bot.skills.precio).execute();
      const failed = await deploy();
      await t.app.db.updateTable('skill').set({ frases: '["precio"]' }).where('id', '=', bot.skills.precio).execute();
      const running = await ok(await c.post(`${DEPLOY}?msg=En%20curso`, asBody(await getBot(c))));
      for (const id of [failed.id, running.id]) {
        const response = await c.post(`${API}/restaurar?idBot=${bot.id}&id=${id}`);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message: 'Solo se puede restaurar una versión desplegada sin error' });
      }
      const other = await insertBot(t, demo, 'Otro');
      const wrongBot = await c.post(`${API}/restaurar?idBot=${other}&id=${running.id}`);
      expect(wrongBot.statusCode).toBe(404);
      expect(wrongBot.json()).toEqual({ message: BOT_MESSAGES.versionNotFound });
    });

    it('es un POST firmado: sin firma responde 401 y no restaura', async () => {
      const v1 = await deploy();
      const response = await (await as('compania')).post(`${API}/restaurar?idBot=${bot.id}&id=${v1.id}`, undefined, { sign: false });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('GET /bot.compare', () => {
    it('lista lo que cambió de una versión a otra, campo por campo', async () => {
      const v1 = await deploy('compania', 'Uno');
      const c = await as('compania');
      await t.app.db.updateTable('skill').set({ frases: JSON.stringify(['cuánto cuesta', 'precio']) }).where('id', '=', bot.skills.precio).execute();
      await ok(await c.post(`${API}/skill.delete`, { idBot: bot.id, skills: [bot.skills.qna] }));
      const v2 = await deploy('compania', 'Dos', { tsession: 25, extras: [{ key: 'region', val: 'sur' }] });

      const changes = await ok(await c.get(`${API}/bot.compare?idBot=${bot.id}&a=${v1.id}&b=${v2.id}`));
      expect(changes).toEqual([
        { kind: 'parameter', change: 'changed', name: 'tsession', fields: [{ field: 'tsession', before: 20, after: 25 }] },
        { kind: 'extra', change: 'removed', name: 'canal', fields: [] },
        { kind: 'extra', change: 'changed', name: 'region', fields: [] },
        { kind: 'skill', change: 'changed', name: 'Precio', fields: [{ field: 'frases', before: ['cuánto cuesta'], after: ['cuánto cuesta', 'precio'] }] },
        { kind: 'skill', change: 'removed', name: 'Preguntas', fields: [] },
      ]);
      expect(await ok(await c.get(`${API}/bot.compare?idBot=${bot.id}&a=${v2.id}&b=${v2.id}`))).toEqual([]);
    });

    it('solo compara versiones desplegadas sin error', async () => {
      const v1 = await deploy();
      await t.app.db.updateTable('skill').set({ frases: '[]' }).where('id', '=', bot.skills.precio).execute();
      const failed = await deploy();
      const response = await (await as('compania')).get(`${API}/bot.compare?idBot=${bot.id}&a=${v1.id}&b=${failed.id}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: DEPLOY_MESSAGES.compareRefused });
    });
  });

  describe('quién llega a cada ruta', () => {
    interface Route {
      route: string;
      need: 'read' | 'edit';
      call: (c: Client, v: BotVersion) => Promise<LightMyRequestResponse>;
    }
    const ROUTES: Route[] = [
      { route: 'POST /bot.deploy', need: 'read', call: async (c) => c.post(`${DEPLOY}?msg=x`, asBody(await getBot(await as('compania')))) },
      { route: 'GET /bot-version', need: 'read', call: (c) => c.get(`${API}/bot-version?botId=${bot.id}`) },
      { route: 'GET /list/version', need: 'edit', call: (c) => c.get(`${API}/list/version?id=${bot.id}`) },
      { route: 'POST /restaurar', need: 'edit', call: (c, v) => c.post(`${API}/restaurar?idBot=${bot.id}&id=${v.id}`) },
      { route: 'GET /bot.compare', need: 'edit', call: (c, v) => c.get(`${API}/bot.compare?idBot=${bot.id}&a=${v.id}&b=${v.id}`) },
    ];
    const cases = ROUTES.flatMap((r) => ALL_ACCOUNTS.map((who) => [r.route, who, expectedStatus(who, r.need)] as const));

    it.each(cases)('%s: %s recibe %i', async (route, who, status) => {
      const v1 = await deploy();
      const r = ROUTES.find((x) => x.route === route)!;
      const response = await r.call(await as(who), v1);
      expect(response.statusCode, response.body).toBe(status);
      if (status === 404) expect(response.json()).toEqual({ message: BOT_MESSAGES.notFound });
    });

    it.each(ROUTES.map((r) => r.route))('%s sin sesión responde 401', async (route) => {
      const v1 = await deploy();
      const response = await ROUTES.find((x) => x.route === route)!.call(t.client(), v1);
      expect(response.statusCode).toBe(401);
    });
  });
});
