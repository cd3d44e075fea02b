// Jobs taken fairly per company: each job names the company it works for (none for work of no
// company, such as a password recovery), and when it was last started, so the worker can take the
// next job of the company that waited longest and never run two of one company at once.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('trabajo').addColumn('idE', 'text').execute();
  await db.schema.alterTable('trabajo').addColumn('fi', 'bigint').execute();
  await db.schema.createIndex('trabajo_empresa').on('trabajo').columns(['idE', 'fi']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('trabajo_empresa').execute();
  await db.schema.alterTable('trabajo').dropColumn('fi').execute();
  await db.schema.alterTable('trabajo').dropColumn('idE').execute();
}
