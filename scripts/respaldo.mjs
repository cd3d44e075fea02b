// What `npm run db:backup` and `npm run db:restore` share: which database the settings name (the
// embedded SQLite file under DATA_DIR, or DATABASE_URL), PostgreSQL's tools, and refusals in Spanish.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** A reason to stop, said to the operator as it is, without a stack trace. */
export class Refusal extends Error {}

/** The database the server would open with these settings (as server/src/config.ts reads them). */
export function configuredDatabase(env = process.env) {
  if (env.DATABASE_URL) return { kind: 'postgres', url: env.DATABASE_URL };
  const dataDir = path.resolve(env.DATA_DIR || './data');
  return { kind: 'sqlite', dataDir, file: path.join(dataDir, 'quipu.db') };
}

/** A file the operator named, read from where they typed the command (npm runs scripts from the project's root). */
export function operatorPath(file, env = process.env) {
  return path.resolve(env.INIT_CWD || process.cwd(), file);
}

/** The database's name in what is printed: never its password. */
export function shownUrl(url) {
  const shown = new URL(url);
  if (shown.password) shown.password = '***';
  return shown.toString();
}

/**
 * How pg_dump and pg_restore reach DATABASE_URL: the address without its password on the command
 * line (where ps shows it), the password in their environment.
 */
export function pgConnection(url, env = process.env) {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { ...env, PGPASSWORD: password } : env };
}

/** Runs PostgreSQL's `tool`; refuses, saying so, where it is not installed. */
export function runPgTool(tool, args, env) {
  const result = spawnSync(tool, args, { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error?.code === 'ENOENT') {
    throw new Refusal(
      `No se encontró ${tool}: instale el cliente de PostgreSQL (en Debian, el paquete postgresql-client) de la misma versión que el servidor o una más nueva, y asegúrese de que ${tool} esté en el PATH.`,
    );
  }
  if (result.error) throw result.error;
  return result;
}

/** Writes the file's data to disk, and its entry in its folder. */
export function syncFile(file) {
  const handle = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(handle);
  } finally {
    fs.closeSync(handle);
  }
  const folder = fs.openSync(path.dirname(file), 'r');
  try {
    fs.fsyncSync(folder);
  } finally {
    fs.closeSync(folder);
  }
}

/** Runs `main`; a refusal is printed as it is, anything else with its cause. Non-zero exit on either. */
export function runCommand(main, failure) {
  main().then(
    () => process.exit(0),
    (error) => {
      if (error instanceof Refusal) console.error(`Error: ${error.message}`);
      else console.error(`Error: ${failure}:`, error);
      process.exit(1);
    },
  );
}
