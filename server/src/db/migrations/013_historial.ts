// History, reports and the dashboard. What the console reads about past conversations is kept
// ready by the conversation store, in the same transaction as each turn, so no screen scans the
// messages: one row per client, bot and day (the history's cards), counters per bot, channel,
// day and hour (the dashboard), and per bot, skill and day (top skills, and where sessions
// reach and leave the flow). Days and hours are the company's. Test conversations are not
// counted. Reports are jobs whose files live in the database, in parts, so any instance serves them.
import { PostgresAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  // A client's activity with a bot on one day: the history lists these, newest first.
  await db.schema
    .createTable('chat_cliente_dia')
    .addColumn('idBot', 'varchar(64)', (c) => c.notNull().references('bot.id').onDelete('cascade'))
    // YYYY-MM-DD in the company's time zone.
    .addColumn('dia', 'varchar(10)', (c) => c.notNull())
    .addColumn('idClt', 'varchar(64)', (c) => c.notNull().references('chat_cliente.id').onDelete('cascade'))
    .addColumn('idE', 'varchar(64)', (c) => c.notNull())
    .addColumn('red', 'integer', (c) => c.notNull())
    // The client's name, copied so the name filter reads no other table.
    .addColumn('nm', 'varchar(200)')
    // Sessions active that day (started, or first written in that day), and messages.
    .addColumn('ses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('msg', 'integer', (c) => c.notNull().defaultTo(0))
    // The last message of the day, ISO-8601.
    .addColumn('ultimo', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('chat_cliente_dia_pk', ['idBot', 'dia', 'idClt'])
    .execute();
  await db.schema.createIndex('chat_cliente_dia_ultimo').on('chat_cliente_dia').columns(['idBot', 'dia', 'ultimo']).execute();

  // The dashboard's counters: per bot, channel, day and hour.
  await db.schema
    .createTable('uso')
    .addColumn('idBot', 'varchar(64)', (c) => c.notNull().references('bot.id').onDelete('cascade'))
    .addColumn('dia', 'varchar(10)', (c) => c.notNull())
    .addColumn('hora', 'integer', (c) => c.notNull())
    .addColumn('idChannel', 'varchar(64)', (c) => c.notNull())
    .addColumn('idE', 'varchar(64)', (c) => c.notNull())
    .addColumn('red', 'integer', (c) => c.notNull())
    // Day of the week, 1 Sunday … 7 Saturday.
    .addColumn('ds', 'integer', (c) => c.notNull())
    // Sessions started, clients (each once per day, in the hour it first wrote), messages both ways.
    .addColumn('ses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('clt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('msg', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('uso_pk', ['idBot', 'dia', 'hora', 'idChannel'])
    .execute();
  await db.schema.createIndex('uso_empresa').on('uso').columns(['idE', 'dia']).execute();

  // Per bot, skill and day: answers given, sessions that reached the skill, sessions whose last answer it gave.
  await db.schema
    .createTable('uso_skill')
    .addColumn('idBot', 'varchar(64)', (c) => c.notNull().references('bot.id').onDelete('cascade'))
    .addColumn('dia', 'varchar(10)', (c) => c.notNull())
    .addColumn('idSkill', 'varchar(64)', (c) => c.notNull())
    .addColumn('idE', 'varchar(64)', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('llegan', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('terminan', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('uso_skill_pk', ['idBot', 'dia', 'idSkill'])
    .execute();

  // A report: a job's file, kept two hours.
  await db.schema
    .createTable('informe')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('idE', 'varchar(64)', (c) => c.notNull().references('empresa.id').onDelete('cascade'))
    .addColumn('idBot', 'varchar(64)')
    .addColumn('idU', 'varchar(64)')
    // 'historial' (the history's report); later kinds add theirs.
    .addColumn('tipo', 'varchar(40)', (c) => c.notNull())
    .addColumn('nm', 'varchar(300)', (c) => c.notNull())
    // JSON: the query it was asked with.
    .addColumn('datos', 'text', (c) => c.notNull())
    .addColumn('estado', 'varchar(20)', (c) => c.notNull())
    .addColumn('progreso', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('tam', 'bigint')
    .addColumn('fc', 'bigint', (c) => c.notNull())
    .addColumn('expira', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('informe_empresa').on('informe').columns(['idE', 'fc']).execute();
  await db.schema.createIndex('informe_expira').on('informe').column('expira').execute();

  // A report's file, in parts of at most a few megabytes, in order.
  await db.schema
    .createTable('informe_parte')
    .addColumn('idInforme', 'varchar(64)', (c) => c.notNull().references('informe.id').onDelete('cascade'))
    .addColumn('n', 'integer', (c) => c.notNull())
    .addColumn('datos', postgres ? 'bytea' : 'blob', (c) => c.notNull())
    .addPrimaryKeyConstraint('informe_parte_pk', ['idInforme', 'n'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['informe_parte', 'informe', 'uso_skill', 'uso', 'chat_cliente_dia']) await db.schema.dropTable(table).execute();
}
