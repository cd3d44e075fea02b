// Test harness: the real app on a migrated database holding the demo data (SQLite always, PostgreSQL
// too when DATABASE_URL is set), a movable clock, and clients that keep cookies and sign their writes.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll } from 'vitest';
import { signRequest, type IntegrityHeaders } from '../../common/integrity';
import { buildApp } from '../../server/src/app';
import { loadConfig, type Config } from '../../server/src/config';
import { DEMO_PASSWORD, seedDemo } from '../../server/src/seed/index';
import type { App } from '../../server/src/types';

export type Dialect = 'sqlite' | 'postgres';

/** Every suite runs once per dialect: `describe.each(dialects)`. */
export const dialects: Dialect[] = process.env.DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/** A low scrypt cost keeps the suite fast; production keeps the default. */
export const TEST_PASSWORD_COST = 1024;
export const API = '/api';
/** A fixed key for secrets at rest, so tests can decrypt what the server stored. */
export const TEST_SECRET_KEY = Buffer.alloc(32, 7);
export { DEMO_PASSWORD };

export interface Clock {
  now: number;
  advance(ms: number): void;
}

export interface TestApp {
  app: App;
  config: Config;
  clock: Clock;
  dataDir: string;
  /** A browser with an empty cookie jar, from its own address unless one is given. */
  client(remoteAddress?: string): Client;
  /** A browser signed in as `usuario`. */
  login(usuario: string, password?: string): Promise<Client>;
  /** Back to the freshly seeded state: every row deleted, the demo data reloaded, the clock at now. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export interface SendOptions {
  headers?: Record<string, string>;
  /** false sends no integrity headers. */
  sign?: boolean;
  /** Overrides for the integrity headers, after signing. */
  tamper?: Partial<IntegrityHeaders>;
  /** Sign with this time instead of the app's clock. */
  signedAt?: number;
}

let addressCount = 0;
/** Each browser gets its own address, so the per-address limits count one browser at a time. */
function nextAddress(): string {
  addressCount += 1;
  return `10.${(addressCount >> 16) & 255}.${(addressCount >> 8) & 255}.${addressCount & 255}`;
}

/** A browser: a cookie jar plus the signing key of its session. */
export class Client {
  readonly cookies = new Map<string, string>();
  key?: string;

  constructor(
    private readonly t: { app: App; clock: Clock },
    readonly remoteAddress = nextAddress(),
  ) {}

