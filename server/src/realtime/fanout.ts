// Published messages reach the other server instances through PostgreSQL LISTEN/NOTIFY, on one
// channel per schema. A message too large for one NOTIFY (8000 bytes) travels as numbered base64
// chunks sent in one transaction, so they arrive together, and is put back together on arrival.
// Each instance delivers its own messages locally and ignores its own notifications. Messages
// published while a NOTIFY is on its way go together in the next one statement (one transaction,
// so one commit), in the order they were published: a busy instance does not wait one round trip
// per message.
//
// Presence: an instance sends NOTIFY only while another instance may be listening, so a lone one
// (the usual install) spends no round trip per message. Instances say `hello` on the channel once
// their LISTEN is up (every reconnect too), `here` every announceMs and in answer to a hello or to
// a peer they did not know, and `bye` on close; a peer silent for peerTtlMs is forgotten. An
// instance notifies everything while its LISTEN is down, for graceMs after it (re)starts, while it
// knows a peer, and while pg_stat_activity shows more listening connections (named after the
// channel) than peers it knows: one that has not answered may only be busy.
// Start-up order: a newcomer B listens, commits its hello, counts the other listening connections
// and, before its server serves anything, waits (up to graceMs) for that many answers, so an
// instance A that answered knows B before any subscriber of B exists. If A is too busy to answer
// (its event loop stalled for graceMs), B's hello waits in A's socket and A reads it at its next
// turn, before it can answer anything a subscriber of B asked; B keeps notifying A meanwhile,
// since A's connection is counted. A listener named after B's count LISTENs after B did, so B
// hears its hello, and it counts B in turn.
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type pg from 'pg';
import type { DB } from '../db';
import type { PresenceTiming } from '../config';

export interface Fanout {
  /** Hands a message to the other instances; resolves once it is committed, in the order of the calls. */
  send(destination: string, json: string): Promise<void>;
  close(): Promise<void>;
}

/** One process (SQLite): nobody else to tell. */
export const localOnly: Fanout = {
  send: async () => undefined,
  close: async () => undefined,
};

/** PostgreSQL refuses a NOTIFY payload from 8000 bytes on; this leaves room to spare. */
export const NOTIFY_LIMIT = 7900;
/** Base64 characters per chunk of a larger message. */
export const CHUNK_CHARS = 7000;
/** A message whose chunks have not all come by then is dropped. */
const PARTIAL_TTL_MS = 60_000;
const RETRY_MAX_MS = 30_000;
/** At most this many notifications, and about this many bytes, in one statement. */
const BATCH_NOTES = 500;
const BATCH_BYTES = 1024 * 1024;

export interface Decoded {
  destination: string;
  json: string;
}

/**
 * The notifications of one message: `origin\ndestination\njson` when it fits, else chunks
 * `origin\n#id index count\nbase64`, where the base64 is of `destination\njson`.
 */
export function encodeNotifications(origin: string, messageId: string, destination: string, json: string): string[] {
  const whole = `${origin}\n${destination}\n${json}`;
  if (Buffer.byteLength(whole, 'utf8') <= NOTIFY_LIMIT) return [whole];
  const data = Buffer.from(`${destination}\n${json}`, 'utf8').toString('base64');
  const count = Math.ceil(data.length / CHUNK_CHARS);
  return Array.from({ length: count }, (_, i) => `${origin}\n#${messageId} ${i} ${count}\n${data.slice(i * CHUNK_CHARS, (i + 1) * CHUNK_CHARS)}`);
}

/** Decodes the notifications one instance receives: skips its own, and waits for every chunk of a large message. */
export class NotificationDecoder {
  private readonly partial = new Map<string, { parts: string[]; left: number; at: number }>();

  constructor(private readonly self: string) {}

