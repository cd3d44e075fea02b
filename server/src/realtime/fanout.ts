// Published messages reach the other server instances through PostgreSQL LISTEN/NOTIFY, on one
// channel per schema. A message too large for one NOTIFY (8000 bytes) travels as numbered base64
// chunks sent in one transaction, so they arrive together, and is put back together on arrival.
// Each instance delivers its own messages locally and ignores its own notifications. Messages
// published while a NOTIFY is on its way go together in the next one statement (one transaction,
// so one commit), in the order they were published: a busy instance does not wait one round trip
// per message.
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type pg from 'pg';
import type { DB } from '../db';

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
}

/** Listens on a connection of its own (a pooled one cannot hold LISTEN) and notifies through the pool. */
export async function startPgFanout(options: PgFanoutOptions): Promise<Fanout> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(options.db);
  const fanout = new PgFanout(options, channelFor(rows[0]?.schema ?? 'public'));
  await fanout.listen();
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

  constructor(
    private readonly options: PgFanoutOptions,
    readonly channel: string,
  ) {
    this.decoder = new NotificationDecoder(options.instanceId);
  }

  async listen(): Promise<void> {
    const { default: pgModule } = await import('pg');
    const client = new pgModule.Client({ connectionString: this.options.databaseUrl });
    this.client = client;
    client.on('notification', (note) => {
      if (note.channel !== this.channel || note.payload === undefined) return;
      const message = this.decoder.take(note.payload);
      if (message) this.options.deliver(message);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(this.channel)}`);
      this.retryMs = 500;
    } catch (error) {
      this.lost(client, error);
    }
  }

  /** The listening connection broke: messages from other instances stop until it is back. */
  private lost(client: pg.Client, error?: unknown): void {
    if (this.closed || client !== this.client || this.retry) return;
    this.options.log.warn({ err: error }, 'se perdió la conexión LISTEN de mensajes en tiempo real; reintentando');
    this.client = undefined;
    client.end().catch(() => undefined);
    this.retry = setTimeout(() => {
      this.retry = undefined;
      if (!this.closed) void this.listen();
    }, this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
  }

  send(destination: string, json: string): Promise<void> {
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
          await this.notify(batch.flatMap((m) => m.notes));
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
    await this.sending;
    const client = this.client;
    this.client = undefined;
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
