// One-time values (request nonces, spent captchas) kept in the nonce table. The primary key makes
// a second use fail even when several server instances share one database.
import type { DB } from '../db';

/** Keeps nonces this long: twice the accepted clock skew, so a replay is always either seen or stale. */
export const NONCE_TTL_MS = 10 * 60 * 1000;

/** Records `nonce`; false when it was already recorded. */
export async function rememberNonce(db: DB, nonce: string, now: number): Promise<boolean> {
  const result = await db
    .insertInto('nonce')
    .values({ nonce, ts: now })
    .onConflict((oc) => oc.column('nonce').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function purgeNonces(db: DB, now: number): Promise<void> {
  await db.deleteFrom('nonce').where('ts', '<', now - NONCE_TTL_MS).execute();
}
