// The STOMP broker: its connections and their subscriptions, who may connect and subscribe (and
// how many connections one address or one credential may hold), SEND handlers, and publish(),
// which reaches subscribers on this instance and, through the fan-out, on every other instance
// sharing the PostgreSQL database.
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sessionToken, type SessionCheck } from '../plugins/session';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { DB, DialectName } from '../db';
import type { SessionUser } from '../types';
import { consoleOrigin, credentialOf, topicFor, type Principal, type TokenContext, type TokenVerifier } from './access';
import { StompConnection, sharedMessageTail, type ConnectionSettings, type Hub, type StompSocket, type Subscription } from './connection';
import { localOnly, startPgFanout, type Fanout } from './fanout';
import { DEFAULT_LIMITS, StompError, type StompFrame } from './frames';
import { STOMP_MESSAGES } from './messages';
import { parseDestination } from '../../../common/topics';

declare module 'fastify' {
  interface FastifyInstance {
    /** The STOMP broker of `{API_BASE}/ws`: publish() reaches subscribers on every instance. */
    realtime: Broker;
  }
}

/** A client's SEND to a destination that accepts it. Throw a StompError to answer with an ERROR. */
export type SendHandler = (message: { destination: string; body: string; headers: Record<string, string>; principal: Principal }) => Promise<void> | void;

/** The largest body publish() takes (a chat message is a few kilobytes). */
export const MAX_PUBLISH_BYTES = 1024 * 1024;
/** Every this long, open connections have their session or token checked again. */
export const RECHECK_CONNECTIONS_MS = 60_000;
/**
 * A session checked this recently (on the upgrade, or by the last subscription) is not read again
 * for a subscription: a client subscribes right after it connects, often to several topics.
 */
export const SUBSCRIBE_TRUST_MS = 1000;
const CLOSE_GRACE_MS = 1000;

export const DEFAULT_SETTINGS: ConnectionSettings = {
  heartbeatMs: 10_000,
  connectTimeoutMs: 10_000,
  maxSubscriptions: 16,
  maxConnectionsPerCredential: 10,
  maxConnectionsPerAddress: 200,
  maxBufferedBytes: 4 * 1024 * 1024,
  limits: DEFAULT_LIMITS,
};

type SignInPrincipal = Extract<Principal, { kind: 'signIn' }>;
type TokenPrincipal = Extract<Principal, { kind: 'token' }>;

/** What the upgrade request told about the client, kept for CONNECT and rechecks. */
interface Upgrade {
  /** The signed-in console session of the cookie, if any. */
  signIn?: { token: string; signInId: string; user: SessionUser; checkedAt: number };
  fromConsole: boolean;
  context: TokenContext;
  /** What the connection counts against once CONNECT is done (access.ts credentialOf). */
  credential?: string;
}

/**
 * What the broker needs of the server, as narrow functions: the database and its dialect (for the
 * fan-out and a test chat's owner), the log, the clock and public address, a session check, and
 * the company of a bot a user may open (the HTTP bot rules). app.ts hands them over.
 */
export interface BrokerContext {
  db: DB;
  dialect: DialectName;
  log: FastifyBaseLogger;
  config: Pick<Config, 'databaseUrl' | 'realtimePresence' | 'now' | 'publicUrl'>;
  /** The session named by `token`, judged for `ip` without touching its activity. */
  verifySession: (token: string, ip: string) => Promise<SessionCheck>;
  /** The company of bot `idBot` when `user` may open it; throws the route's ApiError otherwise. */
  botFor: (user: SessionUser, idBot: string) => Promise<{ idE: string }>;
}

export class Broker implements Hub {
  readonly instanceId = randomUUID();
  readonly settings: ConnectionSettings;
  private readonly connections = new Map<StompConnection, Upgrade>();
  private readonly topics = new Map<string, Set<Subscription>>();
  /** Open sockets per client address, and connected ones per credential. */
  private readonly perAddress = new Map<string, number>();
  private readonly perCredential = new Map<string, number>();
  private readonly handlers = new Map<string, SendHandler>();
  private tokens?: TokenVerifier;
  private fanout: Fanout = localOnly;
  private messageCount = 0;
  private recheckTimer?: NodeJS.Timeout;

