// Background jobs (DESIGN.md): work that must not run inside a request goes into the `trabajo`
// table and a worker takes it from there. On PostgreSQL any instance claims the next job with
// FOR UPDATE SKIP LOCKED; on SQLite the one process does, one job at a time.
import { sql } from 'kysely';
import type { DB } from '../db';
import type { App } from '../types';

export type JobHandler = (app: App, datos: unknown) => Promise<void>;

const HANDLERS = new Map<string, JobHandler>();
const MAX_ATTEMPTS = 3;
const RETRY_MS = 60_000;
const POLL_MS = 2_000;

/** Registers the handler of one job kind (deploys, mails, reports and imports each add theirs). */
export function defineJob(tipo: string, handler: JobHandler): void {
  HANDLERS.set(tipo, handler);
}

export interface NewJob {
  tipo: string;
  datos: unknown;
  /** What a limit counts by; see countRecentJobs. */
  clave?: string;
}

/**
 * Queues a job. Given a transaction `db`, the job is queued with the change it belongs to (and is
 * lost with it on rollback); the caller then kicks the worker after the commit.
 */
export async function enqueueJob(app: App, job: NewJob, db: DB = app.db): Promise<void> {
  const now = app.config.now();
  await db
    .insertInto('trabajo')
    .values({ id: crypto.randomUUID(), tipo: job.tipo, clave: job.clave ?? null, datos: JSON.stringify(job.datos), ejecutarDesde: now, fc: now, ff: null, error: null })
    .execute();
  if (db === app.db) app.jobs.kick();
}

/** How many jobs with this key were queued in the last `ms`. */
export async function countRecentJobs(app: App, clave: string, ms: number): Promise<number> {
  const row = await app.db
    .selectFrom('trabajo')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('clave', '=', clave)
    .where('fc', '>', app.config.now() - ms)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function claimNext(app: App) {
  const now = app.config.now();
  const next = app.db
    .selectFrom('trabajo')
    .select('id')
    .where('estado', '=', 'pendiente')
    .where('ejecutarDesde', '<=', now)
    .orderBy('ejecutarDesde')
    .limit(1);
  const picked = app.dialect === 'postgres' ? next.forUpdate().skipLocked() : next;
  return app.db
    .updateTable('trabajo')
    .set({ estado: 'enCurso', intentos: sql`intentos + 1` })
    .where('id', '=', picked)
    .where('estado', '=', 'pendiente')
    .returningAll()
    .executeTakeFirst();
}

/** Runs one job if one is due; false when there was none. */
async function runOne(app: App): Promise<boolean> {
  const job = await claimNext(app);
  if (!job) return false;
  const handler = HANDLERS.get(job.tipo);
  try {
    if (!handler) throw new Error(`tipo de trabajo desconocido: ${job.tipo}`);
    await handler(app, JSON.parse(job.datos));
    await app.db.updateTable('trabajo').set({ estado: 'hecho', ff: app.config.now(), error: null }).where('id', '=', job.id).execute();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    app.log.error({ err: error, trabajo: job.id, tipo: job.tipo }, 'el trabajo falló');
    const retry = job.intentos < MAX_ATTEMPTS;
    await app.db
      .updateTable('trabajo')
      .set(retry ? { estado: 'pendiente', ejecutarDesde: app.config.now() + RETRY_MS * job.intentos, error: message } : { estado: 'error', ff: app.config.now(), error: message })
      .where('id', '=', job.id)
      .execute();
  }
  return true;
}

export interface JobRunner {
  /** Runs what is due soon, without waiting for the next poll. */
  kick(): void;
  /** Runs every due job and resolves when none is left (tests call it to be deterministic). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

/** The worker of this instance: polls, and runs one pass at a time. */
export function startJobRunner(app: App, options: { poll?: boolean } = {}): JobRunner {
  let current: Promise<void> = Promise.resolve();
  let stopped = false;
  const pass = () => {
    current = current.then(async () => {
      try {
        while (!stopped && (await runOne(app)));
      } catch (error) {
        app.log.error({ err: error }, 'no se pudo tomar el siguiente trabajo');
      }
    });
    return current;
  };
  const timer = options.poll === false ? undefined : setInterval(pass, POLL_MS);
  timer?.unref();
  return {
    kick: () => {
      if (!stopped && timer) setImmediate(pass);
    },
    drain: () => pass(),
    stop: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      await current;
    },
  };
}
