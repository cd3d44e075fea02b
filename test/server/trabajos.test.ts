// Background jobs taken fairly per company (one company's queue of work does not hold back
// another's), several at once but never two of one company, and a deploy's training stopped at its
// time and memory limits, against the real app, its job runner and real training worker threads.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNTS, companyId, type Account } from './adminFixtures';
import { insertBot, insertSkill, ok } from './botFixtures';
import { API, createTestApp, dialects, type TestApp } from './helpers';
import type { Bot, BotVersion } from '../../common/schemas/bots';
import { defineJob, enqueueJob } from '../../server/src/jobs/queue';
import { INLINE_PHRASES, liveTrainingWorkers } from '../../server/src/engine/training';
import type { App } from '../../server/src/types';

/** What the test jobs saw when they ran, per app. */
const seen = new Map<App, Array<{ n: number; bDone: boolean }>>();
/** The deploy whose end the test jobs look at, per app. */
const watched = new Map<App, string>();
/** Open gates a long job waits on, per app. */
const gates = new Map<App, { started: boolean; release: () => void; wait: Promise<void> }>();

const versionDone = async (app: App, id: string | undefined) =>
  !!id && !!(await app.db.selectFrom('bot_version').select('done').where('id', '=', id).executeTakeFirst())?.done;

defineJob('prueba.turno', async (app, datos) => {
  const { n } = datos as { n: number };
  seen.get(app)?.push({ n, bDone: await versionDone(app, watched.get(app)) });
});
defineJob('prueba.larga', async (app) => {
  const gate = gates.get(app)!;
  gate.started = true;
  await gate.wait;
});

function openGate(app: App) {
  let release!: () => void;
  const wait = new Promise<void>((resolve) => (release = resolve));
  const gate = { started: false, release, wait };
  gates.set(app, gate);
  return gate;
}

/** `perSkill` different phrases for each of `skills` skills. */
const phrases = (s: number, n: number) => Array.from({ length: n }, (_, i) => `consulta sobre el tema ${s} en su forma ${i}`);

