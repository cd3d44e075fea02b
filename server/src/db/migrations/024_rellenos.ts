// The counts that migrations owe a recorded history (db/migrationFills.ts), done after the start as
// a job, one row per count: its state, the instant that splits the history (every message before
// it is the count's, every later one was counted by its own turn), where its next page starts and
// how many messages it has read. Times are ms since the epoch.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('relleno')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('orden', 'integer', (c) => c.notNull())
    .addColumn('estado', 'varchar(16)', (c) => c.notNull().defaultTo('pendiente'))
    .addColumn('corte', 'varchar(32)', (c) => c.notNull())
    .addColumn('cursor', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('leidos', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('fi', 'bigint')
    .addColumn('ff', 'bigint')
    .addColumn('error', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('relleno').execute();
}
