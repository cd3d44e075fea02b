// Opens the database chosen by the configuration (SQLite file or PostgreSQL) and migrates it.
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_MIGRATION_TABLE, Kysely, Migrator, PostgresAdapter, sql, type Migration, type MigrationProvider } from 'kysely';
import { OwnSchemaPostgresDialect } from './ownSchema';
import { translate } from './translate';
import { getByte, setByte } from './hll';
import { QueuedSqliteDialect } from './sqliteQueue';
import type { Config } from '../config';
import type { Database } from './schema';
import type { CounterFills } from './migrationFills';
import { prepareFrequentStatements } from './prepared';
import { startWalCheckpoints, type WalCheckpoints } from './walCheckpoints';
import * as m001 from './migrations/001_inicial';
import * as m002 from './migrations/002_busquedas';
import * as m003 from './migrations/003_texto';
import * as m004 from './migrations/004_trabajos';
import * as m005 from './migrations/005_sesiones';
import * as m006 from './migrations/006_contadores';
import * as m007 from './migrations/007_bots';
import * as m008 from './migrations/008_revisiones';
import * as m009 from './migrations/009_conversaciones';
import * as m010 from './migrations/010_canales';
import * as m011 from './migrations/011_frases_unicas';
import * as m012 from './migrations/012_trabajo_empresa';
import * as m013 from './migrations/013_historial';
import { usoRelleno } from './migrations/014_uso_relleno';
import { clientesDistintos } from './migrations/015_clientes_distintos';
import * as m016 from './migrations/016_auditoria_refs';
import * as m017 from './migrations/017_qna';
import { usoQnaRelleno } from './migrations/018_uso_qna_relleno';
import * as m019 from './migrations/019_oidc';
import * as m020 from './migrations/020_facebook';
import * as m021 from './migrations/021_adjuntos';
import * as m022 from './migrations/022_clave';
import * as m023 from './migrations/023_entrega_plazo';
import * as m024 from './migrations/024_rellenos';

export type DB = Kysely<Database>;
export type DialectName = 'sqlite' | 'postgres';

declare module 'fastify' {
  interface FastifyInstance {
    db: DB;
    dialect: DialectName;
  }
}

/** Every migration; 014, 015 and 018 count the recorded conversations with `fills`. */
const migrations = (fills: CounterFills): Record<string, Migration> => ({
  '001_inicial': m001,
  '002_busquedas': m002,
  '003_texto': m003,
  '004_trabajos': m004,
  '005_sesiones': m005,
  '006_contadores': m006,
  '007_bots': m007,
  '008_revisiones': m008,
  '009_conversaciones': m009,
  '010_canales': m010,
  '011_frases_unicas': m011,
  '012_trabajo_empresa': m012,
  '013_historial': m013,
  '014_uso_relleno': usoRelleno(fills),
  '015_clientes_distintos': clientesDistintos(fills),
  '016_auditoria_refs': m016,
  '017_qna': m017,
  '018_uso_qna_relleno': usoQnaRelleno(fills),
  '019_oidc': m019,
  '020_facebook': m020,
  '021_adjuntos': m021,
  '022_clave': m022,
  '023_entrega_plazo': m023,
  '024_rellenos': m024,
});

class StaticMigrations implements MigrationProvider {
  constructor(private readonly fills: CounterFills) {}
  async getMigrations() {
    return migrations(this.fills);
  }
}

export interface OpenedDb {
  db: DB;
  dialect: DialectName;
  /** SQLite: the thread that checkpoints its WAL (walCheckpoints.ts). */
  checkpoints?: WalCheckpoints;
}

/** Compiled SQLite statements kept for reuse. */
const MAX_CACHED_STATEMENTS = 2000;

