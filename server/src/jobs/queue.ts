// Background jobs: work that must not run inside a request goes into the `trabajo`
// table and a worker takes it from there. On PostgreSQL any instance claims the next job with
// FOR UPDATE SKIP LOCKED. Each instance runs up to JOB_CONCURRENCY jobs at once, and takes them
// fairly: never two of one company at once, and next the due job of the company whose last job
// started longest ago, so one company's queue of big deploys cannot hold back another's.
//
// Nothing holds a slot for good: a job that throws, or runs past its time limit, frees its slot and
// is tried again later; a job left running by an instance that stopped is put back; and a watchdog
// logs and restarts a runner that leaves a due job waiting while a slot is free.
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { DB } from '../db';
import type { App } from '../types';

/** A job kind's work. `signal` aborts when the job runs past its time limit or the instance stops: long work checks it and ends. */
export type JobHandler = (app: App, datos: unknown, signal: AbortSignal) => Promise<void>;

export interface JobKind {
  run: JobHandler;
  /** Called once a job has failed for good (its last attempt), so what it was making is not left 'in progress'. */
  failed?: (app: App, datos: unknown, message: string) => Promise<void>;
  /** Its input is large (an uploaded file): once the job has ended, done or failed for good, the row keeps none of it. */
  dropsInput?: boolean;
}

/** What an ended job's row keeps of its input. */
const endedInput = (tipo: string) => (KINDS.get(tipo)?.dropsInput ? { datos: '{}' } : {});

const KINDS = new Map<string, JobKind>();
const MAX_ATTEMPTS = 3;
const RETRY_MS = 60_000;
const POLL_MS = 2_000;
/** How often an instance puts back the jobs that instances which stopped left running. */
const SWEEP_MS = 60_000;
/** After a stop aborts its jobs, how long the instance waits for them to record how they ended. */
const STOP_GRACE_MS = 5_000;

const amount = new Intl.NumberFormat('es', { maximumFractionDigits: 1 });
/** A time limit as people say it: '15 min', '0,5 s'. */
const duration = (ms: number) => (ms >= 60_000 ? `${amount.format(ms / 60_000)} min` : `${amount.format(ms / 1000)} s`);

export const JOB_MESSAGES = {
  timeout: (ms: number) => `El trabajo superó su tiempo máximo de ${duration(ms)}`,
  interrupted: 'El trabajo se interrumpió: el servidor que lo ejecutaba se detuvo',
  unknown: (tipo: string) => `tipo de trabajo desconocido: ${tipo}`,
} as const;

/** Registers the work of one job kind (deploys, mails, reports and imports each add theirs). */
export function defineJob(tipo: string, run: JobHandler, options: Omit<JobKind, 'run'> = {}): void {
  KINDS.set(tipo, { run, ...options });
}

export interface NewJob {
  tipo: string;
  datos: unknown;
  /** What a limit counts by; see countRecentJobs. */
  clave?: string;
  /** The company the job works for (its turn in the queue); none for work of no company. */
  idE?: string | null;
  /** Not before this instant (ms since the epoch); by default now. */
  ejecutarDesde?: number;
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
      ejecutarDesde: job.ejecutarDesde ?? now, fc: now, ff: null, fi: null, error: null,
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

/** Jobs not yet ended, by kind: waiting (due or not) and running; every defined kind is there, with zeros when it has none. */
export async function countOpenJobs(app: App): Promise<Map<string, { enEspera: number; enCurso: number }>> {
  const rows = await app.db
    .selectFrom('trabajo')
    .select(['tipo', 'estado', (eb) => eb.fn.countAll<number>().as('n')])
    .where('estado', 'in', ['pendiente', 'enCurso'])
    .groupBy(['tipo', 'estado'])
    .execute();
  const counts = new Map([...KINDS.keys()].map((tipo) => [tipo, { enEspera: 0, enCurso: 0 }]));
  for (const row of rows) {
    const count = counts.get(row.tipo) ?? { enEspera: 0, enCurso: 0 };
    if (row.estado === 'pendiente') count.enEspera = Number(row.n);
    else count.enCurso = Number(row.n);
    counts.set(row.tipo, count);
  }
  return counts;
}

/**
 * The due jobs that may start now: none of a company with a job running (one running past
 * `timeoutMs` was interrupted and no longer holds its company's turn).
 */
function runnable(app: App, now: number, timeoutMs: number) {
  return app.db
    .selectFrom('trabajo as t')
    .where('t.estado', '=', 'pendiente')
    .where('t.ejecutarDesde', '<=', now)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('trabajo as r')
            .select('r.id')
            .where('r.estado', '=', 'enCurso')
            .whereRef('r.idE', '=', 't.idE')
            .where('r.fi', '>', now - timeoutMs),
        ),
      ),
    );
}

/**
 * Claims the next runnable job, first the company whose last job started longest ago (a company
 * never served first). Jobs of no company (a recovery mail) are short: they are never held back and
 * go first.
 */
