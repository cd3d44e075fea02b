// The one way the server calls an address a user typed (a bot's WEB_HOOK and baseUrl, a WhatsApp
// relay, an external QnA source). The host name is resolved once and every address it gives must
// be public or in OUTBOUND_ALLOW; the connection then goes to exactly the checked address (the
// agent's own lookup answers it), so a name that resolves differently a moment later (DNS
// rebinding) cannot reach anything else, while TLS still verifies the certificate against the
// name. Redirects are followed here, each hop checked the same way, at most MAX_REDIRECTS, and a
// hop to another origin leaves the caller's headers behind. Headers that would let a bot speak
// for this server or a proxy (Host, X-Forwarded-*, hop-by-hop headers) are never sent.
import dns from 'node:dns';
import type { LookupAddress } from 'node:dns';
import tls from 'node:tls';
import { Agent, fetch, type Response } from 'undici';
import { AllowList, internalKind, literalIp } from './addresses';

export const MAX_REDIRECTS = 3;

export const OUTBOUND_MESSAGES = {
  internal: (host: string) => `Dirección no permitida: ${host} es una dirección interna`,
  scheme: 'Solo se admiten direcciones http o https',
  redirects: (max: number) => `Demasiadas redirecciones (más de ${max})`,
  badRedirect: (location: string) => `Redirección a una dirección no válida: ${location}`,
  /** A save refused: `field` is the form's label. */
  saved: (field: string, host: string) => `${field}: ${host} es una dirección interna y no está permitida; si la instalación debe llamarla, agréguela a OUTBOUND_ALLOW`,
} as const;

/** A call the guard refused before connecting; its message is the Spanish reason. */
export class OutboundRefused extends Error {}

/** Resolves a host name to every address it has, as dns.lookup with all: true does. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/** Headers a caller may not set: who the request is for, who it comes from, and how the connection behaves. */
const FORBIDDEN = new Set(['host', 'forwarded', 'x-real-ip', 'connection', 'keep-alive', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'content-length']);
const isForbidden = (name: string) => FORBIDDEN.has(name) || name.startsWith('x-forwarded-') || name.startsWith('proxy-');
/** Describe the body: they go when a redirect turns the request into a GET. */
const BODY_HEADERS = ['content-type', 'content-encoding', 'content-language', 'content-location'];

/** The caller's headers without the forbidden ones, and the names of those dropped (as given). */
export function allowedHeaders(headers: Iterable<[string, string]>): { headers: Array<[string, string]>; dropped: string[] } {
  const kept: Array<[string, string]> = [];
  const dropped: string[] = [];
  for (const [name, value] of headers) {
    if (isForbidden(name.trim().toLowerCase())) dropped.push(name);
    else kept.push([name, value]);
  }
  return { headers: kept, dropped };
}

export interface OutboundRequest {
  method: string;
  headers?: Iterable<[string, string]>;
  body?: string | Uint8Array;
  signal?: AbortSignal;
  /** Redirects followed (default MAX_REDIRECTS); 0 answers a redirect as it came. */
  maxRedirects?: number;
  /** PEM certificates trusted besides the system's. */
  ca?: string;
}

export interface OutboundResponse {
  response: Response;
  /** The address that answered (after redirects). */
  url: URL;
  /** Header names the caller gave that were not sent. */
  dropped: string[];
}

export interface OutboundOptions {
  /** OUTBOUND_ALLOW entries. */
  allow: readonly string[];
  /** Name resolution (tests map names to local addresses). */
  resolve?: Resolver;
  /** Told how each fetch ended: answered (whatever the status), refused by the guard, or failed. */
  onResult?: (resultado: 'permitida' | 'rechazada' | 'fallida') => void;
}

/**
 * The host of `url` when it is an IP literal (in any form URL parsing reads: 0x7f000001,
 * 2130706433, [::ffff:127.0.0.1]) that is internal and not in `allow`: what a save can refuse at
 * once. Names are judged when called, since what they resolve to changes.
 */
export function internalLiteral(url: string, allow: AllowList | readonly string[]): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  const ip = literalIp(parsed.hostname);
  if (!ip || !internalKind(ip)) return undefined;
  const list = allow instanceof AllowList ? allow : new AllowList(allow);
  return list.allows(parsed.hostname, defaultPort(parsed), ip) ? undefined : parsed.hostname;
}

const defaultPort = (url: URL) => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

/** Agents kept, each pinned to one checked address, so calls to it reuse their connections. */
const KEPT_AGENTS = 32;

export class OutboundGuard {
  readonly allow: AllowList;
  private readonly resolve: Resolver;
  private readonly onResult: NonNullable<OutboundOptions['onResult']>;
  /** Pinned agents by address (and extra CA), least recently used first. */
  private readonly agents = new Map<string, Agent>();

