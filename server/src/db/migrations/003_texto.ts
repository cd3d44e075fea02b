// Trigram full-text indexes (SQLite FTS5) behind the "contains" filters of the user and audit
// searches, so a filter matching few rows no longer reads a whole company. External-content
// tables over the base tables' rowid, kept in sync by triggers. PostgreSQL keeps its ILIKE-style
// filter and gets nothing here.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/** Each indexed table and its text columns (the order is the FTS column order). */
export const TEXT_INDEXES = {
  usuario: ['usuario', 'nm', 'ap'],
  auditoria: ['us', 'val'],
} as const;

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  for (const [tabla, columns] of Object.entries(TEXT_INDEXES)) {
    const fts = sql.table(`${tabla}_fts`);
    const cols = sql.join(columns.map((c) => sql.id(c)));
    const newCols = sql.join(columns.map((c) => sql`new.${sql.id(c)}`));
    const oldCols = sql.join(columns.map((c) => sql`old.${sql.id(c)}`));
    await sql`
      create virtual table ${fts} using fts5(${cols}, content=${sql.lit(tabla)}, content_rowid='rowid', tokenize='trigram')`.execute(db);
    await sql`
      create trigger ${sql.id(`${tabla}_fts_ins`)} after insert on ${sql.table(tabla)}
      begin
        insert into ${fts} (rowid, ${cols}) values (new.rowid, ${newCols});
      end`.execute(db);
    await sql`
      create trigger ${sql.id(`${tabla}_fts_del`)} after delete on ${sql.table(tabla)}
      begin
        insert into ${fts} (${fts}, rowid, ${cols}) values ('delete', old.rowid, ${oldCols});
      end`.execute(db);
    await sql`
      create trigger ${sql.id(`${tabla}_fts_upd`)} after update on ${sql.table(tabla)}
      begin
        insert into ${fts} (${fts}, rowid, ${cols}) values ('delete', old.rowid, ${oldCols});
        insert into ${fts} (rowid, ${cols}) values (new.rowid, ${newCols});
      end`.execute(db);
    // Rows written before this migration.
    await sql`insert into ${fts} (${fts}) values ('rebuild')`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  for (const tabla of Object.keys(TEXT_INDEXES)) {
    for (const suffix of ['ins', 'del', 'upd']) await sql`drop trigger if exists ${sql.id(`${tabla}_fts_${suffix}`)}`.execute(db);
    await sql`drop table if exists ${sql.table(`${tabla}_fts`)}`.execute(db);
  }
}
