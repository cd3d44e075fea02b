// Two Quipu instances on one PostgreSQL behind a round-robin proxy that carries WebSockets
// (http-proxy-3, as an operator's nginx or HAProxy would), widget visitors chatting through it, and
// a kill -9 of one instance while they talk. Each visitor does what the widget does: opens its
// conversation, keeps a STOMP connection (reconnected with backoff after a drop, then reads what it
// missed), sends each message with its own id and sends it again with the same id when the call
// fails. What is measured: which messages were acknowledged, answered, recorded once, and how long
// each visitor waited. Shared by test/server/failover.test.ts and bench/failover.ts.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import { Client as Stomp, ReconnectionTimeMode } from '@stomp/stompjs';
import pg from 'pg';
import { CANAL_KINDS, type Canal } from '../../common/schemas/canales';
import { CONVERSATION_DESTINATION } from '../../common/schemas/destinations';
import type { WebchatConversation, WebchatMissed, WebchatReply } from '../../common/schemas/webchat';
import { encodeCanalKey } from '../../common/schemas/webchatKey';
import { DEMO_WEB_CHANNEL } from '../../server/src/seed/canales';
import { DEMO_PASSWORD } from '../../server/src/seed/index';
import { Session, freePort, startServer, type Server } from '../../bench/lib/server';
import { freshDatabase, roundRobinProxy } from './failoverProxy';

export { roundRobinProxy };

const require = createRequire(import.meta.url);
const WebSocket = require('ws') as new (url: string, options: { origin: string }) => unknown;

export interface FailoverOptions {
  /** PostgreSQL server (any database of it): the run creates and drops its own database there. */
  databaseUrl: string;
  visitors: number;
  messages: number;
  /** Each visitor's pause before each message, between these (ms). */
  pauseMs: [number, number];
  /** When the second instance is killed, after the visitors start (ms). */
  killAfterMs: number;
  log?: (line: string) => void;
  /** The proxy in front of the two instances (an nginx started by hand, say); roundRobinProxy by default. */
  proxy?: (targets: string[]) => Promise<{ base: string; close: () => Promise<void> }>;
}

export interface SentMessage {
  text: string;
  sentAt: number;
  acknowledgedAt?: number;
  answeredAt?: number;
  /** How many times the same id was sent. */
  tries: number;
}

export interface FailoverResult {
  visitors: number;
  sent: number;
  acknowledged: number;
  answered: number;
  /** Acknowledged but not in the history. */
  lost: number;
  /** In the history more than once. */
  doubled: number;
  /** Longest wait for an answer of a message sent while one instance was being killed (from 1 s before to 15 s after), ms. */
  longestWaitAcrossKill: number;
  longestWait: number;
  /** Visitors whose STOMP connection was dropped by the kill and came back. */
  reconnected: number;
  /** Visitors connected over STOMP at the end. */
  connectedAtEnd: number;
  /** Visitors with a message that went unanswered. */
  unanswered: number;
  errors: string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The widget's retry waits: 0.5 s doubling to 10 s, ±50 %. */
const backoff = (failures: number) => Math.round(Math.min(10_000, 500 * 2 ** failures) * (0.5 + Math.random()));
/** A call that failed this long keeps failing: the visitor gives up on that message. */
const GIVE_UP_MS = 60_000;

/** How long the order service the bot asks takes to answer: every turn is under way that long, so the kill finds turns in flight. */
const ORDER_LOOKUP_MS = 1000;

/**
 * The order service of the demo bot's 'Estado de pedido' (its webhook to /api/demo/pedido on the
 * server's public address), answering after ORDER_LOOKUP_MS.
 */
async function slowOrderService(): Promise<{ base: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ estado: 'en camino', entrega: 'mañana' }));
    }, ORDER_LOOKUP_MS);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

/** A JSON call to the widget's public routes through the proxy: the body, or an error with its status (0: no answer). */
async function call<T>(base: string, method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const payload = body === undefined ? '' : JSON.stringify(body);
  const headers: Record<string, string> = { origin: base, ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }) };
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = http.request(`${base}${url}`, { method, headers, agent, timeout: 30_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
    request.end(payload);
  });
  if (status < 200 || status >= 300) throw Object.assign(new Error(`${method} ${url}: ${status} ${text}`), { status });
  return JSON.parse(text) as T;
}

const retryable = (error: unknown) => {
  const status = (error as { status?: number }).status;
  return status === undefined || status >= 500;
};

/** One visitor, as the widget: its conversation, its STOMP connection, and its messages. */
class Visitor {
  readonly sent: SentMessage[] = [];
  token = '';
  lastBot: string | undefined;
  stomp?: Stomp;
  drops = 0;
  connected = false;
  reconnectedAfterDrop = false;
  private readonly seen = new Set<string>();

