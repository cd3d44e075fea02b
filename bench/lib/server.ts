// What the benchmarks share: the server started as its own process the way `npm start` starts it,
// and a signed-in console session that signs its writes as the console does.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { signRequest } from '../../common/integrity';
import { serverSignature } from '../../server/src/plugins/integrity';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The server, as `npm start` runs it (no build of the console: CONSOLE_DIR empty). */
export interface Server {
  base: string;
  stop: () => Promise<void>;
  dataDir: string;
  pid: number;
  /** Statements the server has sent to its database so far (bench/query-count.mjs), total and by SQL text. */
  queries: () => Promise<QueryCounts | undefined>;
}

export interface QueryCounts {
  total: number;
  bySql: Record<string, number>;
}

export interface ServerOptions {
  /** PostgreSQL; none runs the embedded SQLite. */
  databaseUrl?: string;
  /** A data folder to use (its database as it is); a new empty one by default. */
  dataDir?: string;
  /** More environment for the server. */
  env?: Record<string, string>;
}

/** The server, as `npm start` runs it (no build of the console: CONSOLE_DIR empty), with its database statements counted. */
export async function startServer({ databaseUrl, dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quipu-bench-')), env = {} }: ServerOptions = {}): Promise<Server> {
  const port = await freePort();
  const countFile = path.join(dataDir, 'queries.json');
  const child: ChildProcess = spawn(process.execPath, [...(process.env.SERVER_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SERVER_PROFILE}`] : []), '--import', path.join(root, 'bench', 'query-count.mjs'), '--import', 'tsx', path.join(root, 'server', 'src', 'main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, CONSOLE_DIR: '', LOG_LEVEL: 'warn', SEED_DEMO: '1', QUERY_COUNT_FILE: countFile, ...env, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/public/athena`)).ok) break;
    } catch {
      if (i > 600) throw new Error('el servidor no respondió');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  let asked = 0;
  return {
    base,
    dataDir,
    pid: child.pid!,
    queries: async () => {
      asked += 1;
      child.kill('SIGUSR2');
      for (let i = 0; i < 100; i++) {
        await new Promise((r) => setTimeout(r, 20));
        try {
          const counts = JSON.parse(fs.readFileSync(countFile, 'utf8')) as QueryCounts & { signals: number };
          if (counts.signals >= asked) return counts;
        } catch {
          // Not written yet.
        }
      }
      return undefined;
    },
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const keepAlive = new http.Agent({ keepAlive: true });

/**
 * The integrity headers signRequest gives (common/integrity.ts), signed with node:crypto: the same
 * bytes (test/server/integrity.test.ts checks it), for 7 µs instead of the portable signer's 130 µs
 * per message, which on a 2-core machine the clients would take from the server.
 */
export function signFast(key: string, method: string, url: string, payload: string): Record<string, string> {
  const ts = String(Date.now());
  const nonce = randomBytes(16).toString('base64url');
  return { 'X-Ts': ts, 'X-Nonce': nonce, 'X-Sig': serverSignature(key, method, url, ts, nonce, Buffer.from(payload)) };
}

/** A signed-in console session: its cookie and signing key. */
export class Session {
  cookie = '';
  key = '';
  idE = '';
  constructor(readonly base: string) {}

  private keep(response: Response) {
    const set = response.headers.getSetCookie();
    if (set.length) this.cookie = set.map((c) => c.split(';')[0]).join('; ');
  }

  async signIn(usuario: string, password: string): Promise<void> {
    const athena = await fetch(`${this.base}/api/public/athena`);
    this.keep(athena);
    this.key = ((await athena.json()) as { k: string }).k;
    const answer = await this.send('POST', '/api/enki', undefined, { authorization: `Basic ${Buffer.from(`${usuario}:${password}`).toString('base64')}` });
    const info = (await answer.json()) as { user: { idE: string }; config: { k: string } };
    this.key = info.config.k;
    this.idE = info.user.idE;
  }

  async send(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const payload = body === undefined ? '' : JSON.stringify(body);
    const response = await fetch(`${this.base}${url}`, {
      method,
      body: body === undefined ? undefined : payload,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), cookie: this.cookie, origin: this.base, ...signRequest(this.key, method, url, payload), ...headers },
    });
    this.keep(response);
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return response;
  }

  /**
   * A chat message, over node:http with kept-alive connections: fetch's web streams cost the
   * clients about 1 ms of CPU per message, which on a 2-core machine is taken from the server.
   */
  async post(url: string, body: unknown): Promise<void> {
    const payload = JSON.stringify(body);
    await postKeptAlive(this.base, url, payload, { cookie: this.cookie, origin: this.base, ...signFast(this.key, 'POST', url, payload) });
  }

  async get<T>(url: string): Promise<T> {
    const response = await fetch(`${this.base}${url}`, { headers: { cookie: this.cookie } });
    if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
    return (await response.json()) as T;
  }

  /** Deploys the bot as the console's 'Desplegar' does, and waits for its version to be done (throws on a failed deploy). */
  async deploy(idBot: string, msg: string): Promise<void> {
    const bot = await this.get<Record<string, unknown>>(`/api/bot?id=${idBot}`);
    await this.send('POST', `/api/bot.deploy?msg=${encodeURIComponent(msg)}`, bot);
    for (;;) {
      const version = await this.get<{ done: boolean; error: boolean; msg: string | null }>(`/api/bot-version?botId=${idBot}`);
      if (version.done) {
        if (version.error) throw new Error(`despliegue: ${version.msg}`);
        return;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** CPU seconds a process has used so far (Linux /proc), or undefined elsewhere. */
export function cpuSeconds(pid: number): number | undefined {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/**
 * POST of a JSON `payload` over node:http with kept-alive connections (fetch's web streams cost the
 * clients about 1 ms of CPU per message, taken from the server on 2 cores); answers the body, and
 * throws on a status other than 2xx.
 */
export async function postKeptAlive(base: string, url: string, payload: string, headers: Record<string, string>): Promise<string> {
  const all = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)), ...headers };
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = http.request(`${base}${url}`, { method: 'POST', headers: all, agent: keepAlive }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(payload);
  });
  if (status < 200 || status >= 300) throw new Error(`POST ${url}: ${status} ${text}`);
  return text;
}
