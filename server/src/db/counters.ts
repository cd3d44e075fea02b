// Per-company row counters (table `conteo`, for the paged searches): triggers keep, for each
// counted table, how many rows each company has, so an unfiltered list's total is one read.
// Counting a new paged table is one call in a new migration: `await addRowCounter(db, 'tabla')`
// (and its name in db/paging.ts CountedTable). The table needs an "idE" column.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The trigger names addRowCounter creates on `tabla`, per dialect. */
export function counterTriggers(tabla: string, postgres: boolean): string[] {
  return (postgres ? ['conteo', 'conteo_upd', 'conteo_trunc'] : ['conteo_ins', 'conteo_del', 'conteo_upd']).map((suffix) => `${tabla}_${suffix}`);
}

/** PostgreSQL's two trigger functions, shared by every counted table (created or replaced). */
async function postgresFunctions(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function conteo_fila() returns trigger language plpgsql as $$
    begin
      if tg_op in ('DELETE', 'UPDATE') then
        update conteo set n = n - 1 where tabla = tg_table_name and "idE" = old."idE";
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into conteo (tabla, "idE", n) values (tg_table_name, new."idE", 1)
          on conflict (tabla, "idE") do update set n = conteo.n + 1;
      end if;
      return null;
    end $$`.execute(db);
  // TRUNCATE fires no row trigger: forget the table's counters instead.
  await sql`
    create or replace function conteo_vaciar() returns trigger language plpgsql as $$
    begin
      delete from conteo where tabla = tg_table_name;
      return null;
    end $$`.execute(db);
}

/**
 * Counts `tabla`'s rows per company from now on: creates its triggers and recounts the rows it
 * already has (so it may also replace an existing counter).
 */
export async function addRowCounter(db: Kysely<unknown>, tabla: string): Promise<void> {
  await dropRowCounter(db, tabla);
  const t = sql.table(tabla);
  if (isPostgres(db)) {
    await postgresFunctions(db);
    const [rows, update, truncate] = counterTriggers(tabla, true);
    await sql`
      create trigger ${sql.id(rows)} after insert or delete on ${t}
      for each row execute function conteo_fila()`.execute(db);
    await sql`
      create trigger ${sql.id(update)} after update of "idE" on ${t}
      for each row when (new."idE" is distinct from old."idE") execute function conteo_fila()`.execute(db);
    await sql`
      create trigger ${sql.id(truncate)} after truncate on ${t}
      for each statement execute function conteo_vaciar()`.execute(db);
  } else {
    const [insert, remove, update] = counterTriggers(tabla, false);
    await sql`
      create trigger ${sql.id(insert)} after insert on ${t}
      begin
        insert into conteo (tabla, "idE", n) values (${sql.lit(tabla)}, new."idE", 1)
          on conflict (tabla, "idE") do update set n = n + 1;
      end`.execute(db);
    await sql`
      create trigger ${sql.id(remove)} after delete on ${t}
      begin
        update conteo set n = n - 1 where tabla = ${sql.lit(tabla)} and "idE" = old."idE";
      end`.execute(db);
    await sql`
      create trigger ${sql.id(update)} after update of "idE" on ${t}
      when new."idE" <> old."idE"
      begin
        update conteo set n = n - 1 where tabla = ${sql.lit(tabla)} and "idE" = old."idE";
        insert into conteo (tabla, "idE", n) values (${sql.lit(tabla)}, new."idE", 1)
          on conflict (tabla, "idE") do update set n = n + 1;
      end`.execute(db);
  }
  await sql`delete from conteo where tabla = ${tabla}`.execute(db);
  await sql`
    insert into conteo (tabla, "idE", n)
    select ${tabla}, "idE", count(*) from ${t} group by "idE"`.execute(db);
}

/** Stops counting `tabla`: drops its triggers and its counters. */
export async function dropRowCounter(db: Kysely<unknown>, tabla: string): Promise<void> {
  const postgres = isPostgres(db);
  for (const name of counterTriggers(tabla, postgres)) {
    if (postgres) await sql`drop trigger if exists ${sql.id(name)} on ${sql.table(tabla)}`.execute(db);
    else await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
  }
  await sql`delete from conteo where tabla = ${tabla}`.execute(db);
}