  constructor(
    private readonly app: BrokerContext,
    settings: Partial<ConnectionSettings> = {},
  ) {
    this.settings = { ...DEFAULT_SETTINGS, ...settings };
  }

  /** Starts the fan-out (LISTEN on PostgreSQL) and the periodic recheck of open connections. */
  async start(): Promise<void> {
    const { app } = this;
    if (app.dialect === 'postgres' && app.config.databaseUrl) {
      this.fanout = await startPgFanout({
        databaseUrl: app.config.databaseUrl,
        db: app.db,
        instanceId: this.instanceId,
        deliver: ({ destination, json }) => this.deliver(destination, json),
        log: app.log,
        presence: app.config.realtimePresence,
      });
    }
    this.recheckTimer = setInterval(() => {
      this.recheck().catch((error: unknown) => app.log.warn({ err: error }, 'no se pudieron verificar las conexiones STOMP'));
    }, RECHECK_CONNECTIONS_MS);
    this.recheckTimer.unref();
  }

  /** Sends `body` as JSON to every subscriber of `destination`, on every instance. Never rejects for a failed fan-out (it is logged). */
  async publish(destination: string, body: object): Promise<void> {
    if (!destination.startsWith('/') || /[\r\n]/.test(destination)) throw new Error(`destino STOMP no válido: ${destination}`);
    const json = JSON.stringify(body);
    if (Buffer.byteLength(json, 'utf8') > MAX_PUBLISH_BYTES) throw new Error(`mensaje de ${destination} demasiado grande para publicar`);
    this.deliver(destination, json);
    try {
      await this.fanout.send(destination, json);
    } catch (error) {
      this.app.log.warn({ err: error, destination }, 'no se pudo enviar el mensaje a las otras instancias');
    }
  }

  /**
   * Lets clients SEND to destinations starting with `prefix`. No destination accepts SEND unless a
   * handler is registered: the console sends chat messages through POST /webchat/demo.
   */
  onSend(prefix: string, handler: SendHandler): void {
    this.handlers.set(prefix, handler);
  }

  /** Accepts per-conversation tokens (the web widget) as CONNECT's `passcode`. */
  useTokens(verifier: TokenVerifier | undefined): void {
    this.tokens = verifier;
  }

  /** How many clients are connected (STOMP CONNECT done) on this instance. */
  get connectedCount(): number {
    return [...this.connections.keys()].filter((c) => c.connected).length;
  }

  /** How many subscriptions the clients on this instance hold. */
  get subscriptionCount(): number {
    let count = 0;
    for (const set of this.topics.values()) count += set.size;
    return count;
  }

  /** Takes a new WebSocket from the `/ws` route. */
  accept(socket: StompSocket, request: FastifyRequest): void {
    const token = sessionToken(request);
    const upgrade: Upgrade = {
      signIn: token && request.sesion && request.user ? { token, signInId: request.sesion.id, user: request.user, checkedAt: this.app.config.now() } : undefined,
      fromConsole: consoleOrigin(request.headers.origin, request.host, this.app.config.publicUrl),
      context: { origin: request.headers.origin, ip: request.ip },
    };
    const connection = new StompConnection(socket, this);
    this.connections.set(connection, upgrade);
    const open = (this.perAddress.get(upgrade.context.ip) ?? 0) + 1;
    this.perAddress.set(upgrade.context.ip, open);
    if (open > this.settings.maxConnectionsPerAddress) {
      connection.fail(new StompError(STOMP_MESSAGES.tooManyConnectionsAddress, { detail: `${STOMP_MESSAGES.tooManyConnectionsAddress}: el máximo es ${this.settings.maxConnectionsPerAddress}` }));
    }
  }

