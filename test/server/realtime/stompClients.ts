// Clients of the STOMP endpoint for the tests: @stomp/stompjs over the `ws` library (Node 20 has no
// WebSocket of its own), and a raw socket for hand-made frames.
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { Client as Stomp, type IFrame, type IMessage } from '@stomp/stompjs';
import { sql } from 'kysely';
import pg from 'pg';
import { expect, vi } from 'vitest';
import { channelFor } from '../../../server/src/realtime/fanout';
import { FrameParser, type StompFrame } from '../../../server/src/realtime/frames';
import type { App } from '../../../server/src/types';
import type { Client } from '../helpers';

/** The part of `ws`'s client socket these tests use (the package has no type declarations here). */
export interface WsSocket {
  readonly readyState: number;
  binaryType: string;
  send(data: string | Buffer): void;
  close(code?: number): void;
  terminate(): void;
  on(event: 'open', listener: () => void): this;
  on(event: 'message', listener: (data: Buffer) => void): this;
  on(event: 'close', listener: (code: number) => void): this;
  on(event: 'error', listener: (error: Error) => void): this;
}
type WsConstructor = new (url: string, options?: { headers?: Record<string, string>; origin?: string }) => WsSocket;

const require = createRequire(import.meta.url);
export const WebSocket = require('ws') as WsConstructor;

