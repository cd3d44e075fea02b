// A graceful stop, as SIGTERM asks for: the instance stops being ready and refuses new work at once,
// hands back the jobs it holds so another instance takes them now, lets the requests and turns in
// flight finish within SHUTDOWN_GRACE_SECONDS, and only then closes: STOMP clients are told to
// reconnect (the broker's close), and the database closes last, so nothing acknowledged is lost.
import type { App } from './types';

/**
 * Drains the instance without closing it: true when everything in flight finished within `graceMs`.
 * Readiness answers 503 from the first moment on.
 */
export async function drain(app: App, graceMs = app.config.shutdownGraceSeconds * 1000): Promise<boolean> {
  app.lifecycle.drain();
  const jobs = app.jobs.stop().catch((error: unknown) => app.log.error({ err: error }, 'no se pudieron devolver los trabajos en curso'));
  const inFlight = async () => {
    await app.lifecycle.requestsEnded();
    // A turn whose caller left goes on; a request may have been waiting for one.
    await app.turns.idle();
    await app.lifecycle.requestsEnded();
    return true;
  };
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), graceMs)));
  const settled = await Promise.race([inFlight(), grace]).finally(() => clearTimeout(timer));
  await jobs;
  if (!settled) app.log.warn({ enCurso: app.lifecycle.inFlight }, `las solicitudes en curso no terminaron en ${graceMs / 1000} s: el servidor se cierra sin esperarlas`);
  return settled;
}

/** Drains the instance, then closes it. */
export async function shutdown(app: App): Promise<void> {
  await drain(app);
  await app.close();
}