  constructor(options: OutboundOptions) {
    this.allow = new AllowList(options.allow);
    this.resolve = options.resolve ?? systemResolver;
    this.onResult = options.onResult ?? (() => undefined);
  }

  /** The address to connect to for `url`: resolved once, each address checked; refuses an internal one not allowed. */
  async check(url: URL, signal?: AbortSignal): Promise<LookupAddress> {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundRefused(OUTBOUND_MESSAGES.scheme);
    const literal = literalIp(url.hostname);
    let addresses: LookupAddress[];
    try {
      addresses = literal ? [{ address: literal, family: literal.includes(':') ? 6 : 4 }] : await abortable(this.resolve(url.hostname), signal);
    } catch (error) {
      if (signal?.aborted) throw error;
      // Reported as fetch reports a name it cannot resolve.
      throw new TypeError('fetch failed', { cause: error });
    }
    if (!addresses.length) throw new TypeError('fetch failed', { cause: Object.assign(new Error(`sin direcciones para ${url.hostname}`), { code: 'ENOTFOUND' }) });
    const port = defaultPort(url);
    for (const { address } of addresses) {
      if (internalKind(address) && !this.allow.allows(url.hostname, port, address)) throw new OutboundRefused(OUTBOUND_MESSAGES.internal(url.hostname));
    }
    return addresses[0];
  }

  /**
   * Fetches `url` through the guard. Refusals throw OutboundRefused; connection failures throw as
   * fetch does (a TypeError whose cause has the code). The response's status may be anything.
   */
  async fetch(url: URL, request: OutboundRequest): Promise<OutboundResponse> {
    try {
      const answered = await this.follow(url, request);
      this.onResult('permitida');
      return answered;
    } catch (error) {
      this.onResult(error instanceof OutboundRefused ? 'rechazada' : 'fallida');
      throw error;
    }
  }

  /** The request, and each redirect it is given, through the guard. */
  private async follow(url: URL, request: OutboundRequest): Promise<OutboundResponse> {
    const given = allowedHeaders(request.headers ?? []);
    let headers = given.headers;
    let method = request.method.toUpperCase();
    let body = request.body;
    let current = url;
    const maxRedirects = request.maxRedirects ?? MAX_REDIRECTS;
    for (let hop = 0; ; hop++) {
      const address = await this.check(current, request.signal);
      const response = await fetch(current, { method, headers, body, signal: request.signal, redirect: 'manual', dispatcher: this.agentFor(address, request.ca) });
      const location = response.headers.get('location');
      if (![301, 302, 303, 307, 308].includes(response.status) || location === null || maxRedirects === 0) return { response, url: current, dropped: given.dropped };
      await response.body?.cancel().catch(() => undefined);
      if (hop >= maxRedirects) throw new OutboundRefused(OUTBOUND_MESSAGES.redirects(maxRedirects));
      let next: URL;
      try {
        next = new URL(location, current);
      } catch {
        throw new OutboundRefused(OUTBOUND_MESSAGES.badRedirect(location));
      }
      // Fetch's rules: 303 becomes a GET (but HEAD), and so do 301 and 302 after a POST.
      if ((response.status === 303 && method !== 'HEAD') || ([301, 302].includes(response.status) && method === 'POST')) {
        method = 'GET';
        body = undefined;
        headers = headers.filter(([name]) => !BODY_HEADERS.includes(name.toLowerCase()));
      }
      // Another origin gets none of the caller's headers (credentials among them), only what describes the body.
      if (next.origin !== current.origin) headers = headers.filter(([name]) => body !== undefined && BODY_HEADERS.includes(name.toLowerCase()));
      current = next;
    }
  }

  /** Closes the kept connections (the app's close). */
  async close(): Promise<void> {
    const agents = [...this.agents.values()];
    this.agents.clear();
    await Promise.all(agents.map((agent) => agent.close()));
  }

  private agentFor(address: LookupAddress, ca?: string): Agent {
    const key = `${address.address}|${ca ?? ''}`;
    const kept = this.agents.get(key);
    this.agents.delete(key);
    const agent = kept ?? pinnedAgent(address, ca);
    this.agents.set(key, agent);
    if (this.agents.size > KEPT_AGENTS) {
      const [oldest, evicted] = this.agents.entries().next().value as [string, Agent];
      this.agents.delete(oldest);
      // Waits for the calls under way on it.
      void evicted.close();
    }
    return agent;
  }
}

/**
 * An agent whose connections go to `address` whatever the host name resolves to by then (each
 * origin keeps its own connections, so a host name never shares another's); TLS still checks the name.
 */
function pinnedAgent(address: LookupAddress, ca?: string): Agent {
  return new Agent({
    connect: {
      lookup: ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
        if (options?.all) callback(null, [address]);
        else callback(null, address.address, address.family);
      }) as never,
      ...(ca ? { ca: [...tls.rootCertificates, ca] } : {}),
    },
  });
}

function abortable<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
