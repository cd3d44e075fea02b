// The counts a migration owes the recorded history (db/migrationFills.ts owedFills), done after the
// start as a job, so an upgrade serves at once and the dashboard and the history say meanwhile
// that their figures are being prepared. One job of no company does them in order, a page at a
// time, each page's counts written with its cursor in one transaction: a job stopped anywhere goes
// on from the last page written, and a page whose cursor another worker moved first is not written.
// The job works in slices shorter than the queue's time limit and queues its own continuation a
// moment later, so a long count is never taken for a stuck job and other jobs, which wait behind
// jobs of no company, get their turn between slices.
import { sql } from 'kysely';
import type { DB } from '../db';
import { FILLS, type FillName, type OwedFill } from '../db/migrationFills';
import type { RellenoTable } from '../db/schema';
import { quarterClock } from './uso';
import { QnaTotals } from './usoRelleno';
import { PAGE_SIZES, qnaPage, sketchPage, usagePage, type FillPage, type PageSizes } from './usoRellenoPaginas';
import { defineJob, enqueueJob } from '../jobs/queue';
import type { App } from '../types';
import { companyTimeZones } from '../services/empresas/empresas';
import type { Selectable } from 'kysely';

export const FILL_JOB = 'rellenoContadores';
/** Longest a slice of the job runs (and at most half the queue's time limit). */
export const FILL_SLICE_MS = 30_000;
/** The pause before the next slice, in which other due jobs are taken. */
const FILL_PAUSE_MS = 1_000;
/** After a job has failed every attempt, the count is tried again this much later. */
const FILL_RETRY_MS = 5 * 60_000;

/** Page sizes of the job (tests make them small, to stop a count between pages). */
export const fillPageSizes: PageSizes = { ...PAGE_SIZES };

type Fill = Selectable<RellenoTable>;

/** Writes down the counts migrate() found owed (their table exists once it has returned); each starts from the beginning. */
export async function recordOwedFills(app: App, owed: readonly OwedFill[]): Promise<void> {
  for (const fill of owed) {
    const row = { estado: 'pendiente' as const, corte: fill.corte, cursor: '', leidos: 0, fi: null, ff: null, error: null };
    await app.db
      .insertInto('relleno')
      .values({ id: fill.id, orden: FILLS.indexOf(fill.id) + 1, ...row })
      .onConflict((oc) => oc.column('id').doUpdateSet(row))
      .execute();
  }
  if (owed.length > 0) app.log.info(`Contadores por completar con el historial anterior a la actualización: ${owed.map((f) => f.id).join(', ')}; se cuentan en segundo plano.`);
}

/** Whether a count is owed or running: the screens that read the counters say their figures are being prepared. */
export async function fillsPreparing(db: DB): Promise<boolean> {
  return (await countOwedFills(db)) > 0;
}

/** How many counts are owed or running. */
export async function countOwedFills(db: DB): Promise<number> {
  const row = await db.selectFrom('relleno').select((eb) => eb.fn.countAll<number>().as('n')).where('estado', '!=', 'hecho').executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Queues the job when a count is owed and no job of it is waiting or running (a start, a job lost). */
export async function ensureFillJob(app: App): Promise<void> {
  if (!(await fillsPreparing(app.db))) return;
  const open = await app.db.selectFrom('trabajo').select('id').where('tipo', '=', FILL_JOB).where('estado', 'in', ['pendiente', 'enCurso']).executeTakeFirst();
  if (open) return;
  await enqueueJob(app, { tipo: FILL_JOB, datos: {}, idE: null });
}

/** The next page of `fill`. */
async function nextPage(app: App, fill: Fill, known: () => Promise<QnaTotals>, timeZoneOf: Parameters<typeof usagePage>[3], clock: ReturnType<typeof quarterClock>): Promise<FillPage> {
  const id = fill.id as FillName;
  if (id === 'uso') return usagePage(app.db, fill.cursor, fill.corte, timeZoneOf, clock, fillPageSizes.clients);
  if (id === 'clientes') return sketchPage(app.db, fill.cursor, fillPageSizes.clientDays);
  return qnaPage(app.db, fill.cursor, fill.corte, await known(), fillPageSizes);
}

/** A page written, with its cursor, unless another worker moved the cursor first; answers whether it was written. */
export async function writePage(app: App, fill: Fill, page: FillPage): Promise<boolean> {
  return app.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('relleno')
      .set({ cursor: page.cursor, leidos: sql<number>`leidos + ${page.read}`, error: null, ...(page.done ? { estado: 'hecho' as const, ff: app.config.now() } : {}) })
      .where('id', '=', fill.id)
      .where('cursor', '=', fill.cursor)
      .where('estado', '!=', 'hecho')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) return false;
    await page.write(trx);
    return true;
  });
}

/**
 * One slice of the job: pages of the owed counts in order, until none is owed, the slice ends or
 * the job is stopped; `onPage` hears each page written.
 */
export async function runFills(app: App, signal: AbortSignal, onPage?: (id: string, page: FillPage) => void): Promise<void> {
  const until = performance.now() + Math.min(FILL_SLICE_MS, (app.config.jobTimeoutSeconds * 1000) / 2);
  const timeZoneOf = await companyTimeZones(app.db, app.config.chatTimeZone);
  const clock = quarterClock();
  let known: QnaTotals | undefined;
  const qnaKnown = async () => (known ??= await QnaTotals.of(app.db, timeZoneOf));
  for (;;) {
    // SQLite's statements run on the event loop, and one resolved promise after another never
    // leaves it: between pages, the requests waiting are served.
    await new Promise((resolve) => setImmediate(resolve));
    if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason));
    const fill = await app.db.selectFrom('relleno').selectAll().where('estado', '!=', 'hecho').orderBy('orden').limit(1).executeTakeFirst();
    if (!fill) return;
    if (performance.now() >= until) {
      await enqueueJob(app, { tipo: FILL_JOB, datos: {}, idE: null, ejecutarDesde: app.config.now() + FILL_PAUSE_MS });
      return;
    }
    if (fill.estado === 'pendiente') {
      await app.db.updateTable('relleno').set({ estado: 'enCurso', fi: app.config.now() }).where('id', '=', fill.id).where('estado', '=', 'pendiente').execute();
      app.log.info({ relleno: fill.id }, 'relleno de contadores: empieza');
    }
    try {
      const page = await nextPage(app, fill, qnaKnown, timeZoneOf, clock);
      // A page another worker wrote first is dropped: the loop reads the cursor again.
      if (await writePage(app, fill, page)) {
        onPage?.(fill.id, page);
        if (page.done) app.log.info({ relleno: fill.id, leidos: Number(fill.leidos) + page.read }, 'relleno de contadores: terminado');
      }
    } catch (error) {
      await app.db.updateTable('relleno').set({ error: error instanceof Error ? error.message : String(error) }).where('id', '=', fill.id).execute().catch(() => undefined);
      throw error;
    }
  }
}

defineJob(FILL_JOB, (app, _datos, signal) => runFills(app, signal), {
  // Every attempt failed: said in the log, and tried again later; a count owed is never left behind.
  failed: async (app, _datos, message) => {
    app.log.error({ tipo: FILL_JOB, error: message }, 'el relleno de contadores falló en todos sus intentos; se reintentará');
    await enqueueJob(app, { tipo: FILL_JOB, datos: {}, idE: null, ejecutarDesde: app.config.now() + FILL_RETRY_MS });
  },
});