/** Listens on a free port of the loopback; the endpoint's address. */
export async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}${app.config.apiBase}/ws`;
}

/** The Cookie header of a test browser. */
export function cookieOf(client: Client): string {
  return [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

export interface StompOptions {
  cookie?: string;
  origin?: string;
  /** A conversation token, sent as CONNECT's passcode. */
  passcode?: string;
  /** stompjs's reconnectDelay; 0 (the default here) never reconnects. */
  reconnectDelay?: number;
  /** [outgoing, incoming] heart-beats in ms; stompjs's 10 s each way by default. */
  heartbeat?: [number, number];
}

const open: TestStomp[] = [];
/** How long the tests wait for the network. */
export const WAIT = { timeout: 5000, interval: 10 };

/** A stompjs client that remembers what happened to it: CONNECTED frames, ERROR frames, socket closes. */
export class TestStomp {
  readonly client: Stomp;
  readonly connected: IFrame[] = [];
  readonly errors: IFrame[] = [];
  readonly closes: number[] = [];
  private receipts = 0;

  constructor(url: string, options: StompOptions = {}) {
    const [outgoing, incoming] = options.heartbeat ?? [10_000, 10_000];
    this.client = new Stomp({
      webSocketFactory: () => new WebSocket(url, { headers: options.cookie ? { cookie: options.cookie } : {}, origin: options.origin }),
      connectHeaders: options.passcode ? { passcode: options.passcode } : {},
      reconnectDelay: options.reconnectDelay ?? 0,
      heartbeatOutgoing: outgoing,
      heartbeatIncoming: incoming,
      debug: () => undefined,
      onConnect: (frame) => void this.connected.push(frame),
      onStompError: (frame) => void this.errors.push(frame),
      onWebSocketClose: (event: { code: number }) => void this.closes.push(event.code),
    });
    open.push(this);
  }

  /** Activates, and waits for CONNECTED or for the ERROR and close that refuse it. */
  async connect(): Promise<void> {
    const before = this.connected.length;
    this.client.activate();
    await vi.waitFor(() => {
      if (this.connected.length === before && this.closes.length === 0) throw new Error('sin respuesta a CONNECT');
    }, WAIT);
  }

  /** Subscribes and waits for the RECEIPT that says the subscription is live; the array fills with what arrives. */
  async subscribe(destination: string, inbox: IMessage[] = []): Promise<IMessage[]> {
    await this.withReceipt((receipt) => this.client.subscribe(destination, (message) => void inbox.push(message), { receipt }));
    return inbox;
  }

  /** Runs `send` with a fresh receipt id and waits for its RECEIPT. */
  async withReceipt(send: (receipt: string) => void): Promise<IFrame> {
    this.receipts += 1;
    const receipt = `r-${this.receipts}`;
    const answer = new Promise<IFrame>((resolve) => this.client.watchForReceipt(receipt, resolve));
    send(receipt);
    return answer;
  }

  /** Waits until the server has answered with an ERROR and closed the socket. */
  async refused(): Promise<IFrame> {
    await vi.waitFor(() => {
      if (this.errors.length === 0 || this.closes.length === 0) throw new Error('la conexión sigue abierta');
    }, WAIT);
    return this.errors[this.errors.length - 1];
  }
}

export async function closeStompClients(): Promise<void> {
  const clients = open.splice(0);
  await Promise.all(clients.map((c) => c.client.deactivate({ force: true })));
}

/** A WebSocket to the endpoint that sends bytes as given and parses what comes back. */
export class RawStomp {
  readonly frames: StompFrame[] = [];
  /** Heart-beats received: messages that were a bare EOL. */
  beats = 0;
  closeCode?: number;
  private readonly parser = new FrameParser();
  private read = 0;

  private constructor(readonly socket: WsSocket) {
    socket.on('message', (data) => {
      if (data.toString() === '\n') this.beats += 1;
      this.frames.push(...this.parser.push(data));
    });
    socket.on('close', (code) => (this.closeCode = code));
    socket.on('error', () => undefined);
  }

  static async open(url: string, cookie?: string): Promise<RawStomp> {
    const socket = new WebSocket(url, { headers: cookie ? { cookie } : {} });
    const raw = new RawStomp(socket);
    await new Promise<void>((resolve, reject) => {
      socket.on('open', resolve);
      socket.on('error', reject);
    });
    return raw;
  }

  send(data: string | Buffer): void {
    this.socket.send(data);
  }

  /** The next frame not read yet, waiting for it. */
  async next(): Promise<StompFrame> {
    await vi.waitFor(() => {
      if (this.frames.length <= this.read) throw new Error('sin tramas nuevas');
    }, WAIT);
    return this.frames[this.read++];
  }

  async closed(): Promise<number> {
    await vi.waitFor(() => {
      if (this.closeCode === undefined) throw new Error('la conexión sigue abierta');
    }, WAIT);
    return this.closeCode as number;
  }

  /** CONNECT as stompjs sends it, and the CONNECTED (or ERROR) that answers. */
  async connect(headers: Record<string, string> = {}): Promise<StompFrame> {
    const lines = Object.entries({ 'accept-version': '1.2', host: 'localhost', 'heart-beat': '0,0', ...headers }).map(([k, v]) => `${k}:${v}\n`);
    this.send(`CONNECT\n${lines.join('')}\n\0`);
    return this.next();
  }
}

/**
 * A plain LISTEN on an app's fan-out channel (PostgreSQL): sees every notification sent there, so
 * whether a publish cost a NOTIFY. It announces nothing and is not named after the channel, so no
 * instance counts it as a peer.
 */
export class ChannelObserver {
  readonly notes: string[] = [];
  private marks = 0;

  private constructor(
    readonly client: pg.Client,
    readonly channel: string,
  ) {}

  static async open(app: App): Promise<ChannelObserver> {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(app.db);
    const client = new pg.Client({ connectionString: app.config.databaseUrl });
    await client.connect();
    const observer = new ChannelObserver(client, channelFor(rows[0].schema));
    client.on('notification', (note) => {
      if (note.channel === observer.channel && note.payload !== undefined) observer.notes.push(note.payload);
    });
    await client.query(`LISTEN ${client.escapeIdentifier(observer.channel)}`);
    return observer;
  }

  /** Sends a notification of its own and waits for it: they arrive in commit order, so everything committed before has arrived. */
  async sync(): Promise<void> {
    this.marks += 1;
    const mark = `observador ${this.marks}`;
    await this.client.query('select pg_notify($1, $2)', [this.channel, mark]);
    await vi.waitFor(() => expect(this.notes).toContain(mark), WAIT);
  }

  /** How many notifications carrying `marker` were sent while `action` ran (a publish resolves once its NOTIFY is committed). */
  async carried(action: () => Promise<unknown>, marker: string): Promise<number> {
    const from = this.notes.length;
    await action();
    await this.sync();
    return this.notes.slice(from).filter((note) => note.includes(marker)).length;
  }

  async close(): Promise<void> {
    await this.client.end();
  }
}

/** Waits until a publish on `app` costs no NOTIFY (its fan-out is sure it is alone), publishing probes to `destination` meanwhile. */
export async function untilAlone(app: App, observer: ChannelObserver, destination: string): Promise<void> {
  let probe = 0;
  await vi.waitFor(async () => {
    probe += 1;
    const marker = `sonda ${probe}`;
    expect(await observer.carried(() => app.realtime.publish(destination, { type: 'TEXT', text: marker }), marker)).toBe(0);
  }, WAIT);
}
