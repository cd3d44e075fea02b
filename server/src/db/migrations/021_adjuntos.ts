// Files a client sent a bot that its skill admitted: kept with the conversation (its company, chat
// session and the client's message), with their bytes, until the retention (ADJUNTOS_DIAS) deletes them.
import { PostgresAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('adjunto')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('idE', 'varchar(64)', (c) => c.notNull().references('empresa.id').onDelete('cascade'))
    .addColumn('idSesion', 'varchar(64)', (c) => c.notNull().references('chat_sesion.id').onDelete('cascade'))
    // The client's message that carried it.
    .addColumn('idMensaje', 'varchar(64)', (c) => c.notNull().references('chat_mensaje.id').onDelete('cascade'))
    .addColumn('nm', 'varchar(255)', (c) => c.notNull())
    // The extension, in lower case.
    .addColumn('tipo', 'varchar(16)', (c) => c.notNull())
    // Bytes.
    .addColumn('tam', 'bigint', (c) => c.notNull())
    .addColumn('datos', postgres ? 'bytea' : 'blob', (c) => c.notNull())
    // ms since epoch.
    .addColumn('fc', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('adjunto_empresa').on('adjunto').column('idE').execute();
  await db.schema.createIndex('adjunto_sesion').on('adjunto').column('idSesion').execute();
  await db.schema.createIndex('adjunto_fc').on('adjunto').column('fc').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('adjunto').execute();
}
