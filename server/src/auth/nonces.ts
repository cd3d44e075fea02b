// One-time values (request nonces, spent captchas) kept in the nonce table. The primary key makes
// a second use fail even when several server instances share one database.
import type { DB } from '../db';
import { precompile, type Placeholders } from '../db/precompiled';

/** Keeps nonces this long: twice the accepted clock skew, so a replay is always either seen or stale. */
export const NONCE_TTL_MS = 10 * 60 * 1000;

/** Records `nonce`; false when it was already recorded. */
export async function rememberNonce(db: DB, nonce: string, now: number): Promise<boolean> {
  const result = await REMEMBER.execute(db, { nonce, now });
  return Number(result.numAffectedRows ?? 0) > 0;
}

// Every signed write records one.
const REMEMBER = precompile((db, $: Placeholders<{ nonce: string; now: number }>) =>
  db
    .insertInto('nonce')
    .values({ nonce: $('nonce'), ts: $('now') })
    .onConflict((oc) => oc.column('nonce').doNothing()),
);

export async function purgeNonces(db: DB, now: number): Promise<void> {
  await db.deleteFrom('nonce').where('ts', '<', now - NONCE_TTL_MS).execute();
}