  /** The message this notification completes, or null (its own, a chunk of one still incomplete, or garbage). */
  take(payload: string, now = Date.now()): Decoded | null {
    const first = payload.indexOf('\n');
    const second = payload.indexOf('\n', first + 1);
    if (first < 0 || second < 0) return null;
    const origin = payload.slice(0, first);
    if (origin === this.self) return null;
    const label = payload.slice(first + 1, second);
    const rest = payload.slice(second + 1);
    if (!label.startsWith('#')) return { destination: label, json: rest };

    for (const [key, entry] of this.partial) if (now - entry.at > PARTIAL_TTL_MS) this.partial.delete(key);
    const [id, index, count] = label.slice(1).split(' ');
    const i = Number(index);
    const n = Number(count);
    if (!Number.isInteger(i) || !Number.isInteger(n) || i < 0 || i >= n) return null;
    const key = `${origin}#${id}`;
    let entry = this.partial.get(key);
    if (!entry) {
      entry = { parts: new Array<string>(n), left: n, at: now };
      this.partial.set(key, entry);
    }
    if (entry.parts[i] === undefined) {
      entry.parts[i] = rest;
      entry.left -= 1;
    }
    if (entry.left > 0) return null;
    this.partial.delete(key);
    const text = Buffer.from(entry.parts.join(''), 'base64').toString('utf8');
    const cut = text.indexOf('\n');
    return cut < 0 ? null : { destination: text.slice(0, cut), json: text.slice(cut + 1) };
  }
}

export type PresenceKind = 'hello' | 'here' | 'bye';

/** A presence notification: `origin\n!kind`. With one line break only, decoders that know only messages skip it. */
export function encodePresence(origin: string, kind: PresenceKind): string {
  return `${origin}\n!${kind}`;
}

/** The instance and kind of a presence notification, or null for anything else (a message, a chunk, garbage). */
export function decodePresence(payload: string): { origin: string; kind: PresenceKind } | null {
  const cut = payload.indexOf('\n');
  const kind = payload.slice(cut + 1);
  if (cut < 0 || (kind !== '!hello' && kind !== '!here' && kind !== '!bye')) return null;
  return { origin: payload.slice(0, cut), kind: kind.slice(1) as PresenceKind };
}

export const PRESENCE_TIMING: PresenceTiming = { announceMs: 10_000, peerTtlMs: 30_000, graceMs: 2_000 };

/** The channel of a schema: Quipu installs sharing one database in different schemas do not hear each other. */
export function channelFor(schema: string): string {
  const name = /^[a-z_][a-z0-9_]{0,48}$/.test(schema) ? schema : createHash('sha256').update(schema).digest('hex').slice(0, 32);
  return `quipu_rt_${name}`;
}

export interface PgFanoutOptions {
  databaseUrl: string;
  db: DB;
  instanceId: string;
  deliver(message: Decoded): void;
  log: FastifyBaseLogger;
  presence?: Partial<PresenceTiming>;
}

/** Listens on a connection of its own (a pooled one cannot hold LISTEN) and notifies through the pool. */
export async function startPgFanout(options: PgFanoutOptions): Promise<Fanout> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(options.db);
  const fanout = new PgFanout(options, channelFor(rows[0]?.schema ?? 'public'));
  await fanout.listen();
  await fanout.introduced();
  return fanout;
}

class PgFanout implements Fanout {
  private client?: pg.Client;
  private closed = false;
  private retry?: NodeJS.Timeout;
  private retryMs = 500;
  /** Messages waiting for the next statement, each with its notifications. */
  private queue: Array<{ notes: string[]; bytes: number; done: (error?: unknown) => void }> = [];
  /** The loop sending the queue; `draining` while it runs. */
  private sending: Promise<void> = Promise.resolve();
  private draining = false;
  private sequence = 0;
  private readonly decoder: NotificationDecoder;
  private readonly timing: PresenceTiming;
  /** LISTEN is up on `client`. */
  private listening = false;
  /** Since the last (re)start of LISTEN, graceMs have passed and every listening connection counted is a known peer. */
  private settled = false;
  /** Other instances heard on the channel, and when each was last heard. */
  private readonly peers = new Map<string, number>();
  /** Listening connections counted right after the last LISTEN; start-up waits for as many peers. */
  private expected = 0;
  private heardPeer?: () => void;
  private graceTimer?: NodeJS.Timeout;
  private readonly announceTimer: NodeJS.Timeout;
  /** A `here` went out on the LISTEN connection and has not come back to it yet. */
  private awaitingEcho = false;

  constructor(
    private readonly options: PgFanoutOptions,
    readonly channel: string,
  ) {
    this.decoder = new NotificationDecoder(options.instanceId);
    this.timing = { ...PRESENCE_TIMING, ...options.presence };
    this.announceTimer = setInterval(() => this.tick(), this.timing.announceMs);
    this.announceTimer.unref();
  }