export async function claimNextJob(app: App, timeoutMs: number) {
  const now = app.config.now();
  const next = runnable(app, now, timeoutMs)
    .select('t.id')
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

export type ClaimedJob = NonNullable<Awaited<ReturnType<typeof claimNextJob>>>;

/** The runnable job that has waited longest since it fell due, if any. */
async function longestWaiting(app: App, timeoutMs: number) {
  return runnable(app, app.config.now(), timeoutMs).select(['t.id', 't.tipo', 't.ejecutarDesde']).orderBy('t.ejecutarDesde').limit(1).executeTakeFirst();
}

/**
 * A failed attempt: tried again `delayMs` later (longer after each attempt), or failed for good after
 * MAX_ATTEMPTS (and its kind told).
 */
async function recordFailure(app: App, job: ClaimedJob, message: string, log: FastifyBaseLogger, attempts = job.intentos, delayMs = RETRY_MS * attempts): Promise<void> {
  const now = app.config.now();
  const retry = attempts < MAX_ATTEMPTS;
  const ended = await app.db
    .updateTable('trabajo')
    .set(retry ? { estado: 'pendiente', intentos: attempts, ejecutarDesde: now + delayMs, error: message } : { estado: 'error', intentos: attempts, ff: now, error: message, ...endedInput(job.tipo) })
    .where('id', '=', job.id)
    .where('estado', '=', 'enCurso')
    .executeTakeFirst();
  // Another instance recorded it first.
  if (retry || Number(ended.numUpdatedRows) === 0) return;
  try {
    await KINDS.get(job.tipo)?.failed?.(app, JSON.parse(job.datos), message);
  } catch (error) {
    log.error({ err: error, trabajo: job.id, tipo: job.tipo }, 'no se pudo registrar el fallo del trabajo');
  }
}

/** Why a job stopped before its work ended. */
class JobStopped extends Error {
  constructor(
    message: string,
    /** The instance is stopping: the attempt does not count, and the job is due again at once. */
    readonly stopping = false,
  ) {
    super(message);
  }
}

/**
 * Runs a claimed job and records how it ended. The job's slot is freed when its work ends, throws,
 * passes `timeoutMs` or is aborted by `stopping`, whichever comes first; work still going on after
 * that has been told through its signal and can no longer change the job's row.
 */
async function runJob(app: App, job: ClaimedJob, timeoutMs: number, stopping: AbortSignal, log: FastifyBaseLogger): Promise<void> {
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let onStop: (() => void) | undefined;
  try {
    const kind = KINDS.get(job.tipo);
    if (!kind) throw new Error(JOB_MESSAGES.unknown(job.tipo));
    const work = Promise.resolve().then(() => kind.run(app, JSON.parse(job.datos), abort.signal));
    const cut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new JobStopped(JOB_MESSAGES.timeout(timeoutMs))), timeoutMs);
      onStop = () => reject(new JobStopped(JOB_MESSAGES.interrupted, true));
      if (stopping.aborted) onStop();
      else stopping.addEventListener('abort', onStop, { once: true });
    });
    work.catch((error: unknown) => {
      if (abort.signal.aborted) log.warn({ err: error, trabajo: job.id, tipo: job.tipo }, 'el trabajo detenido terminó con error');
    });
    await Promise.race([work, cut]);
    await app.db.updateTable('trabajo').set({ estado: 'hecho', ff: app.config.now(), error: null, ...endedInput(job.tipo) }).where('id', '=', job.id).where('estado', '=', 'enCurso').execute();
  } catch (error) {
    abort.abort(error);
    const message = error instanceof Error ? error.message : String(error);
    const stopped = error instanceof JobStopped && error.stopping;
    if (stopped) log.warn({ trabajo: job.id, tipo: job.tipo }, 'trabajo interrumpido al detener el servidor; se retomará');
    else log.error({ err: error, trabajo: job.id, tipo: job.tipo }, 'el trabajo falló');
    // Handed back by a stopping instance: due at once, so another instance takes it without waiting.
    await recordFailure(app, job, message, log, stopped ? job.intentos - 1 : job.intentos, stopped ? 0 : undefined).catch((e: unknown) =>
      log.error({ err: e, trabajo: job.id }, 'no se pudo registrar el fin del trabajo'),
    );
  } finally {
    clearTimeout(timer);
    if (onStop) stopping.removeEventListener('abort', onStop);
  }
}

/**
 * Puts back the jobs left running past `timeoutMs` (their instance stopped mid-job): due again, or
 * failed for good when that was their last attempt.
 */