  /**
   * Checks every open connection's session (expiry, sign-out, the company's access list) or token
   * again, and ends those no longer valid. Runs every RECHECK_CONNECTIONS_MS; it does not extend a session.
   */
  async recheck(): Promise<void> {
    const bySession = new Map<string, Array<{ connection: StompConnection; principal: SignInPrincipal }>>();
    for (const connection of this.connections.keys()) {
      const principal = connection.principal;
      if (principal?.kind === 'token') await this.recheckToken(connection, principal);
      else if (principal) bySession.set(principal.token, [...(bySession.get(principal.token) ?? []), { connection, principal }]);
    }
    // One check per session, however many connections it has open.
    for (const [token, held] of bySession) {
      let found: SessionCheck;
      try {
        found = await this.app.verifySession(token, held[0].principal.ip);
      } catch (error) {
        // The database is unreachable: keep the connections until the next check.
        this.app.log.warn({ err: error }, 'no se pudo verificar la sesión de una conexión STOMP');
        continue;
      }
      // The session's connections share one user: each destination is authorised once for all.
      const decided = new Map<string, Promise<string | null>>();
      for (const { connection, principal } of held) {
        if (found && 'sesion' in found && found.user) {
          principal.user = found.user;
          principal.checkedAt = this.app.config.now();
          await this.recheckSubscriptions(connection, principal, decided);
        } else connection.fail(new StompError(found && 'refusal' in found ? found.refusal : STOMP_MESSAGES.sessionEnded));
      }
    }
  }

  /** Ends a connection holding a subscription its principal may no longer hold (a role without bots, a bot gone). */
  private async recheckSubscriptions(connection: StompConnection, principal: Principal, decided: Map<string, Promise<string | null>>): Promise<void> {
    for (const subscription of connection.subscribed) {
      let topic: string | null;
      try {
        let deciding = decided.get(subscription.destination);
        if (!deciding) {
          const parsed = parseDestination(subscription.destination);
          deciding = parsed ? topicFor(this.app, principal, parsed, false) : Promise.resolve(null);
          decided.set(subscription.destination, deciding);
        }
        topic = await deciding;
      } catch (error) {
        this.app.log.warn({ err: error }, 'no se pudo verificar una suscripción STOMP');
        return;
      }
      if (topic !== subscription.topic) {
        connection.fail(new StompError(STOMP_MESSAGES.notAllowed, { detail: `${STOMP_MESSAGES.notAllowed}: ${subscription.destination}` }));
        return;
      }
    }
  }

  private async recheckToken(connection: StompConnection, principal: TokenPrincipal): Promise<void> {
    try {
      const grant = this.tokens ? await this.tokens.verify(principal.token, principal.context) : null;
      if (!grant) connection.fail(new StompError(STOMP_MESSAGES.badToken));
      else {
        principal.grant = grant;
        await this.recheckSubscriptions(connection, principal, new Map());
      }
    } catch (error) {
      this.app.log.warn({ err: error }, 'no se pudo verificar la credencial de una conexión STOMP');
    }
  }