  async listen(): Promise<void> {
    const { default: pgModule } = await import('pg');
    const client = new pgModule.Client({ connectionString: this.options.databaseUrl });
    this.client = client;
    client.on('notification', (note) => {
      if (note.channel !== this.channel || note.payload === undefined) return;
      const presence = decodePresence(note.payload);
      if (presence?.origin === this.options.instanceId) this.awaitingEcho = false;
      else if (presence) this.heard(presence.origin, presence.kind);
      if (presence) return;
      const message = this.decoder.take(note.payload);
      if (message) this.options.deliver(message);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      // Named after the channel, so that instances can count the listeners they have not heard from.
      await client.query('select set_config($1, $2, false)', ['application_name', this.channel]);
      await client.query(`LISTEN ${client.escapeIdentifier(this.channel)}`);
      this.listening = true;
      this.awaitingEcho = false;
      await this.announce('hello');
      // Not counted (settle() counts again): waits for no one, but stays unsure.
      this.expected = await this.countOthers(client).catch(() => 0);
      this.retryMs = 500;
      this.graceTimer = setTimeout(() => void this.settle(client), this.timing.graceMs);
    } catch (error) {
      this.lost(client, error);
    }
  }

  /** Resolves once as many peers answered as there were other listeners, or after graceMs. */
  async introduced(): Promise<void> {
    if (this.peers.size >= this.expected) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.heardPeer = undefined;
        resolve();
      };
      const timer = setTimeout(done, this.timing.graceMs);
      this.heardPeer = () => {
        if (this.peers.size >= this.expected) done();
      };
    });
  }

  /** The listening connection broke: messages from other instances stop until it is back. */
  private lost(client: pg.Client, error?: unknown): void {
    if (this.closed || client !== this.client || this.retry) return;
    this.options.log.warn({ err: error }, 'se perdió la conexión LISTEN de mensajes en tiempo real; reintentando');
    this.client = undefined;
    // Not listening, it cannot hear a newcomer: it notifies everything until it listens again and
    // the grace has passed. Its `here` goes through the pool meanwhile, so the others keep notifying it.
    this.listening = false;
    this.settled = false;
    clearTimeout(this.graceTimer);
    client.end().catch(() => undefined);
    this.retry = setTimeout(() => {
      this.retry = undefined;
      if (!this.closed) void this.listen();
    }, this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
  }

  /** Every announceMs: says `here`, and gives up a LISTEN connection that did not hear the last one. */
  private tick(): void {
    const client = this.listening ? this.client : undefined;
    // A connection hears its own notifications: one that missed its last `here` is dead though no
    // error said so (a firewall dropping it silently), and it would not hear a newcomer either.
    if (client && this.awaitingEcho) return this.lost(client, new Error('la conexión LISTEN no recibió su propio anuncio'));
    this.awaitingEcho = client !== undefined;
    this.announce('here').catch((error: unknown) => this.announceFailed(error));
  }

  private heard(origin: string, kind: PresenceKind): void {
    if (this.closed) return;
    if (kind === 'bye') {
      this.peers.delete(origin);
      return;
    }
    const known = this.peers.has(origin);
    this.peers.set(origin, Date.now());
    // A newcomer hears from everyone at once; answering only peers not known yet ends the exchange.
    if (kind === 'hello' || !known) this.announce('here').catch((error: unknown) => this.announceFailed(error));
    this.heardPeer?.();
  }

  /**
   * Says `kind` on the channel: on the LISTEN connection when it is up (idle, where a busy pool would
   * hold an answer back; one connection, so in order), else through the pool. A `here` through the
   * pool may overtake a later `bye`: the others then notify this instance until peerTtlMs, no harm.
   */
  private async announce(kind: PresenceKind): Promise<void> {
    const note = encodePresence(this.options.instanceId, kind);
    const client = this.listening ? this.client : undefined;
    if (client) await client.query('select pg_notify($1, $2)', [this.channel, note]);
    else if (!this.closed) await sql`select pg_notify(${this.channel}, ${note})`.execute(this.options.db);
  }

  private announceFailed(error: unknown): void {
    if (!this.closed) this.options.log.warn({ err: error }, 'no se pudo anunciar esta instancia a las otras');
  }

  /** Other connections listening on this channel now (named so by listen()). */
  private async countOthers(client: pg.Client): Promise<number> {
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where application_name = $1 and datname = current_database() and pid <> pg_backend_pid()',
      [this.channel],
    );
    return rows[0]?.n ?? 0;
  }

  /** Ends the grace once every listening connection is a known peer; until then checks again every graceMs. */
  private async settle(client: pg.Client, attempt = 0): Promise<void> {
    if (client !== this.client || this.closed) return;
    try {
      this.forgetSilent();
      const others = await this.countOthers(client);
      if (client !== this.client) return;
      if (others <= this.peers.size) {
        this.settled = true;
        return;
      }
      if (attempt === 0) this.options.log.warn({ others, known: this.peers.size }, 'hay instancias escuchando que no responden; se les siguen enviando los mensajes');
    } catch (error) {
      if (client !== this.client) return;
      if (attempt === 0) this.options.log.warn({ err: error }, 'no se pudo contar las instancias que escuchan; se les siguen enviando los mensajes');
    }
    this.graceTimer = setTimeout(() => void this.settle(client, attempt + 1), this.timing.graceMs);
  }

  /** Forgets peers silent for peerTtlMs. A silent one may only be stalled, so a settled instance counts the listeners again. */
  private forgetSilent(): void {
    const now = Date.now();
    let forgot = false;
    for (const [id, heard] of this.peers) {
      if (now - heard <= this.timing.peerTtlMs) continue;
      this.peers.delete(id);
      forgot = true;
    }
    if (forgot && this.settled && this.client) {
      this.settled = false;
      void this.settle(this.client);
    }
  }

  /** No other instance can hear this one: LISTEN up, grace over, no peer heard within the TTL. */
  private alone(): boolean {
    if (this.settled && this.peers.size > 0) this.forgetSilent();
    return this.settled && this.peers.size === 0;
  }

  send(destination: string, json: string): Promise<void> {
    // Nobody to tell. While a statement is on its way, the message queues instead, so the calls still resolve in order.
    if (!this.draining && this.alone()) return Promise.resolve();
    this.sequence += 1;
    const notes = encodeNotifications(this.options.instanceId, String(this.sequence), destination, json);
    const bytes = notes.reduce((sum, note) => sum + Buffer.byteLength(note, 'utf8'), 0);
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ notes, bytes, done: (error) => (error === undefined ? resolve() : reject(error)) });
      if (!this.draining) {
        this.draining = true;
        this.sending = this.drain();
      }
    });
  }

  /** Sends the queue one statement at a time, so the other instances hear the messages in the order they were published. */
  private async drain(): Promise<void> {
    try {
      while (this.queue.length) {
        const batch = nextBatch(this.queue);
        this.queue = this.queue.slice(batch.length);
        try {
          // The last peer may have left while the previous statement was on its way.
          if (!this.alone()) await this.notify(batch.flatMap((m) => m.notes));
          for (const m of batch) m.done();
        } catch (error) {
          for (const m of batch) m.done(error);
        }
      }
    } finally {
      // Set in the same turn as the last look at the queue, so a message queued next starts a new loop.
      this.draining = false;
    }
  }

  /** One statement, so one transaction: its notifications are delivered together and in this order. */
  private async notify(notes: string[]): Promise<void> {
    // pg_notify is volatile, so PostgreSQL runs it after the sort, in the order of the notes.
    await sql`select pg_notify(${this.channel}, n.note) from unnest(${notes}::text[]) with ordinality as n(note, i) order by n.i`.execute(this.options.db);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    clearTimeout(this.graceTimer);
    clearInterval(this.announceTimer);
    await this.sending;
    // The others stop notifying this instance now rather than after peerTtlMs (not waiting long on a dead connection).
    if (this.listening) await Promise.race([this.announce('bye').catch(() => undefined), sleep(this.timing.graceMs, undefined, { ref: false })]);
    const client = this.client;
    this.client = undefined;
    this.listening = false;
    await client?.end().catch(() => undefined);
  }
}

/**
 * The first messages of the queue that go in one statement: up to BATCH_NOTES notifications and
 * about BATCH_BYTES (at least one message). A message identical to one already in the batch starts
 * the next one, because PostgreSQL delivers identical notifications of one transaction only once.
 */
export function nextBatch<T extends { notes: string[]; bytes: number }>(queue: T[]): T[] {
  const batch: T[] = [];
  const seen = new Set<string>();
  let notes = 0;
  let bytes = 0;
  for (const message of queue) {
    if (batch.length && (notes + message.notes.length > BATCH_NOTES || bytes + message.bytes > BATCH_BYTES || message.notes.some((n) => seen.has(n)))) break;
    batch.push(message);
    notes += message.notes.length;
    bytes += message.bytes;
    for (const n of message.notes) seen.add(n);
  }
  return batch;
}