async function requeueInterrupted(app: App, timeoutMs: number, log: FastifyBaseLogger): Promise<number> {
  const now = app.config.now();
  const stale = await app.db
    .selectFrom('trabajo')
    .selectAll()
    .where('estado', '=', 'enCurso')
    .where((eb) => eb.or([eb('fi', '<=', now - timeoutMs), eb('fi', 'is', null)]))
    .execute();
  for (const job of stale) {
    log.warn({ trabajo: job.id, tipo: job.tipo }, 'trabajo interrumpido (su servidor se detuvo); se retoma');
    await recordFailure(app, job, JOB_MESSAGES.interrupted, log);
  }
  return stale.length;
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
  /** The watchdog's round (every poll): puts back interrupted jobs, and restarts a runner that stalled. */
  check(): Promise<void>;
  stop(): Promise<void>;
}

export interface JobRunnerOptions {
  /** Poll for due jobs (default); false leaves them to drain(). */
  poll?: boolean;
  pollMs?: number;
  concurrency?: number;
  /** A job running past this is stopped and its slot freed; another instance's job running past it was interrupted. */
  timeoutMs?: number;
  /** A runnable job that has waited this long while a slot was free means the runner stalled. */
  stallMs?: number;
  log?: FastifyBaseLogger;
  /** Takes the next job (the queue's own claim unless a test makes it hang). */
  claim?: (app: App, timeoutMs: number) => Promise<ClaimedJob | undefined>;
}

/** The worker of this instance: polls, and keeps up to `concurrency` jobs running. */
export function startJobRunner(app: App, options: JobRunnerOptions = {}): JobRunner {
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const timeoutMs = options.timeoutMs ?? app.config.jobTimeoutSeconds * 1000;
  const stallMs = options.stallMs ?? app.config.jobStallSeconds * 1000;
  const log = options.log ?? app.log;
  const claim = options.claim ?? claimNextJob;
  const running = new Set<Promise<void>>();
  const stopping = new AbortController();
  let filling: Promise<void> | undefined;
  let again = false;
  let lastSweep = -Infinity;
  let checkStarted = -Infinity;

  /** Claims jobs while a slot is free, one claim at a time, so each sees the company the last one took. */
  const claimWhileFree = async (): Promise<void> => {
    try {
      do {
        again = false;
        while (!stopping.signal.aborted && running.size < concurrency) {
          const job = await claim(app, timeoutMs);
          if (!job) break;
          const run: Promise<void> = runJob(app, job, timeoutMs, stopping.signal, log).finally(() => {
            running.delete(run);
            if (!stopping.signal.aborted) void fill();
          });
          running.add(run);
        }
      } while (again && !stopping.signal.aborted);
    } catch (error) {
      log.error({ err: error }, 'no se pudo tomar el siguiente trabajo');
    }
  };

  /**
   * One claiming loop at a time; a call meanwhile asks it to look again. The loop is cleared by a
   * callback that always runs after it was stored, even when every slot was busy and it ended at once.
   */
  const fill = (): Promise<void> => {
    if (filling) {
      again = true;
      return filling;
    }
    const current: Promise<void> = claimWhileFree().finally(() => {
      if (filling === current) filling = undefined;
    });
    filling = current;
    return current;
  };

  const check = async (): Promise<void> => {
    const now = app.config.now();
    // A round whose queries hang does not keep the next rounds from running.
    if (stopping.signal.aborted || now - checkStarted < stallMs) return;
    checkStarted = now;
    try {
      if (now - lastSweep >= SWEEP_MS) {
        lastSweep = now;
        if ((await requeueInterrupted(app, timeoutMs, log)) > 0) void fill();
      }
      if (running.size >= concurrency) return;
      const waiting = await longestWaiting(app, timeoutMs);
      const waited = waiting ? app.config.now() - Number(waiting.ejecutarDesde) : 0;
      if (!waiting || waited < stallMs || running.size >= concurrency) return;
      log.error(
        { trabajo: waiting.id, tipo: waiting.tipo, esperaMs: waited, enCurso: running.size, capacidad: concurrency },
        'el ejecutor de trabajos estaba detenido: un trabajo esperaba con un lugar libre; se reinicia',
      );
      filling = undefined;
      again = false;
      await fill();
    } catch (error) {
      log.error({ err: error }, 'no se pudo revisar la cola de trabajos');
    } finally {
      checkStarted = -Infinity;
    }
  };

  const pollMs = options.pollMs ?? POLL_MS;
  const timer =
    options.poll === false
      ? undefined
      : setInterval(() => {
          void fill();
          void check();
        }, pollMs);
  timer?.unref();
  return {
    kick: () => {
      if (!stopping.signal.aborted && timer) setImmediate(() => void fill());
    },
    drain: async () => {
      for (;;) {
        await fill();
        if (running.size === 0) return;
        await Promise.race(running);
      }
    },
    check,
    stop: async () => {
      if (timer) clearInterval(timer);
      stopping.abort();
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all([filling, ...running]),
        new Promise((resolve) => (grace = setTimeout(resolve, STOP_GRACE_MS))),
      ]);
      clearTimeout(grace);
    },
  };
}