describe.each(dialects)('trabajos en segundo plano (%s)', (dialect) => {
  let one: TestApp;
  let two: TestApp;

  beforeAll(async () => {
    one = await createTestApp(dialect, { jobConcurrency: 1 });
    two = await createTestApp(dialect, { jobConcurrency: 2 });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });
  beforeEach(async () => {
    await Promise.all([one.reset(), two.reset()]);
    for (const t of [one, two]) seen.set(t.app, []);
  });

  const as = (t: TestApp, who: Account) => t.login(ACCOUNTS[who]);

  /** A bot of `skills` skills of `perSkill` phrases in company `nm`. */
  async function smallBot(t: TestApp, nm: 'Demo Internacional' | 'Otra Empresa', skills = 1, perSkill = 3): Promise<string> {
    const idBot = await insertBot(t, await companyId(t, nm), `Bot ${randomUUID().slice(0, 6)}`);
    for (let s = 0; s < skills; s++) await insertSkill(t, idBot, `Tema ${s}`, { frases: phrases(s, perSkill) });
    return idBot;
  }

  /** POST /bot.deploy of the bot as stored; answers the version opened (its job queued). */
  async function startDeploy(t: TestApp, who: Account, idBot: string): Promise<BotVersion> {
    const c = await as(t, who);
    const bot: Bot = ok(await c.get(`${API}/bot?id=${idBot}`));
    return ok(await c.post(`${API}/bot.deploy?msg=Prueba`, { ...bot, extrasEnc: bot.extrasEnc.map((e) => ({ key: e.key })) }));
  }

  describe('turnos por empresa', () => {
    it('con un trabajo a la vez, el despliegue de otra empresa pasa antes que los trabajos que la primera encoló después del suyo', async () => {
      const t = one;
      const demo = await companyId(t, 'Demo Internacional');
      for (const n of [1, 2, 3]) {
        await enqueueJob(t.app, { tipo: 'prueba.turno', datos: { n }, idE: demo });
        t.clock.advance(10);
      }
      const deploy = await startDeploy(t, 'otra', await smallBot(t, 'Otra Empresa'));
      watched.set(t.app, deploy.id);
      await t.app.jobs.drain();
      // Demo's first job was due first; then Otra Empresa's turn came before Demo's next ones.
      expect(seen.get(t.app)).toEqual([{ n: 1, bDone: false }, { n: 2, bDone: true }, { n: 3, bDone: true }]);
      expect(await versionDone(t.app, deploy.id)).toBe(true);
      const job = await t.app.db.selectFrom('trabajo').select(['idE', 'estado']).where('tipo', '=', 'deploy').executeTakeFirstOrThrow();
      expect(job).toEqual({ idE: await companyId(t, 'Otra Empresa'), estado: 'hecho' });
    });

    it('con dos a la vez, un trabajo largo de una empresa no demora el despliegue de otra, y su siguiente trabajo espera a que termine', async () => {
      const t = two;
      const demo = await companyId(t, 'Demo Internacional');
      const gate = openGate(t.app);
      await enqueueJob(t.app, { tipo: 'prueba.larga', datos: {}, idE: demo });
      t.clock.advance(10);
      await enqueueJob(t.app, { tipo: 'prueba.turno', datos: { n: 2 }, idE: demo });
      t.clock.advance(10);
      const deploy = await startDeploy(t, 'otra', await smallBot(t, 'Otra Empresa'));
      watched.set(t.app, deploy.id);

      const drained = t.app.jobs.drain();
      try {
        const until = Date.now() + 20_000;
        while (!(await versionDone(t.app, deploy.id)) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
        expect(await versionDone(t.app, deploy.id)).toBe(true);
        expect(gate.started).toBe(true);
        // Demo's second job waits for its first: never two of one company at once.
        const waiting = await t.app.db.selectFrom('trabajo').select('estado').where('tipo', '=', 'prueba.turno').executeTakeFirstOrThrow();
        expect(waiting.estado).toBe('pendiente');
        expect(seen.get(t.app)).toEqual([]);
      } finally {
        gate.release();
        await drained;
      }
      expect(seen.get(t.app)).toEqual([{ n: 2, bDone: true }]);
      const states = await t.app.db.selectFrom('trabajo').select('estado').execute();
      expect(states.map((s) => s.estado)).toEqual(['hecho', 'hecho', 'hecho']);
    });
  });

  describe('trabajos interrumpidos', () => {
    it('un trabajo en curso detiene los de su empresa, salvo que lleve más de 15 minutos (su instancia se detuvo)', async () => {
      const t = one;
      const demo = await companyId(t, 'Demo Internacional');
      const running = { id: randomUUID(), tipo: 'prueba.larga', clave: null, idE: demo, datos: '{}', ejecutarDesde: t.clock.now, fc: t.clock.now, ff: null, error: null };
      await t.app.db.insertInto('trabajo').values({ ...running, fi: null }).execute();
      await t.app.db.updateTable('trabajo').set({ estado: 'enCurso', fi: t.clock.now - 60_000 }).where('id', '=', running.id).execute();
      await enqueueJob(t.app, { tipo: 'prueba.turno', datos: { n: 1 }, idE: demo });
      await t.app.jobs.drain();
      expect(seen.get(t.app)).toEqual([]);
      await t.app.db.updateTable('trabajo').set({ fi: t.clock.now - 16 * 60_000 }).where('id', '=', running.id).execute();
      await t.app.jobs.drain();
      expect(seen.get(t.app)).toEqual([{ n: 1, bDone: false }]);
    });
  });

  describe('límites del entrenamiento', () => {
    async function deployBig(t: TestApp): Promise<BotVersion> {
      const idBot = await smallBot(t, 'Demo Internacional', 20, 20);
      expect(20 * 20).toBeGreaterThan(INLINE_PHRASES);
      await startDeploy(t, 'compania', idBot);
      await t.app.jobs.drain();
      return ok(await (await as(t, 'compania')).get(`${API}/bot-version?botId=${idBot}`));
    }

    it('un entrenamiento que pasa TRAIN_TIMEOUT_SECONDS se detiene: el despliegue falla con el motivo y el hilo ya no existe', async () => {
      const t = one;
      const saved = t.config.trainTimeoutSeconds;
      t.config.trainTimeoutSeconds = 0.5;
      try {
        const version = await deployBig(t);
        expect(version).toMatchObject({ done: true, error: true, msg: 'El entrenamiento superó el tiempo máximo de 0,5 s' });
        expect(liveTrainingWorkers()).toBe(0);
        // It failed for good: not queued again for another try.
        const job = await t.app.db.selectFrom('trabajo').select(['estado', 'intentos']).where('tipo', '=', 'deploy').executeTakeFirstOrThrow();
        expect(job).toEqual({ estado: 'hecho', intentos: 1 });
      } finally {
        t.config.trainTimeoutSeconds = saved;
      }
    }, 60_000);

    it('un entrenamiento que pasa TRAIN_MAX_MEMORY_MB se detiene: el despliegue falla con el motivo', async () => {
      const t = one;
      const saved = t.config.trainMaxMemoryMb;
      t.config.trainMaxMemoryMb = 4;
      try {
        const version = await deployBig(t);
        expect(version).toMatchObject({ done: true, error: true, msg: 'El entrenamiento superó la memoria permitida' });
        expect(liveTrainingWorkers()).toBe(0);
      } finally {
        t.config.trainMaxMemoryMb = saved;
      }
    }, 60_000);
  });
});
