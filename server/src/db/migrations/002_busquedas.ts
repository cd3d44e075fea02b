// Indexes for the paged searches of users and the audit log, and per-company row counters
// kept by triggers, so a list's total is read in constant time instead of counted.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/** Tables whose rows are counted per company in `conteo`. */
const CONTADAS = ['usuario', 'auditoria'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  // Every list orders by (column, fc, id) in one direction, so each index ends in fc, id:
  // the page is read in index order and the deferred join fetches only the rows shown.
  for (const name of ['usuario_ide_nm', 'usuario_ide_ap', 'usuario_ide_fc']) {
    await db.schema.dropIndex(name).execute();
  }
  const usuario: Record<string, string[]> = {
    usuario_ide_fc_id: ['idE', 'fc', 'id'],
    usuario_ide_nm_fc_id: ['idE', 'nm', 'fc', 'id'],
    usuario_ide_ap_fc_id: ['idE', 'ap', 'fc', 'id'],
    usuario_ide_usuario_fc_id: ['idE', 'usuario', 'fc', 'id'],
    usuario_ide_a_fc_id: ['idE', 'a', 'fc', 'id'],
    usuario_ide_uc_fc_id: ['idE', 'uc', 'fc', 'id'],
    // The system admin's list spans every company.
    usuario_fc_id: ['fc', 'id'],
  };
  for (const [name, columns] of Object.entries(usuario)) {
    await db.schema.createIndex(name).on('usuario').columns(columns).execute();
  }
  const auditoria: Record<string, string[]> = {
    auditoria_ide_us_fc_id: ['idE', 'us', 'fc', 'id'],
    auditoria_ide_ev_fc_id: ['idE', 'ev', 'fc', 'id'],
    auditoria_fc_id: ['fc', 'id'],
  };
  for (const [name, columns] of Object.entries(auditoria)) {
    await db.schema.createIndex(name).on('auditoria').columns(columns).execute();
  }

  await db.schema
    .createTable('conteo')
    .addColumn('tabla', 'varchar(40)', (c) => c.notNull())
    .addColumn('idE', 'varchar(64)', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('conteo_pk', ['tabla', 'idE'])
    .execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) await postgresTriggers(db);
  else await sqliteTriggers(db);

  // Rows written before this migration.
  for (const tabla of CONTADAS) {
    await sql`
      insert into conteo (tabla, "idE", n)
      select ${tabla}, "idE", count(*) from ${sql.table(tabla)} group by "idE"`.execute(db);
  }
}

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  for (const tabla of CONTADAS) {
    const t = sql.table(tabla);
    await sql`
      create trigger ${sql.id(`${tabla}_conteo_ins`)} after insert on ${t}
      begin
        insert into conteo (tabla, "idE", n) values (${sql.lit(tabla)}, new."idE", 1)
          on conflict (tabla, "idE") do update set n = n + 1;
      end`.execute(db);
    await sql`
      create trigger ${sql.id(`${tabla}_conteo_del`)} after delete on ${t}
      begin
        update conteo set n = n - 1 where tabla = ${sql.lit(tabla)} and "idE" = old."idE";
      end`.execute(db);
    await sql`
      create trigger ${sql.id(`${tabla}_conteo_upd`)} after update of "idE" on ${t}
      when new."idE" <> old."idE"
      begin
        update conteo set n = n - 1 where tabla = ${sql.lit(tabla)} and "idE" = old."idE";
        insert into conteo (tabla, "idE", n) values (${sql.lit(tabla)}, new."idE", 1)
          on conflict (tabla, "idE") do update set n = n + 1;
      end`.execute(db);
  }
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function conteo_fila() returns trigger language plpgsql as $$
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
    create function conteo_vaciar() returns trigger language plpgsql as $$
    begin
      delete from conteo where tabla = tg_table_name;
      return null;
    end $$`.execute(db);
  for (const tabla of CONTADAS) {
    const t = sql.table(tabla);
    await sql`
      create trigger ${sql.id(`${tabla}_conteo`)} after insert or delete on ${t}
      for each row execute function conteo_fila()`.execute(db);
    await sql`
      create trigger ${sql.id(`${tabla}_conteo_upd`)} after update of "idE" on ${t}
      for each row when (new."idE" is distinct from old."idE") execute function conteo_fila()`.execute(db);
    await sql`
      create trigger ${sql.id(`${tabla}_conteo_trunc`)} after truncate on ${t}
      for each statement execute function conteo_vaciar()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const tabla of CONTADAS) {
    const suffixes = postgres ? ['conteo', 'conteo_upd', 'conteo_trunc'] : ['conteo_ins', 'conteo_del', 'conteo_upd'];
    for (const suffix of suffixes) {
      if (postgres) await sql`drop trigger if exists ${sql.id(`${tabla}_${suffix}`)} on ${sql.table(tabla)}`.execute(db);
      else await sql`drop trigger if exists ${sql.id(`${tabla}_${suffix}`)}`.execute(db);
    }
  }
  if (postgres) {
    await sql`drop function if exists conteo_fila()`.execute(db);
    await sql`drop function if exists conteo_vaciar()`.execute(db);
  }
  await db.schema.dropTable('conteo').execute();
  for (const name of [
    'usuario_ide_fc_id', 'usuario_ide_nm_fc_id', 'usuario_ide_ap_fc_id', 'usuario_ide_usuario_fc_id',
    'usuario_ide_a_fc_id', 'usuario_ide_uc_fc_id', 'usuario_fc_id',
    'auditoria_ide_us_fc_id', 'auditoria_ide_ev_fc_id', 'auditoria_fc_id',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
  await db.schema.createIndex('usuario_ide_nm').on('usuario').columns(['idE', 'nm']).execute();
  await db.schema.createIndex('usuario_ide_ap').on('usuario').columns(['idE', 'ap']).execute();
  await db.schema.createIndex('usuario_ide_fc').on('usuario').columns(['idE', 'fc']).execute();
}
