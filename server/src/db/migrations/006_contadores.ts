// The per-company row counters of migration 002, now created by one helper (db/counters.ts):
// counting another paged table is one line in a later migration.
import type { Kysely } from 'kysely';
import { addRowCounter } from '../counters';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Replaces 002's triggers on these tables and recounts their rows.
  await addRowCounter(db, 'usuario');
  await addRowCounter(db, 'auditoria');
}

export async function down(): Promise<void> {
  // The helper's triggers are the ones 002 created: nothing to restore.
}
