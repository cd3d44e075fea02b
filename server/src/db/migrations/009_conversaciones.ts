// The engine: a deployed version keeps its trained model and what
// its regression tests said; a bot keeps its regression tests; and every conversation is kept:
// the client, its sessions (id, start, end), its messages (direction,
// text, kind, the skill that answered and its score), and the live state of the conversation
// (memory, what is being asked, attempts), so a restart in the middle of a question loses nothing.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // JSON: the serialized intent model (engine/nlu/model.ts), null for a version deployed before.
  await db.schema.alterTable('bot_version').addColumn('model', 'text').execute();
  // JSON: {total, fallidas: [{id, nm}]}, what the bot's regression tests gave at deploy.
  await db.schema.alterTable('bot_version').addColumn('pruebas', 'text').execute();
  // 0 to 100 while the deploy trains the model; null before and after.
  await db.schema.alterTable('bot_version').addColumn('progreso', 'integer').execute();

  await db.schema
    .createTable('prueba')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('idBot', 'varchar(64)', (c) => c.notNull().references('bot.id').onDelete('cascade'))
    .addColumn('nm', 'varchar(200)', (c) => c.notNull())
    // JSON: [{text | postback, skills: [skill id]}].
    .addColumn('pasos', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('red', 'integer', (c) => c.notNull().defaultTo(8))
    .addColumn('fc', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('prueba_idbot').on('prueba').column('idBot').execute();

  // The person on the other side: one per company, channel and channel user id (psi).
  await db.schema
    .createTable('chat_cliente')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('idE', 'varchar(64)', (c) => c.notNull().references('empresa.id').onDelete('cascade'))
    .addColumn('idChannel', 'varchar(64)', (c) => c.notNull())
    .addColumn('psi', 'varchar(100)', (c) => c.notNull())
    .addColumn('red', 'integer', (c) => c.notNull())
    .addColumn('nm', 'varchar(200)')
    .addColumn('test', 'integer', (c) => c.notNull().defaultTo(0))
    // The console user who holds a test conversation.
    .addColumn('idU', 'varchar(64)')
    .addColumn('fc', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('chat_cliente_psi', ['idE', 'idChannel', 'psi'])
    .execute();

  await db.schema
    .createTable('chat_sesion')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('idClt', 'varchar(64)', (c) => c.notNull().references('chat_cliente.id').onDelete('cascade'))
    .addColumn('idE', 'varchar(64)', (c) => c.notNull())
    .addColumn('idBot', 'varchar(64)', (c) => c.notNull().references('bot.id').onDelete('cascade'))
    .addColumn('red', 'integer', (c) => c.notNull())
    .addColumn('test', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fi', 'varchar(32)', (c) => c.notNull())
    .addColumn('ff', 'varchar(32)')
    .execute();
  await db.schema.createIndex('chat_sesion_clt').on('chat_sesion').columns(['idClt', 'fi']).execute();
  await db.schema.createIndex('chat_sesion_bot').on('chat_sesion').columns(['idBot', 'fi']).execute();

  await db.schema
    .createTable('chat_mensaje')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('idSesion', 'varchar(64)', (c) => c.notNull().references('chat_sesion.id').onDelete('cascade'))
    .addColumn('idBot', 'varchar(64)', (c) => c.notNull())
    // 0 from the bot (outgoing), 1 from the client (incoming).
    .addColumn('t', 'integer', (c) => c.notNull())
    .addColumn('m', 'text', (c) => c.notNull())
    // TEXT, CARD, IMAGE, CAROUSEL, BUTTON; POSTBACK for a button the client chose.
    .addColumn('tipo', 'varchar(20)', (c) => c.notNull())
    // JSON: the whole chat message as sent, for an outgoing one.
    .addColumn('body', 'text')
    .addColumn('idSkill', 'varchar(64)')
    .addColumn('score', 'real')
    .addColumn('fc', 'varchar(32)', (c) => c.notNull())
    // Order within the session (several messages share a millisecond).
    .addColumn('seq', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chat_mensaje_sesion').on('chat_mensaje').columns(['idSesion', 'seq']).execute();

  // The live conversation of a client with a bot: what the engine needs for the next message.
  await db.schema
    .createTable('conversacion')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('idE', 'varchar(64)', (c) => c.notNull().references('empresa.id').onDelete('cascade'))
    // The bot the client wrote to (its topic); a GO_BOT moves `estado.bot`, not this.
    .addColumn('idBot', 'varchar(64)', (c) => c.notNull().references('bot.id').onDelete('cascade'))
    .addColumn('idChannel', 'varchar(64)', (c) => c.notNull())
    .addColumn('psi', 'varchar(100)', (c) => c.notNull())
    .addColumn('idClt', 'varchar(64)', (c) => c.notNull().references('chat_cliente.id').onDelete('cascade'))
    .addColumn('idSesion', 'varchar(64)')
    .addColumn('test', 'integer', (c) => c.notNull().defaultTo(0))
    // The console session that holds a test conversation (its /topic/{psi}).
    .addColumn('sesion', 'varchar(64)')
    // JSON: engine/runtime.ts ConversationState.
    .addColumn('estado', 'text', (c) => c.notNull().defaultTo('{}'))
    // Last activity, ms since the epoch.
    .addColumn('ua', 'bigint', (c) => c.notNull())
    .addColumn('rev', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('conversacion_psi', ['idBot', 'idChannel', 'psi'])
    .execute();
  await db.schema.createIndex('conversacion_psi_idx').on('conversacion').column('psi').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['conversacion', 'chat_mensaje', 'chat_sesion', 'chat_cliente', 'prueba']) await db.schema.dropTable(table).execute();
  await db.schema.alterTable('bot_version').dropColumn('progreso').execute();
  await db.schema.alterTable('bot_version').dropColumn('pruebas').execute();
  await db.schema.alterTable('bot_version').dropColumn('model').execute();
}
