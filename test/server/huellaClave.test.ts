// One SECRET_KEY for every instance: the database keeps the key's fingerprint (never the key), the
// first start records it, and an instance started with another key refuses to start and says what to do.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app';
import { loadConfig, type Config } from '../../server/src/config';
import { KEY_FINGERPRINT_SETTING, KEY_MISMATCH, keyFingerprint } from '../../server/src/db/keyFingerprint';
import type { App } from '../../server/src/types';
import { dialects, TEST_PASSWORD_COST, type Dialect } from './helpers';

const KEY_A = Buffer.alloc(32, 1);
const KEY_B = Buffer.alloc(32, 2);

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function pgQuery(text: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** One empty database of `dialect` that several instances can share: a data folder, or a PostgreSQL schema. */
async function sharedDatabase(dialect: Dialect): Promise<{ dataDir: string; databaseUrl?: string }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'quipu-huella-'));
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  if (dialect === 'sqlite') return { dataDir };
  const schema = `quipu_huella_${randomBytes(6).toString('hex')}`;
  await pgQuery(`create schema ${schema}`);
  cleanups.push(() => pgQuery(`drop schema ${schema} cascade`));
  const url = new URL(process.env.DATABASE_URL as string);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { dataDir, databaseUrl: url.toString() };
}

/** An instance on the shared database; `env` is its environment (SECRET_KEY), `overrides` its settings. */
async function start(where: { dataDir: string; databaseUrl?: string }, env: NodeJS.ProcessEnv, overrides: Partial<Config> = {}): Promise<App> {
  const config = loadConfig({ DATA_DIR: where.dataDir, CONSOLE_DIR: '', ...env }, { databaseUrl: where.databaseUrl, logLevel: 'silent', ...overrides });
  const app = await buildApp(config, { passwordCost: TEST_PASSWORD_COST, logger: false, seed: false, runJobs: false });
  cleanups.push(() => app.close());
  return app;
}

const base64 = (key: Buffer) => key.toString('base64');

describe('la huella de la clave', () => {
  it('distingue las claves y no deja ver la clave', () => {
    expect(keyFingerprint(KEY_A)).toBe(keyFingerprint(Buffer.alloc(32, 1)));
    expect(keyFingerprint(KEY_A)).not.toBe(keyFingerprint(KEY_B));
    expect(keyFingerprint(KEY_A)).not.toContain(base64(KEY_A).slice(0, 12));
    expect(keyFingerprint(KEY_A)).not.toContain(KEY_A.toString('base64url').slice(0, 12));
  });
});

describe.each(dialects)('una clave para todas las instancias (%s)', (dialect) => {
  it('la primera instancia registra la huella de su clave, nunca la clave', async () => {
    const where = await sharedDatabase(dialect);
    const first = await start(where, { SECRET_KEY: base64(KEY_A) });
    const rows = await first.db.selectFrom('ajuste').selectAll().execute();
    expect(rows).toEqual([{ nombre: KEY_FINGERPRINT_SETTING, valor: keyFingerprint(KEY_A) }]);
    expect(JSON.stringify(rows)).not.toContain(base64(KEY_A));
  });

  it('una segunda instancia con otra SECRET_KEY no arranca y dice qué hacer; con la misma clave arranca', async () => {
    const where = await sharedDatabase(dialect);
    const first = await start(where, { SECRET_KEY: base64(KEY_A) });
    await expect(start(where, { SECRET_KEY: base64(KEY_B) })).rejects.toThrow(KEY_MISMATCH);
    expect(KEY_MISMATCH).toMatch(/misma SECRET_KEY que las demás instancias/);
    const second = await start(where, { SECRET_KEY: base64(KEY_A) });
    const about = await second.inject({ method: 'GET', url: '/api/public/about' });
    expect(about.statusCode).toBe(200);
    // The refused start changed nothing: the recorded fingerprint is still the first one.
    const recorded = await first.db.selectFrom('ajuste').select('valor').where('nombre', '=', KEY_FINGERPRINT_SETTING).executeTakeFirstOrThrow();
    expect(recorded.valor).toBe(keyFingerprint(KEY_A));
  });

  it('una instalación anterior a la huella registra la clave que ya usa al primer inicio tras actualizar', async () => {
    const where = await sharedDatabase(dialect);
    const before = await start(where, { SECRET_KEY: base64(KEY_A) });
    // As a database upgraded to the fingerprint's table, before any instance recorded one.
    await sql`delete from ajuste`.execute(before.db);
    await before.close();
    const upgraded = await start(where, { SECRET_KEY: base64(KEY_A) });
    expect(await upgraded.db.selectFrom('ajuste').select('valor').execute()).toEqual([{ valor: keyFingerprint(KEY_A) }]);
    await expect(start(where, { SECRET_KEY: base64(KEY_B) })).rejects.toThrow(KEY_MISMATCH);
  });
});

describe('la instalación embebida', () => {
  it('registra la clave de su archivo secret.key; otra SECRET_KEY sobre los mismos datos no arranca', async () => {
    const where = await sharedDatabase('sqlite');
    const embedded = await start(where, {});
    const fileKey = (await fs.readFile(path.join(where.dataDir, 'secret.key'), 'utf8')).trim();
    expect(await embedded.db.selectFrom('ajuste').select('valor').execute()).toEqual([{ valor: keyFingerprint(Buffer.from(fileKey, 'base64')) }]);
    await embedded.close();
    await expect(start(where, { SECRET_KEY: base64(KEY_B) })).rejects.toThrow(KEY_MISMATCH);
    await (await start(where, { SECRET_KEY: fileKey })).close();
  });
});