  private cookieHeader(): Record<string, string> {
    if (this.cookies.size === 0) return {};
    return { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
  }

  private remember(response: LightMyRequestResponse): void {
    for (const c of response.cookies as Array<{ name: string; value: string; expires?: Date; maxAge?: number }>) {
      const cleared = c.value === '' || c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() <= Date.now());
      if (cleared) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  async inject(options: InjectOptions): Promise<LightMyRequestResponse> {
    const response = await this.t.app.inject({
      ...options,
      remoteAddress: this.remoteAddress,
      headers: { ...this.cookieHeader(), ...(options.headers as Record<string, string> | undefined) },
    });
    this.remember(response);
    return response;
  }

  /** GET /public/athena: the session bootstrap that hands out the signing key. */
  async athena(headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const response = await this.inject({ method: 'GET', url: `${API}/public/athena`, headers });
    if (response.statusCode === 200) this.key = response.json().k;
    return response;
  }

  get(url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    return this.inject({ method: 'GET', url, headers });
  }

  /** Integrity headers for a write, as the console computes them. */
  sign(method: string, url: string, body: string, signedAt = this.t.clock.now, key = this.key): IntegrityHeaders {
    if (!key) throw new Error('no signing key: call athena() first');
    return signRequest(key, method, url, body, signedAt);
  }

  /** A write call; signs it with the session key (fetched first when missing) unless told not to. */
  async send(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown, options: SendOptions = {}): Promise<LightMyRequestResponse> {
    const payload = body === undefined ? '' : JSON.stringify(body);
    const headers: Record<string, string> = { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers };
    if (options.sign !== false) {
      if (!this.key) await this.athena();
      Object.assign(headers, this.sign(method, url, payload, options.signedAt), options.tamper);
    }
    return this.inject({ method, url, payload, headers });
  }

  post(url: string, body?: unknown, options?: SendOptions): Promise<LightMyRequestResponse> {
    return this.send('POST', url, body, options);
  }

  /** POST /enki with Basic credentials; keeps the rotated key on success. */
  async signIn(usuario: string, password = DEMO_PASSWORD): Promise<LightMyRequestResponse> {
    const basic = Buffer.from(`${usuario}:${password}`).toString('base64');
    const response = await this.post(`${API}/enki`, undefined, { headers: { authorization: `Basic ${basic}` } });
    if (response.statusCode === 200) this.key = response.json().config.k;
    return response;
  }
}

/**
 * PostgreSQL schemas for test apps, one per live app. A released schema is handed to the next app
 * (which empties and reseeds it) instead of migrating a new one; each test file drops its schemas
 * when it ends.
 */
const pgPool = { free: [] as string[], all: [] as string[] };

async function pgQuery(databaseUrl: string, text: string): Promise<Array<Record<string, string>>> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

function withSearchPath(databaseUrl: string, schema: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

async function acquirePostgresSchema(databaseUrl: string): Promise<{ url: string; release: () => void }> {
  let schema = pgPool.free.pop();
  if (!schema) {
    schema = `quipu_test_${randomBytes(6).toString('hex')}`;
    await pgQuery(databaseUrl, `create schema ${schema}`);
    pgPool.all.push(schema);
  }
  const name = schema;
  return { url: withSearchPath(databaseUrl, schema), release: () => void pgPool.free.push(name) };
}

if (process.env.DATABASE_URL) {
  afterAll(async () => {
    const schemas = pgPool.all.splice(0);
    pgPool.free.length = 0;
    if (schemas.length > 0) await pgQuery(process.env.DATABASE_URL as string, `drop schema ${schemas.join(', ')} cascade`);
  });
}

/** Tables that reference others, leaves first: the bot's parts, the skill, then the rows of a company. */
const CHILD_TABLES = ['accion', 'requerimiento', 'entidad', 'frase_nr', 'bot_version', 'skill', 'bot', 'usuario'];

/** Deletes every row of every table but Kysely's own, parents after the rows that reference them. */
export async function emptyTables(app: App): Promise<void> {
  const { db } = app;
  const { rows } =
    app.dialect === 'postgres'
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely_%'`.execute(db)
      : // Base tables only: the full-text indexes (virtual, and their shadow tables) follow by trigger.
        await sql<{ name: string }>`select name from pragma_table_list
          where schema = 'main' and type = 'table' and name not like 'kysely_%' and name not like 'sqlite_%'`.execute(db);
  // Children first, so one pass empties them; anything else blocked by a reference waits for the next pass.
  const first = CHILD_TABLES.filter((table) => rows.some((r) => r.name === table));
  let pending = [...first, ...rows.map((r) => r.name).filter((name) => !first.includes(name))];
  while (pending.length > 0) {
    const blocked: string[] = [];
    for (const table of pending) {
      try {
        await sql`delete from ${sql.table(table)}`.execute(db);
      } catch (error) {
        const code = String((error as { code?: string }).code);
        if (code !== '23503' && code !== 'SQLITE_CONSTRAINT_FOREIGNKEY') throw error;
        blocked.push(table);
      }
    }
    if (blocked.length === pending.length) throw new Error(`no se pudieron vaciar: ${blocked.join(', ')}`);
    pending = blocked;
  }
}

/**
 * Builds the real app on its own seeded database of `dialect`, with a clock the test can move.
 * Building costs far more than reset(), so suites build once (beforeAll) and reset before each test.
 */
export async function createTestApp(dialect: Dialect, overrides: Partial<Config> = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'quipu-test-'));
  const pg = dialect === 'postgres' ? await acquirePostgresSchema(process.env.DATABASE_URL as string) : undefined;
  const clock: Clock = {
    now: Date.now(),
    advance(ms) {
      this.now += ms;
    },
  };
  const config = loadConfig(
    { DATA_DIR: dataDir, CONSOLE_DIR: '' },
    {
      databaseUrl: pg?.url,
      captchaCost: 1,
      captchaSecret: 'secreto-de-prueba',
      secretKey: TEST_SECRET_KEY,
      logLevel: 'silent',
      now: () => clock.now,
      ...overrides,
    },
  );
  // Seeded by reset() below, which also empties a reused PostgreSQL schema.
  let app: App;
  try {
    app = await buildApp(config, { passwordCost: TEST_PASSWORD_COST, logger: false, seed: false, runJobs: false });
  } catch (error) {
    pg?.release();
    await fs.rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const t: TestApp = {
    app,
    config,
    clock,
    dataDir,
    client: (remoteAddress?: string) => new Client({ app, clock }, remoteAddress),
    async login(usuario: string, password = DEMO_PASSWORD) {
      const c = new Client({ app, clock });
      const response = await c.signIn(usuario, password);
      if (response.statusCode !== 200) throw new Error(`login ${usuario}: ${response.statusCode} ${response.body}`);
      return c;
    },
    async reset() {
      clock.now = Date.now();
      await emptyTables(app);
      await seedDemo(app.db, clock.now, { passwordCost: TEST_PASSWORD_COST });
      await fs.rm(path.join(dataDir, 'outbox'), { recursive: true, force: true });
    },
    async close() {
      await app.close();
      pg?.release();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
  try {
    await t.reset();
  } catch (error) {
    await t.close();
    throw error;
  }
  return t;
}

/** The user row of a login, straight from the database. */
export function userRow(t: TestApp, usuario: string) {
  return t.app.db.selectFrom('usuario').selectAll().where('usuario', '=', usuario).executeTakeFirstOrThrow();
}

/** The .eml files written to the outbox. */
export async function outbox(t: TestApp): Promise<Array<{ file: string; text: string }>> {
  const dir = path.join(t.dataDir, 'outbox');
  const files = await fs.readdir(dir).catch(() => [] as string[]);
  return Promise.all(files.map(async (file) => ({ file, text: await fs.readFile(path.join(dir, file), 'utf8') })));
}
