// Whether this instance may be sent traffic: it has started, is not draining, its database answers
// a trivial query within a short bound, and every migration it knows is applied.
import { sql } from 'kysely';
import { pendingMigrations } from '../db';
import { SALUD_MESSAGES } from '../../../common/schemas/salud';
import type { App } from '../types';

/** A probe waits this long for the database: a proxy's own check gives up after a few seconds. */
export const READY_QUERY_TIMEOUT_MS = 2_000;

const TIMED_OUT = Symbol('timedOut');

/** `work`'s result, or TIMED_OUT when it takes longer than `ms`. */
async function within<T>(work: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof TIMED_OUT>((resolve) => (timer = setTimeout(() => resolve(TIMED_OUT), ms)));
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Why the instance is not ready (a Spanish reason), or null when it is. */
export async function notReadyReason(app: App, timeoutMs = READY_QUERY_TIMEOUT_MS): Promise<string | null> {
  if (app.lifecycle.state === 'draining') return SALUD_MESSAGES.draining;
  if (app.lifecycle.state === 'starting') return SALUD_MESSAGES.starting;
  let pending: string[] | typeof TIMED_OUT;
  try {
    const probe = sql`select 1`.execute(app.db).then(() => pendingMigrations(app.db));
    // A probe given up on may still fail later: that is not news.
    probe.catch(() => undefined);
    pending = await within(probe, timeoutMs);
  } catch (error) {
    app.log.warn({ err: error }, 'la base de datos no respondió a la comprobación de disponibilidad');
    return SALUD_MESSAGES.databaseDown;
  }
  if (pending === TIMED_OUT) {
    app.log.warn(`la base de datos no respondió en ${timeoutMs} ms a la comprobación de disponibilidad`);
    return SALUD_MESSAGES.databaseDown;
  }
  return pending.length > 0 ? SALUD_MESSAGES.pendingMigrations : null;
}