export async function openDb(config: Pick<Config, 'dataDir' | 'databaseUrl'> & Partial<Pick<Config, 'preparedStatements'>>): Promise<OpenedDb> {
  if (config.databaseUrl) {
    const { default: pg } = await import('pg');
    // Big integers (bigint columns: sesion.ua, sesion.checkedAt, nonce.ts) come back as numbers.
    pg.types.setTypeParser(20, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    if (config.preparedStatements !== false) prepareFrequentStatements(pool);
    return { db: new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  const { default: SQLite } = await import('better-sqlite3');
  fs.mkdirSync(config.dataDir, { recursive: true });
  const name = path.resolve(config.dataDir, 'quipu.db');
  const file = new SQLite(name);
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = NORMAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  file.function('translate', { deterministic: true }, translate);
  file.function('get_byte', { deterministic: true }, getByte);
  file.function('set_byte', { deterministic: true }, setByte);
  const checkpoints = startWalCheckpoints(name, file);
  // better-sqlite3 compiles a statement on each prepare(); the same SQL text (Kysely builds few
  // distinct ones) reuses its compiled statement, which is safe because every call runs to the end.
  const statements = new Map<string, ReturnType<typeof file.prepare>>();
  const database = {
    close: () => {
      // Its thread's connection closes first, so this one is the last and SQLite checkpoints the WAL into the file.
      checkpoints.stop();
      file.close();
    },
    prepare: (text: string) => {
      let statement = statements.get(text);
      if (!statement) {
        if (statements.size >= MAX_CACHED_STATEMENTS) statements.clear();
        statements.set(text, (statement = file.prepare(text)));
      }
      return statement;
    },
  };
  return { db: new Kysely<Database>({ dialect: new QueuedSqliteDialect({ database }) }), dialect: 'sqlite', checkpoints };
}

async function migratorOf(db: DB, fills: CounterFills): Promise<Migrator> {
  // Kysely looks for its migration tables in every schema unless told which one; on PostgreSQL,
  // name the connection's own, so a database holding other Quipu schemas is migrated correctly.
  let migrationTableSchema: string | undefined;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    migrationTableSchema = rows[0]?.schema;
  }
  return new Migrator({ db, provider: new StaticMigrations(fills), migrationTableSchema });
}

/**
 * Brings the database to the latest migration; answers how many were applied. Migrations 014, 015
 * and 018 count the recorded conversations with `fills` (conversation/usoRelleno.ts counterFills).
 * Before any run, `onPending` hears the names of those about to run, and whether this is an
 * upgrade (some migrations applied already, not all).
 */
export async function migrate(db: DB, fills: CounterFills, onPending?: (pending: string[], upgrade: boolean) => void): Promise<number> {
  const migrator = await migratorOf(db, fills);
  if (onPending) {
    const migrations = await migrator.getMigrations();
    const pending = migrations.filter((m) => !m.executedAt).map((m) => m.name);
    // An upgrade: the database has some migrations already.
    if (pending.length > 0) onPending(pending, pending.length < migrations.length);
  }
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`La migración ${failed?.migrationName ?? ''} falló: ${String(error)}`);
  }
  return results?.filter((r) => r.status === 'Success').length ?? 0;
}

/** The migrations this server knows that the database has not applied; it only reads Kysely's table. */
export async function pendingMigrations(db: DB): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db);
  const applied = new Set(rows.map((row) => row.name));
  // Only the names are read: no migration runs, so none needs the counter fills.
  return Object.keys(migrations({} as CounterFills)).filter((name) => !applied.has(name));
}

/**
 * Un-applies the migrations after `name`, newest first, each with its own `down` (tests and the
 * upgrade bench bring a database back to an earlier version with it); answers how many it undid.
 */
export async function migrateDownTo(db: DB, name: string): Promise<number> {
  const migrator = await migratorOf(db, {} as CounterFills);
  const { error, results } = await migrator.migrateTo(name);
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`No se pudo deshacer la migración ${failed?.migrationName ?? ''}: ${String(error)}`);
  return results?.filter((r) => r.status === 'Success').length ?? 0;
}
