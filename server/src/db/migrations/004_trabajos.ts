// Background jobs: one table any instance takes work from, and the pending password a
// recovery mails, kept apart from the current one until it is first used.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('trabajo')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tipo', 'text', (c) => c.notNull())
    // What a limit counts by (for example the account a recovery is for); never shown.
    .addColumn('clave', 'text')
    .addColumn('datos', 'text', (c) => c.notNull())
    .addColumn('estado', 'text', (c) => c.notNull().defaultTo('pendiente'))
    .addColumn('intentos', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ejecutarDesde', 'bigint', (c) => c.notNull())
    .addColumn('fc', 'bigint', (c) => c.notNull())
    .addColumn('ff', 'bigint')
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('trabajo_pendiente').on('trabajo').columns(['estado', 'ejecutarDesde']).execute();
  await db.schema.createIndex('trabajo_clave').on('trabajo').columns(['clave', 'fc']).execute();

  await db.schema.alterTable('usuario').addColumn('pwdPendiente', 'text').execute();
  await db.schema.alterTable('usuario').addColumn('pwdPendienteHasta', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('usuario').dropColumn('pwdPendienteHasta').execute();
  await db.schema.alterTable('usuario').dropColumn('pwdPendiente').execute();
  await db.schema.dropTable('trabajo').execute();
}
