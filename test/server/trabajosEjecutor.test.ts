// The job runner never keeps a slot for good: a job longer than the poll, a job that throws, one past
// its time limit, one left running by a stopped instance and a claim that never answers each end
// with the queue moving again, against the real app and its database, with the runner polling as
// the server runs it.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertBot } from './botFixtures';
import { companyId } from './adminFixtures';
import { createTestApp, dialects, type TestApp } from './helpers';
import { claimNextJob, defineJob, enqueueJob, JOB_MESSAGES, startJobRunner, type JobRunner, type JobRunnerOptions } from '../../server/src/jobs/queue';
import { DEPLOY_MESSAGES } from '../../common/schemas/bots';

/** Gates the 'prueba.espera' jobs wait on, by name. */
const gates = new Map<string, { open: () => void; opened: Promise<void>; started: boolean; signal?: AbortSignal }>();
/** What the 'prueba.marca' jobs ran, in order. */
const marks: string[] = [];
/** The jobs whose last attempt failed, with the reason given to their kind. */
const failures: Array<{ datos: unknown; message: string }> = [];
let throwsLeft = 0;
/** How many 'prueba.colgada' jobs were told through their signal to stop. */
let abortedHung = 0;

function gate(name: string) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const entry = { open, opened, started: false };
  gates.set(name, entry);
  return entry;
}

defineJob('prueba.espera', async (_app, datos, signal) => {
  const entry = gates.get((datos as { gate: string }).gate)!;
  entry.started = true;
  entry.signal = signal;
  await entry.opened;
});
defineJob('prueba.marca', async (_app, datos) => {
  if (throwsLeft > 0) {
    throwsLeft -= 1;
    throw new Error('falla de prueba');
  }
  marks.push((datos as { n: string }).n);
});
defineJob(
  'prueba.colgada',
  (_app, _datos, signal) =>
    new Promise<void>((_resolve, reject) =>
      signal.addEventListener('abort', () => {
        abortedHung += 1;
        reject(new Error('detenida'));
      }),
    ),
  { failed: async (_app, datos, message) => void failures.push({ datos, message }) },
);

/** A logger that keeps what was logged at error and warn. */
function recordingLog() {
  const lines: Array<{ level: string; msg: string; data: Record<string, unknown> }> = [];
  const at = (level: string) => (data: unknown, msg?: string) => void lines.push({ level, msg: msg ?? String(data), data: typeof data === 'object' && data ? (data as Record<string, unknown>) : {} });
  const log = { error: at('error'), warn: at('warn'), info: () => undefined, debug: () => undefined, trace: () => undefined, fatal: at('fatal'), child: () => log, level: 'warn', silent: () => undefined };
  return { lines, log: log as unknown as FastifyBaseLogger };
}

const until = async (what: () => Promise<boolean> | boolean, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!(await what()) && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return what();
};

