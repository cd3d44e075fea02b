// Throttles callers whose requests keep being refused. Refused requests (400, 401, 403, 413) that
// carried a body are counted per minute: from one address without a session
// (REFUSED_RATE_PER_MINUTE), and from one signed-in session (REFUSED_RATE_PER_MINUTE_SIGNED_IN).
// Past its limit, a caller's requests with a body get 429 in onRequest, before the body is read and
// parsed, which is what a refusal costs the server. Registered in the API scope after the session
// plugin, so a signed-in user counts on their own session, never on an address shared with others.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { REQUESTS_THROTTLED } from './ratelimit';
import { shared } from './shared';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What else a caller without a session is counted on besides its address: a provider webhook's
     * channel, so one misconfigured channel's refusals never throttle the provider's calls to another.
     */
    refusalsPer?: (request: FastifyRequest) => string;
  }
}

const REFUSED = new Set([400, 401, 403, 413]);
const WINDOW_MS = 60_000;
/** Callers counted at once: past it the one refused longest ago is forgotten, however many addresses a flood comes from. */
export const MAX_COUNTED = 10_000;

/** Refusals per caller in one-minute windows; the Map's order is least recently refused first. */
export class RefusalCounts {
  private readonly windows = new Map<string, { since: number; n: number }>();

  constructor(private readonly capacity = MAX_COUNTED) {}

  get size(): number {
    return this.windows.size;
  }

  /** Milliseconds until `key` is admitted again: 0 while its current window holds fewer than `max` refusals. */
  waitFor(key: string, max: number, now: number): number {
    const window = this.windows.get(key);
    if (!window || window.n < max) return 0;
    const left = window.since + WINDOW_MS - now;
    // A clock that went back ends the window too.
    return left > 0 && left <= WINDOW_MS ? left : 0;
  }

  add(key: string, now: number): void {
    let window = this.windows.get(key);
    this.windows.delete(key);
    if (!window || now - window.since >= WINDOW_MS || now < window.since) window = { since: now, n: 0 };
    window.n += 1;
    this.windows.set(key, window);
    if (this.windows.size > this.capacity) this.windows.delete(this.windows.keys().next().value as string);
  }
}

/** A request with a body to read: a declared length above 0, or a chunked one. */
function carriesBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

/**
 * What a caller without a session is counted on: its IPv4 address, or its IPv6 address's /64, the
 * block one subscriber is given (counting each address of it would let one machine pass as millions).
 */
export function addressKey(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (v4) return v4[1];
  const bare = ip.replace(/%.*$/, '').toLowerCase();
  const [head, tail] = bare.split('::');
  const first = head ? head.split(':') : [];
  const last = tail ? tail.split(':') : [];
  const groups = tail === undefined ? first : [...first, ...Array<string>(Math.max(0, 8 - first.length - last.length)).fill('0'), ...last];
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

export const refusalsPlugin = shared('quipu-refusals', async (app) => {
  const counts = new RefusalCounts();
  const callerOf = (request: FastifyRequest) =>
    request.user && request.sesion
      ? { key: `sesion ${request.sesion.id}`, max: app.config.refusedRatePerMinuteSignedIn }
      : { key: [addressKey(request.ip), request.routeOptions.config?.refusalsPer?.(request)].filter(Boolean).join(' '), max: app.config.refusedRatePerMinute };

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!carriesBody(request)) return;
    const { key, max } = callerOf(request);
    const wait = counts.waitFor(key, max, app.config.now());
    if (wait === 0) return;
    reply.header('Retry-After', String(Math.ceil(wait / 1000)));
    throw new ApiError(429, REQUESTS_THROTTLED);
  });

  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    if (REFUSED.has(reply.statusCode) && carriesBody(request)) counts.add(callerOf(request).key, app.config.now());
  });
});
