// `npm run db:restore FILE`: puts a backup of `npm run db:backup` back into a stopped installation.
// SQLite: the backup is copied beside the database and checked, and replaces it by a rename; the
// database it replaces is kept as quipu.db.antes-de-restaurar, and no WAL or shared-memory file of
// it is left to be applied to the new one. The server counts as running while any connection holds
// the file: SQLite then refuses to take it out of WAL mode. PostgreSQL: pg_restore --clean
// --if-exists in one transaction into DATABASE_URL, refused while other sessions are connected to
// that database, which is what a running instance keeps.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { configuredDatabase, operatorPath, pgConnection, Refusal, runCommand, runPgTool, shownUrl, syncFile } from './respaldo.mjs';

const SQLITE_HEADER = 'SQLite format 3\0';
const KEPT_SUFFIX = '.antes-de-restaurar';

const notABackup = (file, why) => new Refusal(`${file} no es un respaldo de Quipu (${why}); use un archivo escrito por npm run db:backup.`);
const running = (what) =>
  new Refusal(`${what}: detenga el servidor (todas sus instancias) antes de restaurar; un respaldo se toma en marcha, pero se restaura con el servidor detenido.`);

function sqliteHeader(file) {
  const handle = fs.openSync(file, 'r');
  try {
    const header = Buffer.alloc(SQLITE_HEADER.length);
    fs.readSync(handle, header, 0, header.length, 0);
    return header.toString('latin1');
  } finally {
    fs.closeSync(handle);
  }
}

/** Checks the copy beside the database: whole, and Quipu's (its migrations and companies are there). */
function checkSqliteCopy(staged, file) {
  const db = new Database(staged, { fileMustExist: true });
  try {
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw notABackup(file, `SQLite lo encuentra dañado: ${check}`);
    const tables = db.prepare("select name from sqlite_master where type = 'table' and name in ('kysely_migration', 'empresa')").pluck().all();
    if (tables.length !== 2) throw notABackup(file, 'no tiene las tablas de Quipu');
    // A file of its own, whatever journal the backup was taken with.
    db.pragma('journal_mode = DELETE');
  } finally {
    db.close();
  }
}

/**
 * Takes the installed database out of WAL mode, which SQLite allows only to its sole connection:
 * a server holding it open makes this fail. Its WAL is copied in and removed on the way.
 */
function settleInstalled(installed) {
  const db = new Database(installed, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma('journal_mode = DELETE');
  } catch (error) {
    if (error.code === 'SQLITE_BUSY' || error.code === 'SQLITE_LOCKED') throw running(`La base de datos ${installed} está en uso`);
    throw error;
  } finally {
    db.close();
  }
  for (const suffix of ['-wal', '-shm']) {
    if (fs.existsSync(installed + suffix)) throw running(`La base de datos ${installed} está en uso (existe ${path.basename(installed + suffix)})`);
  }
}

function restoreSqlite(database, file) {
  if (sqliteHeader(file) !== SQLITE_HEADER) throw notABackup(file, 'no es una base de datos SQLite');
  fs.mkdirSync(database.dataDir, { recursive: true });
  const staged = `${database.file}.restaurando`;
  try {
    console.log(`Comprobando ${file}...`);
    fs.copyFileSync(file, staged);
    checkSqliteCopy(staged, file);
    syncFile(staged);
    if (fs.existsSync(database.file)) {
      settleInstalled(database.file);
      fs.renameSync(database.file, database.file + KEPT_SUFFIX);
      console.log(`La base de datos anterior quedó en ${database.file + KEPT_SUFFIX}; bórrela cuando ya no la necesite.`);
    }
    console.log(`Restaurando en ${database.file}...`);
    fs.renameSync(staged, database.file);
    syncFile(database.file);
  } finally {
    fs.rmSync(staged, { force: true });
  }
}

/** Sessions on the database other than this one: a running instance keeps its pool and its LISTEN open. */
async function otherSessions(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'",
    );
    return rows[0].n;
  } finally {
    await client.end();
  }
}

async function restorePostgres(url, file) {
  const { dbname, env } = pgConnection(url);
  console.log(`Comprobando ${file}...`);
  const list = runPgTool('pg_restore', ['--list', file], env);
  if (list.status !== 0) throw notABackup(file, 'pg_restore no lo reconoce como un volcado en formato personalizado');
  if (!/ TABLE \S+ kysely_migration /.test(list.stdout)) throw notABackup(file, 'no tiene las tablas de Quipu');
  const sessions = await otherSessions(url);
  if (sessions > 0) throw running(`Hay ${sessions} ${sessions === 1 ? 'conexión abierta' : 'conexiones abiertas'} a ${shownUrl(url)}`);
  console.log(`Restaurando en ${shownUrl(url)} con pg_restore (en una sola transacción)...`);
  const args = ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${dbname}`, file];
  const result = runPgTool('pg_restore', args, env);
  if (result.status !== 0) throw new Refusal(`pg_restore falló (código ${result.status}); la base de datos quedó como estaba: ${result.stderr.trim()}`);
}

async function main() {
  if (!process.argv[2]) throw new Refusal('Indique el archivo del respaldo: npm run db:restore ARCHIVO');
  const file = operatorPath(process.argv[2]);
  if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) throw new Refusal(`No existe el archivo ${file}.`);
  const database = configuredDatabase();
  const started = Date.now();
  if (database.kind === 'sqlite') restoreSqlite(database, file);
  else await restorePostgres(database.url, file);
  console.log(`Respaldo restaurado (${((Date.now() - started) / 1000).toFixed(1)} s).`);
  console.log('Inicie el servidor con la SECRET_KEY de la instalación de la que proviene el respaldo: con otra, no arrancará.');
}

runCommand(main, 'no se pudo restaurar el respaldo');
