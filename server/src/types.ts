// The signed-in user as the server holds it, and the shape of the app routes receive. Each
// decoration is declared by the module that creates it (config.ts, db/index.ts, jobs/queue.ts,
// net/outbound.ts, plugins/session.ts, realtime/broker.ts, conversation/readyBots.ts,
// conversation/turnQueue.ts, conversation/store.ts, app.ts), so this file imports nothing above it.
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { SessionEmpresa, SessionUser as SessionUserFields } from '../../common/sessionTypes';
import type { Flags } from '../../common/roles';

/** The company as the session holds it: what the console sees, plus what only the server uses. */
export interface SessionEmpresaServidor extends Omit<SessionEmpresa, 'tz'> {
  /** The stored time zone; null (or one this runtime does not know) reads CHAT_TIME_ZONE. */
  tz: string | null;
  /** Session inactivity limit in minutes. */
  ts: number;
}

/** The signed-in user as the console knows it (one shape for both sides), plus what the server derives. */
export interface SessionUser extends SessionUserFields {
  flags: Flags;
  emp: SessionEmpresaServidor;
}

export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;
