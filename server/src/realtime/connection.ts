// One client's STOMP 1.2 session over its WebSocket: CONNECT with heart-beat negotiation,
// SUBSCRIBE/UNSUBSCRIBE, SEND through the hub, DISCONNECT, receipts, and an ERROR (then close) for
// anything wrong. Frames are handled one at a time, in the order they came.
import { randomUUID } from 'node:crypto';
import type { Principal } from './access';
import { FrameParser, StompError, escapeHeader, serializeFrame, type FrameLimits, type StompFrame } from './frames';
import { STOMP_MESSAGES } from './messages';

/** What the connection needs of a WebSocket (the `ws` library's server socket has it). */
export interface StompSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  on(event: 'message', listener: (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
}

export interface Subscription {
  id: string;
  /** As the client named it (`/user/...`). */
  destination: string;
  /** What it resolved to for the connection's principal: the topic publish() sends to (topics.ts). */
  topic: string;
  connection: StompConnection;
  /** The MESSAGE frame's own header lines for this subscription, escaped once. */
  headerLines: string;
}

export interface ConnectionSettings {
  /** The heart-beat interval this server offers both ways; 0 for none. */
  heartbeatMs: number;
  /** A socket that has not sent CONNECT by then is closed. */
  connectTimeoutMs: number;
  /** Subscriptions one connection may hold (each to a different destination). */
  maxSubscriptions: number;
  /** Connections one console session, or one widget conversation, may hold open at once. */
  maxConnectionsPerCredential: number;
  /** Sockets one client address may hold open at once, connected or not. */
  maxConnectionsPerAddress: number;
  /** Bytes queued towards a client that does not read before it is dropped. */
  maxBufferedBytes: number;
  limits: FrameLimits;
}

/** What the broker does for its connections. */
export interface Hub {
  readonly settings: ConnectionSettings;
  /** The principal of a CONNECT frame; throws a StompError to refuse. */
  authenticate(connection: StompConnection, frame: StompFrame): Promise<Principal>;
  /** The topic the destination resolves to for the connection's principal; throws a StompError when it may not subscribe. */
  authorise(connection: StompConnection, destination: string): Promise<string>;
  /** Handles a client's SEND; throws a StompError to refuse it. */
  receive(connection: StompConnection, frame: StompFrame): Promise<void>;
  attach(subscription: Subscription): void;
  detach(subscription: Subscription): void;
  ended(connection: StompConnection): void;
  nextMessageId(): string;
  /** An unexpected failure, for the log. */
  fault(error: unknown, connection: StompConnection): void;
}

const OPEN = 1;
/** Frames received and not yet handled; past this a client is flooding. */
const MAX_PENDING_FRAMES = 256;
/** WebSocket close codes: 1000 normal, 1001 going away, 1002 protocol error, 1008 policy. */
export const CLOSE = { normal: 1000, goingAway: 1001, protocol: 1002, policy: 1008 } as const;
const POLICY_ERRORS = new Set<string>([
  STOMP_MESSAGES.notSignedIn, STOMP_MESSAGES.badToken, STOMP_MESSAGES.foreignOrigin, STOMP_MESSAGES.sessionEnded, STOMP_MESSAGES.notAllowed,
  STOMP_MESSAGES.tooManyConnectionsAddress, STOMP_MESSAGES.tooManyConnectionsCredential,
]);

/**
 * A MESSAGE frame's part shared by every subscriber of one publish: its last headers, the blank
 * line, the body and the NUL, built and measured once. Each subscriber adds only its own header
 * lines.
 */
export function sharedMessageTail(json: string): string {
  return `content-type:application/json\ncontent-length:${Buffer.byteLength(json, 'utf8')}\n\n${json}\0`;
}

export class StompConnection {
  /** Sent as the CONNECTED frame's `session`. */
  readonly id = randomUUID();
  principal?: Principal;
  /** Settles when the WebSocket has closed. */
  readonly gone: Promise<void>;
  private state: 'opening' | 'connected' | 'closed' = 'opening';
  private readonly parser: FrameParser;
  private readonly subscriptions = new Map<string, Subscription>();
  private queue: Promise<void> = Promise.resolve();
  private pending = 0;
  private lastReceived = Date.now();
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly socket: StompSocket,
    private readonly hub: Hub,
  ) {
    this.parser = new FrameParser(hub.settings.limits);
    socket.on('message', (data) => this.received(data));
    this.gone = new Promise((resolve) => {
      socket.on('close', () => {
        this.end();
        resolve();
      });
    });
    const timer = setTimeout(() => {
      if (this.state === 'opening') this.fail(new StompError(STOMP_MESSAGES.connectTimeout));
    }, hub.settings.connectTimeoutMs);
    this.timers.push(timer);
  }

  get connected(): boolean {
    return this.state === 'connected';
  }

  /** A MESSAGE to one subscription of this connection; `tail` is sharedMessageTail() of the publish. */
  deliver(subscription: Subscription, tail: string): void {
    if (this.state !== 'connected') return;
    // Joining strings copies nothing; the socket encodes the frame once, into its own buffer.
    this.write(`MESSAGE\nmessage-id:${this.hub.nextMessageId()}\n${subscription.headerLines}${tail}`);
  }

  /** The subscriptions this connection holds. */
  get subscribed(): Subscription[] {
    return [...this.subscriptions.values()];
  }

  /** Sends an ERROR and closes, as STOMP does after every ERROR. */
  fail(error: unknown, receipt?: string): void {
    if (this.state === 'closed') return;
    const known = error instanceof StompError;
    if (!known) this.hub.fault(error, this);
    const stomp = known ? error : new StompError(STOMP_MESSAGES.internal);
    this.write(
      serializeFrame(
        'ERROR',
        { ...stomp.headers, message: stomp.message, 'receipt-id': stomp.receipt ?? receipt, 'content-type': 'text/plain;charset=utf-8' },
        stomp.detail,
      ),
    );
    this.close(POLICY_ERRORS.has(stomp.message) ? CLOSE.policy : known ? CLOSE.protocol : CLOSE.normal);
  }

  /** Tells the client why the server leaves (an ERROR frame, whose message says whether to reconnect), then closes as going away. */
  goAway(error: StompError): void {
    if (this.state === 'closed') return;
    this.write(serializeFrame('ERROR', { message: error.message, 'content-type': 'text/plain;charset=utf-8' }, error.detail));
    this.close(CLOSE.goingAway);
  }

  /** Closes the WebSocket (a close handshake) and forgets the subscriptions. */
  close(code: number = CLOSE.normal): void {
    if (this.state === 'closed') return;
    this.end();
    this.socket.close(code);
  }

  /** Drops the socket without a handshake (a silent or stuck peer). */
  terminate(): void {
    this.end();
    this.socket.terminate();
  }

  private end(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    for (const timer of this.timers) clearTimeout(timer);
    for (const subscription of this.subscriptions.values()) this.hub.detach(subscription);
    this.subscriptions.clear();
    this.hub.ended(this);
  }

  private write(text: string): void {
    if (this.socket.readyState !== OPEN) return;
    if (this.socket.bufferedAmount > this.hub.settings.maxBufferedBytes) {
      this.terminate();
      return;
    }
    this.socket.send(text);
  }

  private received(data: Buffer | ArrayBuffer | Buffer[]): void {
    if (this.state === 'closed') return;
    this.lastReceived = Date.now();
    const bytes = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
    let frames: StompFrame[];
    try {
      frames = this.parser.push(bytes);
    } catch (error) {
      this.fail(error);
      return;
    }
    for (const frame of frames) {
      this.pending += 1;
      if (this.pending > MAX_PENDING_FRAMES) {
        this.fail(new StompError(STOMP_MESSAGES.tooManyFrames));
        return;
      }
      this.queue = this.queue.then(async () => {
        this.pending -= 1;
        if (this.state === 'closed') return;
        try {
          await this.handle(frame);
        } catch (error) {
          this.fail(error, frame.headers.receipt);
        }
      });
    }
  }

  private async handle(frame: StompFrame): Promise<void> {
    const { command, headers } = frame;
    if (command === 'CONNECT' || command === 'STOMP') {
      await this.connect(frame);
      this.receipt(headers.receipt);
      return;
    }
    if (this.state !== 'connected') throw new StompError(STOMP_MESSAGES.connectFirst);
    switch (command) {
      case 'SUBSCRIBE':
        await this.subscribe(frame);
        break;
      case 'UNSUBSCRIBE': {
        const subscription = this.subscriptions.get(required(frame, 'id'));
        if (subscription) {
          this.subscriptions.delete(subscription.id);
          this.hub.detach(subscription);
        }
        break;
      }
      case 'SEND':
        required(frame, 'destination');
        await this.hub.receive(this, frame);
        break;
      case 'ACK':
      case 'NACK':
        // Every subscription acknowledges automatically; a client's ACK has nothing left to do.
        break;
      case 'BEGIN':
      case 'COMMIT':
      case 'ABORT':
        throw new StompError(STOMP_MESSAGES.transactions);
      case 'DISCONNECT':
        this.receipt(headers.receipt);
        this.close(CLOSE.normal);
        return;
      default:
        throw new StompError(STOMP_MESSAGES.unknownCommand, { detail: `${STOMP_MESSAGES.unknownCommand}: ${command}` });
    }
    this.receipt(headers.receipt);
  }

  private async connect(frame: StompFrame): Promise<void> {
    if (this.state === 'connected') throw new StompError(STOMP_MESSAGES.alreadyConnected);
    const versions = (frame.headers['accept-version'] ?? '1.0').split(',').map((v) => v.trim());
    if (!versions.includes('1.2')) throw new StompError(STOMP_MESSAGES.version, { headers: { version: '1.2' } });
    const beat = /^(\d{1,9}),(\d{1,9})$/.exec(frame.headers['heart-beat'] ?? '0,0');
    if (!beat) throw new StompError(STOMP_MESSAGES.badHeartBeat);
    const [clientSends, clientWants] = [Number(beat[1]), Number(beat[2])];

    const principal = await this.hub.authenticate(this, frame);
    if (this.state === 'closed') return;
    this.principal = principal;
    this.state = 'connected';

    // STOMP 1.2 negotiation: each way, the slower of what one side offers and the other wants.
    const offer = this.hub.settings.heartbeatMs;
    const outgoing = offer > 0 && clientWants > 0 ? Math.max(offer, clientWants) : 0;
    const incoming = offer > 0 && clientSends > 0 ? Math.max(offer, clientSends) : 0;
    this.write(serializeFrame('CONNECTED', { version: '1.2', 'heart-beat': `${outgoing},${incoming}`, session: this.id, server: 'Quipu' }));
    if (outgoing > 0) this.timers.push(setInterval(() => this.write('\n'), outgoing));
    if (incoming > 0) {
      // Silent for twice the agreed interval: the peer is gone.
      const check = setInterval(() => {
        if (Date.now() - this.lastReceived > 2 * incoming) this.terminate();
      }, Math.max(1, Math.floor(incoming / 2)));
      this.timers.push(check);
    }
  }

  private async subscribe(frame: StompFrame): Promise<void> {
    const id = required(frame, 'id');
    const destination = required(frame, 'destination');
    if ((frame.headers.ack ?? 'auto') !== 'auto') throw new StompError(STOMP_MESSAGES.ackMode);
    if (this.subscriptions.has(id)) throw new StompError(STOMP_MESSAGES.duplicateSubscription);
    // One subscription per destination: a second would only deliver every message twice.
    if (this.subscribed.some((s) => s.destination === destination)) {
      throw new StompError(STOMP_MESSAGES.duplicateDestination, { detail: `${STOMP_MESSAGES.duplicateDestination}: ${destination}` });
    }
    if (this.subscriptions.size >= this.hub.settings.maxSubscriptions) {
      throw new StompError(STOMP_MESSAGES.tooManySubscriptions, { detail: `${STOMP_MESSAGES.tooManySubscriptions}: el máximo es ${this.hub.settings.maxSubscriptions}` });
    }
    const topic = await this.hub.authorise(this, destination);
    if (this.state !== 'connected') return;
    // Frames are handled one at a time, so nothing subscribed meanwhile.
    const subscription: Subscription = { id, destination, topic, connection: this, headerLines: `subscription:${escapeHeader(id)}\ndestination:${escapeHeader(destination)}\n` };
    this.subscriptions.set(id, subscription);
    this.hub.attach(subscription);
  }

  private receipt(id: string | undefined): void {
    if (id !== undefined) this.write(serializeFrame('RECEIPT', { 'receipt-id': id }));
  }
}

function required(frame: StompFrame, name: string): string {
  const value = frame.headers[name];
  if (value === undefined || value === '') throw new StompError(STOMP_MESSAGES.missingHeader(name));
  return value;
}
