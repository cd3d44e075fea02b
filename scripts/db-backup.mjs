// `npm run db:backup [FILE]`: a consistent copy of Quipu's database, taken while the server runs.
// The embedded SQLite file is copied by SQLite's online backup, in one read transaction, so the
// copy holds every write committed before it began and the server goes on writing meanwhile;
// PostgreSQL is dumped by pg_dump in its custom format (one snapshot). The copy is written under a
// temporary name and renamed when whole, so FILE is never half a backup.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { configuredDatabase, operatorPath, pgConnection, Refusal, runCommand, runPgTool, shownUrl, syncFile } from './respaldo.mjs';

/** Pages per step: all of them, so the copy is one read of one moment. */
const ALL_PAGES = 0x7fffffff;

function defaultName(kind) {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `quipu-respaldo-${stamp}.${kind === 'sqlite' ? 'sqlite' : 'pgdump'}`;
}

async function backupSqlite(source, partial) {
  if (!fs.existsSync(source)) throw new Refusal(`No hay base de datos en ${source}: revise DATA_DIR.`);
  console.log(`Respaldando ${source} con la copia en línea de SQLite (el servidor puede seguir funcionando)...`);
  // Not read-only: a read-only connection cannot open a WAL database whose server has stopped.
  const db = new Database(source, { fileMustExist: true, timeout: 5000 });
  try {
    await db.backup(partial, {
      progress: ({ totalPages }) => {
        console.log(`Copiando ${totalPages} páginas (${((totalPages * db.pragma('page_size', { simple: true })) / 1048576).toFixed(1)} MB)...`);
        return ALL_PAGES;
      },
    });
  } finally {
    db.close();
  }
  // The copy as one file that needs no WAL beside it, checked before it is given its name.
  const copy = new Database(partial, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`la copia no pasó la comprobación de SQLite: ${check}`);
  } finally {
    copy.close();
  }
}

function backupPostgres(url, partial) {
  console.log(`Volcando ${shownUrl(url)} con pg_dump (formato personalizado; el servidor puede seguir funcionando)...`);
  const { dbname, env } = pgConnection(url);
  const result = runPgTool('pg_dump', ['--format=custom', `--file=${partial}`, `--dbname=${dbname}`], env);
  if (result.status !== 0) throw new Refusal(`pg_dump falló (código ${result.status}): ${result.stderr.trim()}`);
}

async function main() {
  const database = configuredDatabase();
  const file = operatorPath(process.argv[2] || defaultName(database.kind));
  if (fs.existsSync(file)) throw new Refusal(`${file} ya existe: elija otro nombre o bórrelo antes.`);
  if (!fs.statSync(path.dirname(file), { throwIfNoEntry: false })?.isDirectory()) throw new Refusal(`No existe la carpeta ${path.dirname(file)}.`);
  const partial = `${file}.parcial`;
  fs.rmSync(partial, { force: true });
  const started = Date.now();
  try {
    if (database.kind === 'sqlite') await backupSqlite(database.file, partial);
    else backupPostgres(database.url, partial);
    syncFile(partial);
    fs.renameSync(partial, file);
    syncFile(file);
  } finally {
    fs.rmSync(partial, { force: true });
  }
  const mb = (fs.statSync(file).size / 1048576).toFixed(1);
  console.log(`Respaldo escrito en ${file} (${mb} MB, ${((Date.now() - started) / 1000).toFixed(1)} s).`);
  console.log('Guarde también SECRET_KEY (en la instalación embebida, el archivo secret.key de DATA_DIR): sin ella no se pueden leer los secretos del respaldo.');
}

runCommand(main, 'no se pudo escribir el respaldo');
