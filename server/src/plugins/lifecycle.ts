// The instance's lifecycle as a proxy sees it: starting until the app is ready, then ready, then
// draining once a shutdown begins. In the API's scope, a draining instance refuses new work with
// 503 and Retry-After (a proxy or a client's retry takes it to another instance), and the requests
// in flight are counted, so that a shutdown waits for them before it closes the database.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SALUD_MESSAGES } from '../../../common/schemas/salud';
import type { App } from '../types';
import { shared } from './shared';

declare module 'fastify' {
  interface FastifyInstance {
    /** Starting, ready or draining, and the API requests in flight. */
    lifecycle: Lifecycle;
  }
}

export type LifecycleState = 'starting' | 'ready' | 'draining';

/** What a refused caller is told to wait, in seconds: long enough for a proxy to take this instance out. */
export const RETRY_AFTER_SECONDS = 1;

export class Lifecycle {
  private current: LifecycleState = 'starting';
  private active = 0;
  private idle?: { done: Promise<void>; resolve: () => void };

  get state(): LifecycleState {
    return this.current;
  }

  /** The app is built and migrated: it serves. */
  started(): void {
    if (this.current === 'starting') this.current = 'ready';
  }

  /** A shutdown began: no longer ready, and no new work is taken. */
  drain(): void {
    this.current = 'draining';
  }

  /** Counts a request in flight; the function returned ends it (once, however often it is called). */
  begin(): () => void {
    this.active += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.active -= 1;
      if (this.active === 0 && this.idle) {
        this.idle.resolve();
        this.idle = undefined;
      }
    };
  }

  /** How many requests are in flight. */
  get inFlight(): number {
    return this.active;
  }

  /** Settles once no request is in flight. */
  requestsEnded(): Promise<void> {
    if (this.active === 0) return Promise.resolve();
    if (!this.idle) {
      let resolve!: () => void;
      const done = new Promise<void>((r) => (resolve = r));
      this.idle = { done, resolve };
    }
    return this.idle.done;
  }
}

/** A WebSocket's upgrade lasts as long as its socket: the broker closes those, so they are not waited for. */
const isUpgrade = (request: FastifyRequest) => String(request.headers.upgrade ?? '').toLowerCase() === 'websocket';

/** Registered first in the API's scope: a refusal costs no session lookup and no body read. */
export const lifecyclePlugin = shared('quipu-lifecycle', async (app: App) => {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (app.lifecycle.state === 'draining') {
      // The connection closes too, so a keep-alive client opens its next one elsewhere.
      return reply.code(503).header('Retry-After', String(RETRY_AFTER_SECONDS)).header('Connection', 'close').send({ message: SALUD_MESSAGES.refused });
    }
    if (isUpgrade(request)) return;
    // 'close' comes once the response has ended, or when its connection dropped first.
    reply.raw.once('close', app.lifecycle.begin());
  });
});
