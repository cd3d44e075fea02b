// The external QnA schedule: every bot with QnA and external QnA on, an address and a valid cron
// (six fields, seconds first, read in the company's time zone) imports its source at each firing.
// Every instance checks the due firings each minute; a firing's history row is keyed by bot and
// firing (clave, unique), so whichever instance inserts it first imports it and the others find it
// taken. The bots are read again at each check, so a changed cron counts from the next one.
import { Cron } from 'croner';
import type { DB } from '../../db';
import { QNA_MESSAGES } from '../../../../common/schemas/qna';
import type { App } from '../../types';
import { companyZone } from '../empresas/empresas';
import { addImport, busy, EXTERNAL_JOB } from './importar';

export const SCHEDULE_CHECK_MS = 60_000;
/** A firing this recent is still due: a check that came late, or a stopped instance, does not lose it. */
export const SCHEDULE_LOOKBACK_MS = 3 * 60_000;

/** The latest firing of `pattern` in `timeZone` within the lookback up to `now`; undefined for none or an invalid cron. */
export function dueFiring(pattern: string, timeZone: string, now: number): Date | undefined {
  let cron: Cron;
  try {
    cron = new Cron(pattern.trim(), { timezone: timeZone, paused: true });
  } catch {
    return undefined;
  }
  let due: Date | undefined;
  let next = cron.nextRun(new Date(now - SCHEDULE_LOOKBACK_MS));
  // A cron firing every second has 180 firings in the lookback; only the latest is imported.
  for (let i = 0; next && next.getTime() <= now && i < 1000; i++) {
    due = next;
    next = cron.nextRun(next);
  }
  return due;
}

/** Adds the firing's import unless another instance did; answers whether this one did. */
async function claimFiring(app: App, trx: DB, bot: { id: string; idE: string; qnaUrl: string }, firing: Date): Promise<boolean> {
  const clave = `${bot.id}:${firing.toISOString()}`;
  if (await trx.selectFrom('qna_importacion').select('id').where('clave', '=', clave).executeTakeFirst()) return false;
  if (await busy(trx, bot.id)) {
    // The import before it is still running: the firing is recorded as skipped.
    await trx
      .insertInto('qna_importacion')
      .values({ id: crypto.randomUUID(), idE: bot.idE, idBot: bot.id, idU: null, origen: 'programada', fuente: bot.qnaUrl, clave, fc: new Date(app.config.now()).toISOString(), done: 1, dur: 0, error: QNA_MESSAGES.importacionEnCurso })
      .onConflict((oc) => oc.column('clave').doNothing())
      .execute();
    return false;
  }
  try {
    await addImport(app, trx, { bot, idU: null, origen: 'programada', fuente: bot.qnaUrl, clave }, { tipo: EXTERNAL_JOB, datos: {} });
    return true;
  } catch (error) {
    if (uniqueViolation(error)) return false;
    throw error;
  }
}

/** Another instance inserted the same clave first. */
function uniqueViolation(error: unknown): boolean {
  const code = String((error as { code?: string }).code);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** One check: each scheduled bot's due firing imported once. Answers how many imports this instance added. */
export async function checkQnaSchedules(app: App): Promise<number> {
  const now = app.config.now();
  const bots = await app.db
    .selectFrom('bot as b')
    .innerJoin('empresa as e', 'e.id', 'b.idE')
    .select(['b.id', 'b.idE', 'b.qnaUrl', 'b.qnaCron', 'e.tz'])
    .where('b.qna', '=', 1)
    .where('b.qnaExtrn', '=', 1)
    .where('b.qnaUrl', 'is not', null)
    .where('b.qnaCron', 'is not', null)
    .execute();
  let added = 0;
  for (const b of bots) {
    const url = b.qnaUrl?.trim();
    if (!url || !b.qnaCron) continue;
    const firing = dueFiring(b.qnaCron, companyZone(b.tz, app.config.chatTimeZone), now);
    if (!firing) continue;
    try {
      // Its own transaction: on PostgreSQL a unique violation ends the transaction it happens in.
      if (await app.db.transaction().execute((trx) => claimFiring(app, trx, { id: b.id, idE: b.idE, qnaUrl: url }, firing))) added++;
    } catch (error) {
      if (!uniqueViolation(error)) throw error;
    }
  }
  if (added > 0) app.jobs.kick();
  return added;
}

export interface ScheduleLoop {
  stop(): void;
}

/**
 * Checks the schedule every `everyMs`. A failed check is logged and the next one runs; a check
 * still running when the next is due is logged as stalled once, and skipped until it ends.
 */
export function startQnaSchedule(app: App, everyMs = SCHEDULE_CHECK_MS): ScheduleLoop {
  let running: number | undefined;
  let stallLogged = false;
  const timer = setInterval(() => {
    const now = Date.now();
    if (running !== undefined) {
      if (!stallLogged && now - running >= everyMs) {
        stallLogged = true;
        app.log.error({ esperaMs: now - running }, 'la revisión de las importaciones de QnA programadas no termina; se espera a que acabe');
      }
      return;
    }
    running = now;
    checkQnaSchedules(app)
      .catch((error: unknown) => app.log.error({ err: error }, 'no se pudo revisar las importaciones de QnA programadas'))
      .finally(() => {
        running = undefined;
        stallLogged = false;
      });
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
