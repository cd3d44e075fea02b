// Bots: the bot's settings, its skills, actions, requirements, entities,
// unrecognised phrases and deployed versions. Structured parts that are read and written whole
// (parameters, diagram, extras, a skill's options, an action's body) are JSON text, so both
// dialects store them alike; what is searched or joined on is a column.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, type, dflt] of [
    ['imp', 'integer', 0],
    ['shared', 'integer', 0],
    ['idClone', 'varchar(64)', null],
    ['tsession', 'integer', 30],
    ['timeout', 'integer', null],
    ['main', 'integer', 0],
    ['destroy', 'integer', 0],
    ['qna', 'integer', 0],
    ['qnaExtrn', 'integer', 0],
    ['qnaUrl', 'text', null],
    ['qnaCron', 'varchar(200)', null],
    ['ttoken', 'text', null],
    ['baseUrl', 'text', null],
    ['baseUrlRemoto', 'text', null],
    ['params', 'text', '{}'],
    ['diagram', 'text', '{"nodes":[],"edges":[]}'],
    ['extras', 'text', '[]'],
    ['extrasEnc', 'text', '[]'],
    ['version', 'integer', 0],
    ['msg', 'text', null],
    ['rev', 'integer', 0],
  ] as const) {
    // SQLite adds one column per ALTER TABLE.
    await db.schema.alterTable('bot').addColumn(name, type, (c) => (dflt === null ? c : c.notNull().defaultTo(dflt))).execute();
  }

  await db.schema
    .createTable('skill')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('idBot', 'varchar(64)', (c) => c.notNull().references('bot.id').onDelete('cascade'))
    .addColumn('nm', 'varchar(200)', (c) => c.notNull())
    .addColumn('dsc', 'text')
    .addColumn('tipo', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON: the training phrases, a list of strings.
    .addColumn('frases', 'text', (c) => c.notNull().defaultTo('[]'))
    // JSON: every other field of the skill (flags, tokens, keywords, KB mode, attachments).
    .addColumn('cfg', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('fc', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('skill_idbot').on('skill').column('idBot').execute();

  await db.schema
    .createTable('accion')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('idBot', 'varchar(64)', (c) => c.notNull().references('bot.id').onDelete('cascade'))
    .addColumn('idSkill', 'varchar(64)', (c) => c.notNull().references('skill.id').onDelete('cascade'))
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('ord', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON: the rest of the action: unique, red and the kind's own fields.
    .addColumn('cfg', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('accion_idskill').on('accion').columns(['idSkill', 'ord']).execute();
  await db.schema.createIndex('accion_idbot').on('accion').column('idBot').execute();

  await db.schema
    .createTable('requerimiento')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('idBot', 'varchar(64)', (c) => c.notNull().references('bot.id').onDelete('cascade'))
    .addColumn('idSkill', 'varchar(64)', (c) => c.notNull().references('skill.id').onDelete('cascade'))
    .addColumn('op', 'varchar(3)', (c) => c.notNull().defaultTo('AND'))
    // 0 requirement, 1 memory.
    .addColumn('tp', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON: fields and replyMissing.
    .addColumn('fields', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('replyMissing', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.createIndex('requerimiento_idskill').on('requerimiento').columns(['idSkill', 'tp']).execute();
  await db.schema.createIndex('requerimiento_idbot').on('requerimiento').column('idBot').execute();

  await db.schema
    .createTable('entidad')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('idBot', 'varchar(64)', (c) => c.notNull().references('bot.id').onDelete('cascade'))
    .addColumn('nm', 'varchar(200)', (c) => c.notNull())
    .addColumn('dsc', 'text')
    .addColumn('rgx', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('format', 'text')
    // JSON: keywords (list of strings) and paths (list of {nm, tp}).
    .addColumn('keywords', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('type', 'varchar(40)')
    .addColumn('paths', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.createIndex('entidad_idbot').on('entidad').column('idBot').execute();

  // Unrecognised phrases: one row per distinct text of a bot, c counts repetitions.
  await db.schema
    .createTable('frase_nr')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('idBot', 'varchar(64)', (c) => c.notNull().references('bot.id').onDelete('cascade'))
    .addColumn('f', 'text', (c) => c.notNull())
    .addColumn('c', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('fc', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('frase_nr_idbot').on('frase_nr').columns(['idBot', 'c']).execute();

  // Deployed versions: an immutable snapshot of the whole definition per version number.
  await db.schema
    .createTable('bot_version')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('idBot', 'varchar(64)', (c) => c.notNull().references('bot.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('idU', 'varchar(64)')
    .addColumn('fc', 'varchar(32)', (c) => c.notNull())
    .addColumn('ffin', 'varchar(32)')
    .addColumn('dur', 'integer')
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('msg', 'text')
    // JSON: the complete definition (bot, skills, actions, requirements, entities); null until done.
    .addColumn('snapshot', 'text')
    .execute();
  await db.schema.createIndex('bot_version_idbot').on('bot_version').columns(['idBot', 'version']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['bot_version', 'frase_nr', 'entidad', 'requerimiento', 'accion', 'skill']) {
    await db.schema.dropTable(table).execute();
  }
  for (const column of ['rev', 'msg', 'version', 'extrasEnc', 'extras', 'diagram', 'params', 'baseUrlRemoto', 'baseUrl', 'ttoken', 'qnaCron', 'qnaUrl', 'qnaExtrn', 'qna', 'destroy', 'main', 'timeout', 'tsession', 'idClone', 'shared', 'imp']) {
    await db.schema.alterTable('bot').dropColumn(column).execute();
  }
}
