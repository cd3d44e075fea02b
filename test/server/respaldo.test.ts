// npm run db:backup and npm run db:restore: a backup taken while the server writes holds every write
// it acknowledged before the backup began, and restoring it into the stopped installation brings
// them back. Restores refuse a running server and a file that is not a backup, in Spanish.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { seedDemo } from '../../server/src/seed/index';
import type { App } from '../../server/src/types';
import { API, Client, TEST_PASSWORD_COST, TEST_SECRET_KEY, type Clock } from './helpers';

const ROOT = path.resolve(import.meta.dirname, '../..');
const clock: Clock = {
  get now() {
    return Date.now();
  },
  advance() {},
};

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'quipu-respaldo-'));
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

/** The installation's server, on `where`: the demo data loaded when `seed`. */
async function startServer(where: { dataDir: string; databaseUrl?: string }, seed: boolean): Promise<App> {
  const config = loadConfig({ DATA_DIR: where.dataDir, CONSOLE_DIR: '' }, { databaseUrl: where.databaseUrl, secretKey: TEST_SECRET_KEY, logLevel: 'silent' });
  const app = await buildApp(config, { passwordCost: TEST_PASSWORD_COST, logger: false, seed: false, runJobs: false });
  if (seed) await seedDemo(app.db, Date.now(), { passwordCost: TEST_PASSWORD_COST });
  return app;
}

interface Run {
  code: number | null;
  out: string;
  err: string;
}

