// Unrecognised phrases: one row per text of a bot, now enforced. Two instances counting the same new
// phrase at once could each insert a row (Monitoreo then listed it twice), and counting one looked
// it up among all of the bot's rows. `fh` is the text's SHA-256 (hex): a text of up to 1,000
// characters can be longer than an index entry may be, its hash never is. Rows already repeated are
// merged into the oldest, with their counts added.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';

const textHash = (f: string) => createHash('sha256').update(f, 'utf8').digest('hex');

/** The table as this migration leaves it (a migration keeps the schema of its time). */
interface Frases {
  frase_nr: { id: string; idBot: string; f: string; c: number; fc: string; fh: string | null };
}

export async function up(schema: Kysely<unknown>): Promise<void> {
  const db = schema as Kysely<Frases>;
  await db.schema.alterTable('frase_nr').addColumn('fh', 'varchar(64)').execute();
  const rows = await db.selectFrom('frase_nr').select(['id', 'idBot', 'f', 'c']).orderBy('fc').orderBy('id').execute();
  const kept = new Map<string, { id: string; c: number; merged: boolean }>();
  const repeated: string[] = [];
  for (const row of rows) {
    const fh = textHash(row.f);
    const key = `${row.idBot}:${fh}`;
    const first = kept.get(key);
    if (first) {
      first.c += Number(row.c);
      first.merged = true;
      repeated.push(row.id);
      continue;
    }
    kept.set(key, { id: row.id, c: Number(row.c), merged: false });
    await db.updateTable('frase_nr').set({ fh }).where('id', '=', row.id).execute();
  }
  for (const { id, c, merged } of kept.values()) if (merged) await db.updateTable('frase_nr').set({ c }).where('id', '=', id).execute();
  for (let i = 0; i < repeated.length; i += 500) await db.deleteFrom('frase_nr').where('id', 'in', repeated.slice(i, i + 500)).execute();
  await db.schema.createIndex('frase_nr_texto').on('frase_nr').columns(['idBot', 'fh']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('frase_nr_texto').execute();
  await db.schema.alterTable('frase_nr').dropColumn('fh').execute();
}
