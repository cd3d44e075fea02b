// When a session last had its company's access list and end date checked (ms since epoch), so a
// live session is re-checked every minute instead of on every request.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sesion').addColumn('checkedAt', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sesion').dropColumn('checkedAt').execute();
}
