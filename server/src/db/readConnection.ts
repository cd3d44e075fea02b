// A connection of its own for a worker thread that only reads (a report's rows): never the server's
// handle, which belongs to the main thread. SQLite: the same file opened read-only; PostgreSQL: a
// pool of one connection to the same database and schema.
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Config } from '../config';
import type { Database } from './schema';
import { getByte, setByte } from './hll';
import { translate } from './translate';

/** What a thread needs to open its own connection: plain data, passed in workerData. */
export type ReadTarget = Pick<Config, 'dataDir' | 'databaseUrl'>;

export const readTarget = (config: ReadTarget): ReadTarget => ({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });

export async function openReadDb(target: ReadTarget): Promise<Kysely<Database>> {
  if (target.databaseUrl) {
    const { default: pg } = await import('pg');
    // As the server reads them: bigint columns come back as numbers.
    pg.types.setTypeParser(20, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 1 });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const { default: SQLite } = await import('better-sqlite3');
  const file = new SQLite(path.resolve(target.dataDir, 'quipu.db'), { readonly: true, fileMustExist: true });
  file.pragma('busy_timeout = 5000');
  // The functions the server's queries may call, as the server's connection has them.
  file.function('translate', { deterministic: true }, translate);
  file.function('get_byte', { deterministic: true }, getByte);
  file.function('set_byte', { deterministic: true }, setByte);
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
}
