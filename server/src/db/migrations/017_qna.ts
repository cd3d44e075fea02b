// The QnA knowledge base. A QnA is a skill of tipo 2: its name is the question as shown, its
// phrases are the question's variants, its actions the answer, its tags (cfg.tagsKb) the groups a
// KB-mode skill searches. Beside the skill rows: when it was last changed and whether a person or
// an import made it; the bot's tags; the imports (manual, 'Importar Ahora' and scheduled, one row
// each, keyed by bot and firing so two instances never import the same firing twice); the
// questions the knowledge base could not answer (one row per text and entry skill, with its
// repetitions); the ratings of answers; and the counters the dashboard's QnA tab and the ratings
// report read, kept in each turn's transaction as uso_skill is.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Last change (ISO-8601; null until first changed after creation: fc stands) and who made it: 0 a person, 1 an import or schedule.
  await db.schema.alterTable('skill').addColumn('fa', 'varchar(32)').execute();
  await db.schema.alterTable('skill').addColumn('origen', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('skill_idbot_tipo').on('skill').columns(['idBot', 'tipo', 'fc']).execute();

  // A bot's tags: its code (sg, t1, t2 …; t0, the global tag, is never stored) and name.
  await db.schema
    .createTable('tag_kb')
    .addColumn('idBot', 'varchar(64)', (c) => c.notNull().references('bot.id').onDelete('cascade'))
    .addColumn('sg', 'varchar(16)', (c) => c.notNull())
    .addColumn('nm', 'varchar(64)', (c) => c.notNull())
    // nm folded (lowercase, no accents): one tag per name, whatever its case.
    .addColumn('nmKey', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('tag_kb_pk', ['idBot', 'sg'])
    .execute();
  await db.schema.createIndex('tag_kb_nombre').on('tag_kb').columns(['idBot', 'nmKey']).unique().execute();

  // One import: a file sent from the console, 'Importar Ahora', or a scheduled firing.
  await db.schema
    .createTable('qna_importacion')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('idE', 'varchar(64)', (c) => c.notNull().references('empresa.id').onDelete('cascade'))
    .addColumn('idBot', 'varchar(64)', (c) => c.notNull().references('bot.id').onDelete('cascade'))
    // Who asked (null for a schedule, or once that user is deleted).
    .addColumn('idU', 'varchar(64)')
    // 'archivo', 'ahora' or 'programada'.
    .addColumn('origen', 'varchar(16)', (c) => c.notNull())
    // The file's name, or the external address.
    .addColumn('fuente', 'varchar(2000)', (c) => c.notNull())
    // bot:firing for a scheduled one, so a firing is imported once whichever instance takes it.
    .addColumn('clave', 'varchar(200)', (c) => c.unique())
    .addColumn('fc', 'varchar(32)', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    // Milliseconds it took, once done.
    .addColumn('dur', 'integer')
    // Why the whole import failed, in Spanish.
    .addColumn('error', 'text')
    // JSON [{e, t}]: each refused row (e 'Fila 7, columna pregunta') and why (t).
    .addColumn('errores', 'text', (c) => c.notNull().defaultTo('[]'))
    // Rows read so far (the progress bar), of total once known.
    .addColumn('progreso', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('nuevos', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('actualizados', 'integer', (c) => c.notNull().defaultTo(0))
    // Automatic QnAs an external source no longer lists, removed by its import.
    .addColumn('remove', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('qna_importacion_bot').on('qna_importacion').columns(['idBot', 'fc']).execute();

  // A question the knowledge base could not answer, per entry skill: its text, repetitions, last asked.
  await db.schema
    .createTable('qna_nf')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('idBot', 'varchar(64)', (c) => c.notNull().references('bot.id').onDelete('cascade'))
    .addColumn('idE', 'varchar(64)', (c) => c.notNull())
    .addColumn('idSkill', 'varchar(64)', (c) => c.notNull())
    .addColumn('txt', 'varchar(1000)', (c) => c.notNull())
    // SHA-256 of txt (hex): one row per text and skill.
    .addColumn('th', 'varchar(64)', (c) => c.notNull())
    .addColumn('c', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('fc', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('qna_nf_texto').on('qna_nf').columns(['idBot', 'idSkill', 'th']).unique().execute();
  await db.schema.createIndex('qna_nf_fecha').on('qna_nf').columns(['idBot', 'fc']).execute();

  // A rating of an answer: the QnA, the chat session it was given in, good (1) or bad (0).
  await db.schema
    .createTable('qna_calificacion')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('idBot', 'varchar(64)', (c) => c.notNull().references('bot.id').onDelete('cascade'))
    .addColumn('idE', 'varchar(64)', (c) => c.notNull())
    .addColumn('idQna', 'varchar(64)', (c) => c.notNull())
    .addColumn('idSesion', 'varchar(64)', (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    // The company's day, and the instant.
    .addColumn('dia', 'varchar(10)', (c) => c.notNull())
    .addColumn('fc', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('qna_calificacion_dia').on('qna_calificacion').columns(['idBot', 'dia']).execute();

  // Per bot, QnA and company day: answers given, good and bad ratings.
  await db.schema
    .createTable('uso_qna')
    .addColumn('idBot', 'varchar(64)', (c) => c.notNull().references('bot.id').onDelete('cascade'))
    .addColumn('dia', 'varchar(10)', (c) => c.notNull())
    .addColumn('idQna', 'varchar(64)', (c) => c.notNull())
    .addColumn('idE', 'varchar(64)', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ok', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bad', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('uso_qna_pk', ['idBot', 'dia', 'idQna'])
    .execute();

  // Per bot and company day: questions the knowledge base could not answer.
  await db.schema
    .createTable('uso_kb')
    .addColumn('idBot', 'varchar(64)', (c) => c.notNull().references('bot.id').onDelete('cascade'))
    .addColumn('dia', 'varchar(10)', (c) => c.notNull())
    .addColumn('idE', 'varchar(64)', (c) => c.notNull())
    .addColumn('nf', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('uso_kb_pk', ['idBot', 'dia'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['uso_kb', 'uso_qna', 'qna_calificacion', 'qna_nf', 'qna_importacion', 'tag_kb']) await db.schema.dropTable(table).execute();
  await db.schema.dropIndex('skill_idbot_tipo').execute();
  await db.schema.alterTable('skill').dropColumn('origen').execute();
  await db.schema.alterTable('skill').dropColumn('fa').execute();
}