  constructor(
    readonly base: string,
    readonly key: string,
    readonly n: number,
  ) {}

  private async retrying<T>(what: () => Promise<T>): Promise<T> {
    const started = performance.now();
    for (let failures = 0; ; failures++) {
      try {
        return await what();
      } catch (error) {
        if (!retryable(error) || performance.now() - started > GIVE_UP_MS) throw error;
        await sleep(backoff(failures));
      }
    }
  }

  async open(): Promise<void> {
    const opened = await this.retrying(() => call<WebchatConversation>(this.base, 'POST', `/api/public/webchat/${this.key}/conversacion`, { token: null }));
    this.token = opened.token;
    await this.connectStomp();
  }

  private connectStomp(): Promise<void> {
    const wsUrl = `${this.base.replace('http', 'ws')}/api/ws`;
    return new Promise<void>((resolve) => {
      const stomp = new Stomp({
        webSocketFactory: () => new WebSocket(wsUrl, { origin: this.base }),
        connectHeaders: { passcode: this.token },
        reconnectDelay: Math.round(500 * (0.5 + Math.random())),
        reconnectTimeMode: ReconnectionTimeMode.EXPONENTIAL,
        maxReconnectDelay: 10_000,
        heartbeatIncoming: 0,
        heartbeatOutgoing: 0,
        debug: () => undefined,
      });
      stomp.beforeConnect = () => {
        stomp.connectHeaders = { passcode: this.token };
      };
      stomp.onConnect = () => {
        const again = this.drops > 0;
        this.connected = true;
        stomp.subscribe(CONVERSATION_DESTINATION, (frame) => {
          const id = (JSON.parse(frame.body) as { id?: unknown }).id;
          if (typeof id === 'string') this.seen.add(id);
        });
        if (again) {
          this.reconnectedAfterDrop = true;
          void this.catchUp().catch(() => undefined);
        }
        resolve();
      };
      stomp.onWebSocketClose = () => {
        if (this.connected) this.drops += 1;
        this.connected = false;
      };
      this.stomp = stomp;
      stomp.activate();
    });
  }

  /** What the conversation holds after the last answer seen, as the widget reads it back. */
  async catchUp(): Promise<WebchatMissed> {
    const query = new URLSearchParams({ token: this.token, ...(this.lastBot ? { desde: this.lastBot } : {}) });
    const missed = await this.retrying(() => call<WebchatMissed>(this.base, 'GET', `/api/public/webchat/${this.key}/mensajes?${query.toString()}`));
    for (const entry of missed.historial) if (entry.from === 'bot') this.seen.add(entry.id);
    return missed;
  }

  async say(text: string): Promise<void> {
    const message: SentMessage = { text, sentAt: performance.now(), tries: 0 };
    this.sent.push(message);
    const id = randomBytes(16).toString('base64url');
    const reply = await this.retrying(() => {
      message.tries += 1;
      return call<WebchatReply>(this.base, 'POST', `/api/public/webchat/${this.key}/mensaje`, { token: this.token, id, message: text });
    });
    message.acknowledgedAt = performance.now();
    this.token = reply.token;
    if (!reply.repetido) {
      if (reply.messages.length) {
        message.answeredAt = performance.now();
        this.lastBot = reply.messages.at(-1)?.id;
      }
      return;
    }
    // Answered before (the first try's reply was lost with its instance): read it from the conversation.
    const missed = await this.catchUp();
    const at = missed.historial.findIndex((e) => e.from === 'user' && e.text === text);
    const answer = at >= 0 ? missed.historial.slice(at + 1).find((e) => e.from === 'bot') : undefined;
    if (answer) {
      message.answeredAt = performance.now();
      this.lastBot = missed.historial.filter((e) => e.from === 'bot').at(-1)?.id;
    }
  }
}

/** Every visitor's acknowledged messages, counted in the history (client messages, by their unique text). */
async function countRecorded(databaseUrl: string, texts: string[]): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ m: string; n: string }>('select m, count(*) as n from chat_mensaje where t = 1 and m = any($1::text[]) group by m', [texts]);
    return new Map(rows.map((r) => [r.m, Number(r.n)]));
  } finally {
    await client.end();
  }
}

