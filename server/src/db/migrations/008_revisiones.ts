// The skill editor saves a skill, an action or a requirement on its own: each row gets the
// revision counter the bot already has, so a save made on a stale copy is refused (409) instead
// of silently undoing someone else's change.
import type { Kysely } from 'kysely';

const TABLES = ['skill', 'accion', 'requerimiento'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).addColumn('rev', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).dropColumn('rev').execute();
}