  /**
   * Closes every connection, each told by an ERROR frame to reconnect (to another instance if there
   * is one), and stops the fan-out.
   */
  async close(): Promise<void> {
    clearInterval(this.recheckTimer);
    const open = [...this.connections.keys()];
    const reconnect = new StompError(STOMP_MESSAGES.reconnect, { detail: STOMP_MESSAGES.reconnectDetail });
    for (const connection of open) connection.goAway(reconnect);
    if (open.length > 0) {
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_GRACE_MS)));
      await Promise.race([Promise.all(open.map((c) => c.gone)), grace]);
      clearTimeout(timer);
      // Whatever has not finished its close handshake by now is dropped.
      for (const connection of open) connection.terminate();
    }
    await this.fanout.close();
  }

  // --- Hub: what connections ask of the broker ---

  async authenticate(connection: StompConnection, frame: StompFrame): Promise<Principal> {
    const upgrade = this.connections.get(connection);
    if (!upgrade) throw new StompError(STOMP_MESSAGES.serverClosing);
    // A conversation token, when given, is what the client means to use (the widget, even inside the console).
    const passcode = frame.headers.passcode;
    let principal: Principal;
    if (passcode) {
      const grant = this.tokens ? await this.tokens.verify(passcode, upgrade.context) : null;
      if (!grant) throw new StompError(STOMP_MESSAGES.badToken);
      principal = { kind: 'token', token: passcode, grant, context: upgrade.context };
    } else {
      if (!upgrade.signIn) throw new StompError(STOMP_MESSAGES.notSignedIn);
      if (!upgrade.fromConsole) throw new StompError(STOMP_MESSAGES.foreignOrigin);
      principal = { kind: 'signIn', ...upgrade.signIn, ip: upgrade.context.ip };
    }
    // Counted as soon as it is known (no await between the check and the count), so a crowd
    // connecting at once with one credential cannot all pass the check.
    if (!this.connections.has(connection) || upgrade.credential) throw new StompError(STOMP_MESSAGES.serverClosing);
    const credential = credentialOf(principal);
    const held = this.perCredential.get(credential) ?? 0;
    if (held >= this.settings.maxConnectionsPerCredential) {
      throw new StompError(STOMP_MESSAGES.tooManyConnectionsCredential, { detail: `${STOMP_MESSAGES.tooManyConnectionsCredential}: el máximo es ${this.settings.maxConnectionsPerCredential}` });
    }
    this.perCredential.set(credential, held + 1);
    upgrade.credential = credential;
    return principal;
  }

  async authorise(connection: StompConnection, destination: string): Promise<string> {
    const parsed = parseDestination(destination);
    if (!parsed) throw new StompError(STOMP_MESSAGES.unknownDestination, { detail: `${STOMP_MESSAGES.unknownDestination}: ${destination}` });
    const principal = connection.principal as Principal;
    const now = this.app.config.now();
    // A clock that went back also calls for a check.
    if (principal.kind === 'signIn' && !(now >= principal.checkedAt && now - principal.checkedAt < SUBSCRIBE_TRUST_MS)) {
      const found = await this.app.verifySession(principal.token, principal.ip);
      if (!found || !('sesion' in found) || !found.user) throw new StompError(found && 'refusal' in found ? found.refusal : STOMP_MESSAGES.sessionEnded);
      principal.user = found.user;
      principal.checkedAt = now;
    }
    const topic = await topicFor(this.app, principal, parsed);
    if (!topic) throw new StompError(STOMP_MESSAGES.notAllowed, { detail: `${STOMP_MESSAGES.notAllowed}: ${destination}` });
    return topic;
  }

  async receive(connection: StompConnection, frame: StompFrame): Promise<void> {
    const destination = frame.headers.destination;
    let handler: SendHandler | undefined;
    let longest = -1;
    for (const [prefix, candidate] of this.handlers) {
      if (destination.startsWith(prefix) && prefix.length > longest) {
        handler = candidate;
        longest = prefix.length;
      }
    }
    if (!handler) throw new StompError(STOMP_MESSAGES.sendRefused, { detail: STOMP_MESSAGES.sendRefusedDetail });
    await handler({ destination, body: frame.body.toString('utf8'), headers: frame.headers, principal: connection.principal as Principal });
  }

  attach(subscription: Subscription): void {
    let set = this.topics.get(subscription.topic);
    if (!set) {
      set = new Set();
      this.topics.set(subscription.topic, set);
    }
    set.add(subscription);
  }

  detach(subscription: Subscription): void {
    const set = this.topics.get(subscription.topic);
    if (!set) return;
    set.delete(subscription);
    if (set.size === 0) this.topics.delete(subscription.topic);
  }

  ended(connection: StompConnection): void {
    const upgrade = this.connections.get(connection);
    if (!upgrade) return;
    this.connections.delete(connection);
    release(this.perAddress, upgrade.context.ip);
    if (upgrade.credential) release(this.perCredential, upgrade.credential);
  }

  nextMessageId(): string {
    this.messageCount += 1;
    return `${this.instanceId.slice(0, 8)}-${this.messageCount}`;
  }

  fault(error: unknown): void {
    this.app.log.error({ err: error }, 'error en una conexión STOMP');
  }

  private deliver(topic: string, json: string): void {
    const set = this.topics.get(topic);
    if (!set) return;
    // The frame's shared part is built once for every subscriber.
    const tail = sharedMessageTail(json);
    for (const subscription of [...set]) subscription.connection.deliver(subscription, tail);
  }
}

function release(counts: Map<string, number>, key: string): void {
  const left = (counts.get(key) ?? 0) - 1;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
}