/** `npm run db:backup` or `npm run db:restore` with only these settings (and PATH), as an operator runs it beside the server. */
function runScript(script: 'db-backup' | 'db-restore', args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts', `${script}.mjs`), ...args], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env } });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

/** Creates companies one after another until stopped; remembers each one the server acknowledged, in order. */
function keepWriting(app: App) {
  const admin = new Client({ app, clock });
  const acknowledged: string[] = [];
  let stopped = false;
  const writing = (async () => {
    const signedIn = await admin.signIn('admin@quipu.test');
    if (signedIn.statusCode !== 200) throw new Error(signedIn.body);
    for (let n = 1; !stopped; n += 1) {
      const nm = `Respaldo ${n}`;
      const response = await admin.post(`${API}/empresa`, { nm, ruc: String(20500000000 + n), tk1: 't1', tk2: 't2', tk3: 't3', tk4: 't4' });
      if (response.statusCode !== 200) throw new Error(`${nm}: ${response.statusCode} ${response.body}`);
      acknowledged.push(nm);
    }
  })();
  return {
    acknowledged,
    async until(count: number) {
      while (acknowledged.length < count) await new Promise((resolve) => setTimeout(resolve, 20));
    },
    async stop() {
      stopped = true;
      await writing;
    },
  };
}

async function companies(app: App): Promise<string[]> {
  const rows = await app.db.selectFrom('empresa').select('nm').where('nm', 'like', 'Respaldo %').execute();
  return rows.map((row) => row.nm);
}

/**
 * Writes, a backup taken in the middle of them, more writes, then the server stopped and the backup
 * restored into `target` (its installation, stopped): what the restored server finds.
 */
async function roundTrip(
  source: { dataDir: string; databaseUrl?: string },
  env: Record<string, string>,
  target: { dataDir: string; databaseUrl?: string },
  targetEnv: Record<string, string>,
  beforeWrites: () => () => void = () => () => undefined,
) {
  const backup = path.join(await tempDir(), 'respaldo');
  const server = await startServer(source, true);
  const afterWrites = beforeWrites();
  const writer = keepWriting(server);
  let before: string[];
  let during: number;
  let made: Run;
  try {
    await writer.until(15);
    before = [...writer.acknowledged];
    made = await runScript('db-backup', [backup], env);
    during = writer.acknowledged.length - before.length;
    // Acknowledged after the backup ended: in the installation, not in the backup.
    await writer.until(writer.acknowledged.length + 3);
  } finally {
    await writer.stop();
    afterWrites();
  }
  const last = writer.acknowledged.at(-1) as string;
  expect(await companies(server)).toContain(last);
  await server.close();
  expect(made.code, made.err).toBe(0);
  expect(made.out).toContain(`Respaldo escrito en ${backup}`);
  const restored = await runScript('db-restore', [backup], targetEnv);
  expect(restored.code, restored.err).toBe(0);
  expect(restored.out).toContain('Respaldo restaurado');
  const again = await startServer(target, false);
  try {
    return { before, during, last, found: await companies(again) };
  } finally {
    await again.close();
  }
}

describe('respaldo de la base embebida (SQLite)', () => {
  it('un respaldo tomado mientras el servidor escribe, restaurado con el servidor detenido, tiene cada escritura confirmada antes del respaldo', async () => {
    const dataDir = await tempDir();
    // A reader keeping its snapshot, as a long report does, keeps the checkpoints from copying the
    // writes into the database file: they are in the WAL only, where the backup has to find them.
    const holdSnapshot = () => {
      const reader = new Database(path.join(dataDir, 'quipu.db'), { fileMustExist: true });
      reader.exec('begin');
      reader.prepare('select count(*) from empresa').get();
      return () => {
        reader.exec('commit');
        reader.close();
      };
    };
    const { before, during, last, found } = await roundTrip({ dataDir }, { DATA_DIR: dataDir }, { dataDir }, { DATA_DIR: dataDir }, holdSnapshot);
    expect(during).toBeGreaterThan(0);
    expect(found).toEqual(expect.arrayContaining(before));
    // The installation went back to the backup: what was written after it is gone.
    expect(found).not.toContain(last);
    const files = await fs.readdir(dataDir);
    expect(files).toContain('quipu.db.antes-de-restaurar');
    expect(files.filter((name) => name.includes('restaurando'))).toEqual([]);
  });

  it('no restaura con el servidor en marcha, ni un archivo que no es un respaldo', async () => {
    const dataDir = await tempDir();
    const server = await startServer({ dataDir }, true);
    const backup = path.join(await tempDir(), 'respaldo.sqlite');
    try {
      expect((await runScript('db-backup', [backup], { DATA_DIR: dataDir })).code).toBe(0);
      const busy = await runScript('db-restore', [backup], { DATA_DIR: dataDir });
      expect(busy.code).toBe(1);
      expect(busy.err).toContain(`Error: La base de datos ${path.join(dataDir, 'quipu.db')} está en uso: detenga el servidor (todas sus instancias) antes de restaurar`);
      // The running server still has its database.
      expect((await server.db.selectFrom('empresa').select('nm').execute()).length).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
    const text = path.join(await tempDir(), 'notas.txt');
    await fs.writeFile(text, 'esto no es un respaldo');
    const wrong = await runScript('db-restore', [text], { DATA_DIR: dataDir });
    expect(wrong.code).toBe(1);
    expect(wrong.err).toContain(`Error: ${text} no es un respaldo de Quipu (no es una base de datos SQLite)`);
    const taken = await runScript('db-backup', [backup], { DATA_DIR: dataDir });
    expect(taken.code).toBe(1);
    expect(taken.err).toContain(`Error: ${backup} ya existe`);
    expect(await fs.readdir(dataDir)).not.toContain('quipu.db.antes-de-restaurar');
  });
});

describe('herramientas de PostgreSQL', () => {
  it('sin pg_dump ni pg_restore en el PATH lo dicen en castellano y terminan con error', async () => {
    const env = { DATABASE_URL: 'postgres://quipu@127.0.0.1:1/quipu', PATH: await tempDir() };
    const backup = await runScript('db-backup', [path.join(await tempDir(), 'r.pgdump')], env);
    expect(backup.code).toBe(1);
    expect(backup.err).toContain('Error: No se encontró pg_dump: instale el cliente de PostgreSQL');
    const file = path.join(await tempDir(), 'r.pgdump');
    await fs.writeFile(file, 'PGDMP');
    const restore = await runScript('db-restore', [file], env);
    expect(restore.code).toBe(1);
    expect(restore.err).toContain('Error: No se encontró pg_restore: instale el cliente de PostgreSQL');
  });
});

const pgDumpFound = spawnSync('pg_dump', ['--version']).status === 0;
const pgSkipped = !process.env.DATABASE_URL ? 'sin DATABASE_URL' : !pgDumpFound ? 'pg_dump no está en el PATH' : '';

describe.skipIf(pgSkipped !== '')(`respaldo en PostgreSQL${pgSkipped ? ` (omitido: ${pgSkipped})` : ''}`, () => {
  /** A new database beside DATABASE_URL's, dropped when the file ends. */
  async function newDatabase(): Promise<string> {
    const { default: pg } = await import('pg');
    const name = `${new URL(process.env.DATABASE_URL as string).pathname.slice(1)}_respaldo_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    });
    const url = new URL(process.env.DATABASE_URL as string);
    url.pathname = `/${name}`;
    return url.toString();
  }

  it('pg_dump mientras el servidor escribe y pg_restore en la instalación detenida traen cada escritura confirmada antes del respaldo', async () => {
    const source = { dataDir: await tempDir(), databaseUrl: await newDatabase() };
    const target = { dataDir: await tempDir(), databaseUrl: await newDatabase() };
    const { before, during, last, found } = await roundTrip(source, { DATABASE_URL: source.databaseUrl }, target, { DATABASE_URL: target.databaseUrl });
    expect(during).toBeGreaterThan(0);
    expect(found).toEqual(expect.arrayContaining(before));
    expect(found).not.toContain(last);
  });

  it('no restaura mientras hay instancias conectadas, ni un archivo que no es un volcado de Quipu', async () => {
    const where = { dataDir: await tempDir(), databaseUrl: await newDatabase() };
    const server = await startServer(where, false);
    const backup = path.join(await tempDir(), 'respaldo.pgdump');
    try {
      expect((await runScript('db-backup', [backup], { DATABASE_URL: where.databaseUrl })).code).toBe(0);
      const busy = await runScript('db-restore', [backup], { DATABASE_URL: where.databaseUrl });
      expect(busy.code).toBe(1);
      expect(busy.err).toMatch(/Error: Hay \d+ conexi(ón abierta|ones abiertas) a .*: detenga el servidor \(todas sus instancias\) antes de restaurar/);
    } finally {
      await server.close();
    }
    const text = path.join(await tempDir(), 'notas.pgdump');
    await fs.writeFile(text, 'esto no es un respaldo');
    const wrong = await runScript('db-restore', [text], { DATABASE_URL: where.databaseUrl });
    expect(wrong.code).toBe(1);
    expect(wrong.err).toContain(`Error: ${text} no es un respaldo de Quipu`);
  });
});