describe.each(dialects)('el ejecutor de trabajos (%s)', (dialect) => {
  let t: TestApp;
  let runner: JobRunner | undefined;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.reset();
    marks.length = 0;
    failures.length = 0;
    throwsLeft = 0;
    abortedHung = 0;
  });
  afterEach(async () => {
    for (const g of gates.values()) g.open();
    gates.clear();
    await runner?.stop();
    runner = undefined;
  });

  /** A runner of this app as the server starts it, polling every 25 ms. */
  const start = (options: JobRunnerOptions) => (runner = startJobRunner(t.app, { pollMs: 25, ...options }));
  const job = (id: string) => t.app.db.selectFrom('trabajo').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const jobOf = async (tipo: string) => t.app.db.selectFrom('trabajo').selectAll().where('tipo', '=', tipo).orderBy('fc').execute();

  describe.each([1, 2, 3])('con %i lugares', (concurrency) => {
    it('un trabajo más largo que la espera entre consultas no detiene la cola: al terminar, el siguiente corre', async () => {
      start({ concurrency });
      // Every slot busy, each with a company's long job, for several polls.
      const long = Array.from({ length: concurrency }, (_, i) => gate(`larga-${i}`));
      for (let i = 0; i < concurrency; i++) await enqueueJob(t.app, { tipo: 'prueba.espera', datos: { gate: `larga-${i}` }, idE: `empresa-${i}` });
      expect(await until(() => long.every((g) => g.started))).toBe(true);
      await enqueueJob(t.app, { tipo: 'prueba.marca', datos: { n: 'siguiente' }, idE: 'otra-empresa' });
      // Told of the new job while every slot is busy, as the server's runner is by enqueueJob.
      runner!.kick();
      await new Promise((r) => setTimeout(r, 200));
      expect(marks).toEqual([]);
      for (const g of long) g.open();
      expect(await until(() => marks.length > 0)).toBe(true);
      expect(marks).toEqual(['siguiente']);
      // And the runner goes on taking new work afterwards.
      await enqueueJob(t.app, { tipo: 'prueba.marca', datos: { n: 'después' }, idE: 'empresa-0' });
      expect(await until(() => marks.length > 1)).toBe(true);
      expect((await jobOf('prueba.espera')).map((j) => j.estado)).toEqual(Array(concurrency).fill('hecho'));
    });
  });

  it('un trabajo que lanza un error libera su lugar y se intenta de nuevo un minuto después', async () => {
    start({ concurrency: 1 });
    throwsLeft = 1;
    await enqueueJob(t.app, { tipo: 'prueba.marca', datos: { n: 'falla' }, idE: 'empresa-a' });
    await enqueueJob(t.app, { tipo: 'prueba.marca', datos: { n: 'otra' }, idE: 'empresa-b' });
    expect(await until(() => marks.length > 0)).toBe(true);
    expect(marks).toEqual(['otra']);
    const [failed] = await jobOf('prueba.marca');
    expect(failed).toMatchObject({ estado: 'pendiente', intentos: 1, error: 'falla de prueba', ejecutarDesde: t.clock.now + 60_000 });
    t.clock.advance(60_000);
    expect(await until(() => marks.length > 1)).toBe(true);
    expect((await job(failed.id)).estado).toBe('hecho');
  });

  it('un trabajo que pasa su tiempo máximo libera su lugar, se le avisa por su señal, y tras el último intento falla con el motivo', async () => {
    start({ concurrency: 1, timeoutMs: 300 });
    await enqueueJob(t.app, { tipo: 'prueba.colgada', datos: { cual: 'colgada' }, idE: 'empresa-a' });
    await enqueueJob(t.app, { tipo: 'prueba.marca', datos: { n: 'otra' }, idE: 'empresa-b' });
    expect(await until(() => marks.length > 0)).toBe(true);
    const [hung] = await jobOf('prueba.colgada');
    expect(hung).toMatchObject({ estado: 'pendiente', intentos: 1, error: 'El trabajo superó su tiempo máximo de 0,3 s' });
    expect(abortedHung).toBe(1);
    for (const attempt of [2, 3]) {
      t.clock.advance(60_000 * (attempt - 1));
      expect(await until(async () => (await job(hung.id)).intentos === attempt && (await job(hung.id)).estado !== 'enCurso')).toBe(true);
    }
    expect(await job(hung.id)).toMatchObject({ estado: 'error', intentos: 3, error: JOB_MESSAGES.timeout(300) });
    expect(failures).toEqual([{ datos: { cual: 'colgada' }, message: JOB_MESSAGES.timeout(300) }]);
  });

  it('un trabajo que quedó en curso en un servidor que se detuvo se retoma pasado el tiempo máximo', async () => {
    const id = randomUUID();
    const now = t.clock.now;
    await t.app.db
      .insertInto('trabajo')
      .values({ id, tipo: 'prueba.marca', clave: null, idE: 'empresa-a', datos: JSON.stringify({ n: 'retomado' }), ejecutarDesde: now, fc: now, ff: null, error: null, fi: now - 60_000 })
      .execute();
    await t.app.db.updateTable('trabajo').set({ estado: 'enCurso', intentos: 1 }).where('id', '=', id).execute();
    const r = start({ poll: false, timeoutMs: 10 * 60_000 });
    await r.check();
    expect((await job(id)).estado).toBe('enCurso');
    t.clock.advance(10 * 60_000);
    await r.check();
    t.clock.advance(60_000);
    await r.drain();
    expect(marks).toEqual(['retomado']);
    expect(await job(id)).toMatchObject({ estado: 'hecho', intentos: 2 });
  });

  it('un despliegue interrumpido en su último intento termina su versión con error, en lugar de quedar en curso', async () => {
    const idBot = await insertBot(t, await companyId(t, 'Demo Internacional'), 'Bot interrumpido');
    const idVersion = randomUUID();
    const now = t.clock.now;
    await t.app.db
      .insertInto('bot_version')
      .values({ id: idVersion, idBot, version: 1, fc: new Date(now).toISOString(), ffin: null, dur: null, done: 0, error: 0, msg: 'Prueba' } as never)
      .execute();
    const id = randomUUID();
    await t.app.db
      .insertInto('trabajo')
      .values({ id, tipo: 'deploy', clave: null, idE: null, datos: JSON.stringify({ idVersion, actor: {} }), ejecutarDesde: now, fc: now, ff: null, error: null, fi: now - 20 * 60_000 })
      .execute();
    await t.app.db.updateTable('trabajo').set({ estado: 'enCurso', intentos: 3 }).where('id', '=', id).execute();
    await start({ poll: false }).check();
    expect(await job(id)).toMatchObject({ estado: 'error', error: JOB_MESSAGES.interrupted });
    const version = await t.app.db.selectFrom('bot_version').select(['done', 'error', 'msg']).where('id', '=', idVersion).executeTakeFirstOrThrow();
    expect(version).toEqual({ done: 1, error: 1, msg: `${DEPLOY_MESSAGES.interrupted}: ${JOB_MESSAGES.interrupted}` });
  });

  it('si un trabajo que puede correr espera más de JOB_STALL_SECONDS con un lugar libre, el ejecutor lo registra como error y se recupera solo', async () => {
    const { lines, log } = recordingLog();
    let claims = 0;
    const r = start({
      poll: false,
      stallMs: 30_000,
      log,
      // The first claim never answers (a connection that hangs), leaving the runner waiting on it.
      claim: (app, timeoutMs) => (++claims === 1 ? new Promise(() => undefined) : claimNextJob(app, timeoutMs)),
    });
    await enqueueJob(t.app, { tipo: 'prueba.marca', datos: { n: 'esperaba' }, idE: 'empresa-a' });
    void r.drain();
    await until(() => claims === 1);
    t.clock.advance(10_000);
    await r.check();
    expect(marks).toEqual([]);
    expect(lines).toEqual([]);
    t.clock.advance(25_000);
    await r.check();
    expect(await until(() => marks.length > 0)).toBe(true);
    expect(marks).toEqual(['esperaba']);
    expect(lines).toEqual([
      expect.objectContaining({ level: 'error', msg: 'el ejecutor de trabajos estaba detenido: un trabajo esperaba con un lugar libre; se reinicia', data: expect.objectContaining({ tipo: 'prueba.marca', esperaMs: 35_000 }) }),
    ]);
  });

  it('al detenerse, el servidor no espera a un trabajo colgado: lo deja pendiente sin gastar un intento', async () => {
    const r = start({ concurrency: 1 });
    await enqueueJob(t.app, { tipo: 'prueba.colgada', datos: {}, idE: 'empresa-a' });
    expect(await until(async () => (await jobOf('prueba.colgada'))[0]?.estado === 'enCurso')).toBe(true);
    const started = Date.now();
    await r.stop();
    runner = undefined;
    expect(Date.now() - started).toBeLessThan(2_000);
    expect((await jobOf('prueba.colgada'))[0]).toMatchObject({ estado: 'pendiente', intentos: 0, error: JOB_MESSAGES.interrupted });
  });
});
