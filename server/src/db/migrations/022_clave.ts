// Settings of the installation itself, one value per name: the fingerprint of SECRET_KEY that every
// instance on this database must match (db/keyFingerprint.ts).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ajuste')
    .addColumn('nombre', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('valor', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ajuste').execute();
}
