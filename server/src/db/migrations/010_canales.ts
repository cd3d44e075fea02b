// Channels: a company's channel of
// any kind, its linked bot and hours, the web chat's appearance, each provider's settings and its
// secrets (encrypted with SECRET_KEY); and the provider deliveries already answered, so a retried
// webhook is answered once.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The company's time zone (IANA name): a channel's hours are read in it. Null: CHAT_TIME_ZONE.
  await db.schema.alterTable('empresa').addColumn('tz', 'varchar(64)').execute();

  await db.schema
    .createTable('canal')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('idE', 'varchar(64)', (c) => c.notNull().references('empresa.id').onDelete('cascade'))
    // Twitter, Facebook, Telegram, Web, Whatsapp, Microsoft, Slack, Google (schemas/canales.ts CANAL_KINDS).
    .addColumn('name', 'varchar(20)', (c) => c.notNull())
    .addColumn('red', 'integer', (c) => c.notNull())
    .addColumn('dsc', 'varchar(200)', (c) => c.notNull())
    .addColumn('activo', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('idR', 'varchar(200)')
    .addColumn('b', 'varchar(64)', (c) => c.references('bot.id').onDelete('set null'))
    .addColumn('porHora', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hi', 'varchar(5)')
    .addColumn('hf', 'varchar(5)')
    .addColumn('msgFueraHora', 'text')
    .addColumn('liveAgent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('email', 'varchar(200)')
    .addColumn('useChasqui', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('chasquiUrl', 'varchar(500)')
    // JSON: [{numero, nombre}].
    .addColumn('excluir', 'text', (c) => c.notNull().defaultTo('[]'))
    // JSON: WebConfig, for a web channel.
    .addColumn('web', 'text')
    // JSON: CanalCfg (not secret).
    .addColumn('cfg', 'text', (c) => c.notNull().defaultTo('{}'))
    // JSON {name: ciphertext} of the provider secrets (secrets.ts).
    .addColumn('secretos', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('uc', 'varchar(200)')
    .addColumn('fc', 'varchar(32)', (c) => c.notNull())
    .addColumn('rev', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('canal_ide').on('canal').columns(['idE', 'name']).execute();
  await db.schema.createIndex('canal_b').on('canal').column('b').execute();

  // A provider's delivery id (Telegram update_id, WhatsApp message id, Slack event_id) once taken.
  await db.schema
    .createTable('canal_entrega')
    .addColumn('idCanal', 'varchar(64)', (c) => c.notNull().references('canal.id').onDelete('cascade'))
    .addColumn('clave', 'varchar(200)', (c) => c.notNull())
    // ms since the epoch, so old rows can be pruned.
    .addColumn('fc', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('canal_entrega_pk', ['idCanal', 'clave'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('canal_entrega').execute();
  await db.schema.dropTable('canal').execute();
  await db.schema.alterTable('empresa').dropColumn('tz').execute();
}