/** The whole run: two instances, the proxy, the visitors, the kill, the figures. */
export async function runFailover(options: FailoverOptions): Promise<FailoverResult> {
  const log = options.log ?? (() => undefined);
  const database = await freshDatabase(options.databaseUrl);
  const secret = randomBytes(32).toString('base64');
  const servers: Server[] = [];
  let killed: Server | undefined;
  let proxy: Awaited<ReturnType<typeof roundRobinProxy>> | undefined;
  const visitors: Visitor[] = [];
  const orders = await slowOrderService();
  try {
    const env = {
      SECRET_KEY: secret,
      // The bot's webhook goes to the public address: the slow order service, the one outbound destination allowed.
      PUBLIC_URL: `${orders.base}/`,
      OUTBOUND_ALLOW: orders.base.replace('http://', ''),
      TRUST_PROXY: '127.0.0.1',
      STOMP_MAX_CONNECTIONS_PER_IP: String(options.visitors + 100),
      PUBLIC_RATE_PER_MINUTE: String(4 * options.visitors + 100),
      REFUSED_RATE_PER_MINUTE: String(10 * options.visitors * options.messages + 100),
      LOG_LEVEL: 'error',
    };
    // One at a time: the first migrates and seeds, the second finds it done.
    for (let i = 0; i < 2; i++) servers.push(await startServer({ databaseUrl: database.url, env }));
    proxy = await (options.proxy ?? roundRobinProxy)(servers.map((s) => s.base));
    log(`  dos instancias en ${servers.map((s) => s.base).join(' y ')}, detrás de ${proxy.base}`);

    const session = new Session(servers[0].base);
    await session.signIn('compania@quipu.test', DEMO_PASSWORD);
    const canales = await session.get<Canal[]>('/api/ch');
    const canal = canales.find((c) => c.red === CANAL_KINDS.Web.red && c.dsc === DEMO_WEB_CHANNEL);
    if (!canal) throw new Error(`no está el canal web «${DEMO_WEB_CHANNEL}» de la demostración`);
    const key = encodeCanalKey(canal.id);

    for (let n = 0; n < options.visitors; n++) visitors.push(new Visitor(proxy.base, key, n));
    await Promise.all(visitors.map((v) => v.open()));
    log(`  ${visitors.length} visitantes con su conversación y su conexión STOMP`);

    const started = performance.now();
    let killedAt = Number.POSITIVE_INFINITY;
    const errors: string[] = [];
    const killer = sleep(options.killAfterMs).then(() => {
      killedAt = performance.now();
      killed = servers[1];
      process.kill(killed.pid, 'SIGKILL');
      log(`  kill -9 de la instancia ${servers[1].base} a los ${((killedAt - started) / 1000).toFixed(1)} s`);
    });
    const [low, high] = options.pauseMs;
    await Promise.all(
      visitors.map(async (visitor) => {
        for (let i = 0; i < options.messages; i++) {
          await sleep(low + Math.random() * (high - low));
          try {
            // An order code of its own makes each message's text unique in the history.
            await visitor.say(`estado de mi pedido Q-${String(10_000 + visitor.n * options.messages + i).padStart(5, '0')}`);
          } catch (error) {
            errors.push(String((error as Error).message).slice(0, 300));
          }
        }
      }),
    );
    await killer;
    // The reconnections after the kill settle within the backoff's cap.
    const settled = performance.now() + 15_000;
    while (performance.now() < settled && visitors.some((v) => !v.connected)) await sleep(200);

    const sent = visitors.flatMap((v) => v.sent);
    const acknowledged = sent.filter((m) => m.acknowledgedAt !== undefined);
    const recorded = await countRecorded(database.url, acknowledged.map((m) => m.text));
    const waits = sent.filter((m) => m.answeredAt !== undefined).map((m) => ({ wait: (m.answeredAt as number) - m.sentAt, sentAt: m.sentAt }));
    const acrossKill = waits.filter((w) => w.sentAt >= killedAt - 1000 && w.sentAt <= killedAt + 15_000);
    return {
      visitors: visitors.length,
      sent: sent.length,
      acknowledged: acknowledged.length,
      answered: sent.filter((m) => m.answeredAt !== undefined).length,
      lost: acknowledged.filter((m) => !recorded.get(m.text)).length,
      doubled: acknowledged.filter((m) => (recorded.get(m.text) ?? 0) > 1).length,
      longestWaitAcrossKill: Math.max(0, ...acrossKill.map((w) => w.wait)),
      longestWait: Math.max(0, ...waits.map((w) => w.wait)),
      reconnected: visitors.filter((v) => v.reconnectedAfterDrop).length,
      connectedAtEnd: visitors.filter((v) => v.connected).length,
      unanswered: visitors.filter((v) => v.sent.some((m) => m.answeredAt === undefined)).length,
      errors,
    };
  } finally {
    await Promise.all(visitors.map((v) => v.stomp?.deactivate()));
    await Promise.all(servers.filter((s) => s !== killed).map((s) => s.stop().catch(() => undefined)));
    await proxy?.close();
    await orders.close();
    await database.drop().catch(() => undefined);
  }
}
