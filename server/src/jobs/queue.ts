// Background jobs: work that must not run inside a request goes into the `trabajo`
// table and a worker takes it from there. On PostgreSQL any instance claims the next job with
// FOR UPDATE SKIP LOCKED. Each instance runs up to JOB_CONCURRENCY jobs at once, and takes them
// fairly: never two of one company at once, and next the due job of the company whose last job
// started longest ago, so one company's queue of big deploys cannot hold back another's.
import { sql } from 'kysely';
import type { DB } from '../db';
import type { App } from '../types';

export type JobHandler = (app: App, datos: unknown) => Promise<void>;

const HANDLERS = new Map<string, JobHandler>();
const MAX_ATTEMPTS = 3;
const RETRY_MS = 60_000;
const POLL_MS = 2_000;
/** A job still running after this long was interrupted (its instance stopped): it no longer holds its company's turn. */
export const JOB_STALE_MS = 15 * 60_000;

/** Registers the handler of one job kind (deploys, mails, reports and imports each add theirs). */
export function defineJob(tipo: string, handler: JobHandler): void {
  HANDLERS.set(tipo, handler);
}

export interface NewJob {
  tipo: string;
  datos: unknown;
  /** What a limit counts by; see countRecentJobs. */
  clave?: string;
  /** The company the job works for (its turn in the queue); none for work of no company. */
  idE?: string | null;
}

/**
 * Queues a job. Given a transaction `db`, the job is queued with the change it belongs to (and is
 * lost with it on rollback); the caller then kicks the worker after the commit.
 */
export async function enqueueJob(app: App, job: NewJob, db: DB = app.db): Promise<void> {
  const now = app.config.now();
  await db
    .insertInto('trabajo')
    .values({
      id: crypto.randomUUID(), tipo: job.tipo, clave: job.clave ?? null, idE: job.idE ?? null, datos: JSON.stringify(job.datos),
      ejecutarDesde: now, fc: now, ff: null, fi: null, error: null,
    })
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

/**
 * Claims the next due job: none of a company with a job running, and first the company whose last
 * job started longest ago (a company never served first). Jobs of no company (a recovery mail) are
 * short: they are never held back and go first.
 */
async function claimNext(app: App) {
  const now = app.config.now();
  const next = app.db
    .selectFrom('trabajo as t')
    .select('t.id')
    .where('t.estado', '=', 'pendiente')
    .where('t.ejecutarDesde', '<=', now)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('trabajo as r')
            .select('r.id')
            .where('r.estado', '=', 'enCurso')
            .whereRef('r.idE', '=', 't.idE')
            .where('r.fi', '>', now - JOB_STALE_MS),
        ),
      ),
    )
    .orderBy(sql`coalesce((select max(s.fi) from trabajo s where s."idE" = t."idE"), 0)`)
    .orderBy('t.ejecutarDesde')
    .orderBy('t.fc')
    .limit(1);
  const picked = app.dialect === 'postgres' ? next.forUpdate().skipLocked() : next;
  return app.db
    .updateTable('trabajo')
    .set({ estado: 'enCurso', intentos: sql`intentos + 1`, fi: now })
    .where('id', '=', picked)
    .where('estado', '=', 'pendiente')
    .returningAll()
    .executeTakeFirst();
}

type ClaimedJob = NonNullable<Awaited<ReturnType<typeof claimNext>>>;

/** Runs a claimed job and records how it ended (a failure is tried again later, up to MAX_ATTEMPTS). */
async function runJob(app: App, job: ClaimedJob): Promise<void> {
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
      .execute()
      .catch((e: unknown) => app.log.error({ err: e, trabajo: job.id }, 'no se pudo registrar el fin del trabajo'));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's background job worker. */
    jobs: JobRunner;
  }
}

export interface JobRunner {
  /** Runs what is due soon, without waiting for the next poll. */
  kick(): void;
  /** Runs every due job and resolves when none is due and none is running (tests call it to be deterministic). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

/** The worker of this instance: polls, and keeps up to `concurrency` jobs running. */
export function startJobRunner(app: App, options: { poll?: boolean; concurrency?: number } = {}): JobRunner {
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const running = new Set<Promise<void>>();
  let stopped = false;
  let filling: Promise<void> | undefined;
  let again = false;

  /** Claims jobs while a slot is free, one claim at a time, so each sees the company the last one took. */
  const fill = (): Promise<void> => {
    if (filling) {
      again = true;
      return filling;
    }
    filling = (async () => {
      try {
        do {
          again = false;
          while (!stopped && running.size < concurrency) {
            const job = await claimNext(app);
            if (!job) break;
            const run: Promise<void> = runJob(app, job).finally(() => {
              running.delete(run);
              if (!stopped) void fill();
            });
            running.add(run);
          }
        } while (again && !stopped);
      } catch (error) {
        app.log.error({ err: error }, 'no se pudo tomar el siguiente trabajo');
      } finally {
        filling = undefined;
      }
    })();
    return filling;
  };

  const timer = options.poll === false ? undefined : setInterval(() => void fill(), POLL_MS);
  timer?.unref();
  return {
    kick: () => {
      if (!stopped && timer) setImmediate(() => void fill());
    },
    drain: async () => {
      for (;;) {
        await fill();
        if (running.size === 0) return;
        await Promise.race(running);
      }
    },
    stop: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      await filling;
      await Promise.all(running);
    },
  };
}
