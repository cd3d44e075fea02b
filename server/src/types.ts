// What the session plugin puts on every request, and the shape of the app routes receive.
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { SessionEmpresa, SessionUser as SessionUserFields } from '../../common/sessionTypes';
import type { Flags } from '../../common/roles';
import type { Config } from './config';
import type { DB, DialectName } from './db';
import type { JobRunner } from './jobs/queue';
import type { Broker } from './realtime/broker';
import type { BotEngine } from './services/chat';
import type { OutboundGuard } from './net/outbound';
import type { SesionTable } from './db/schema';

export interface SessionCompany extends SessionEmpresa {
  /** Session inactivity limit in minutes. */
  ts: number;
}

/** The signed-in user as the console knows it (one shape for both sides), plus what the server derives. */
export interface SessionUser extends SessionUserFields {
  flags: Flags;
  emp: SessionCompany;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: DB;
    dialect: DialectName;
    /** This instance's background job worker. */
    jobs: JobRunner;
    /** The STOMP broker of `{API_BASE}/ws`: publish() reaches subscribers on every instance. */
    realtime: Broker;
    /** The bots this instance has ready to answer (deployed versions and working definitions). */
    engine: BotEngine;
    /** Every call to an address a user typed goes through it (net/outbound.ts). */
    outbound: OutboundGuard;
  }
  interface FastifyRequest {
    /** The session or pre-session row named by the cookie, if any. */
    sesion: SesionTable | null;
    /** The signed-in user, or null. */
    user: SessionUser | null;
    /**
     * The cookie's token while a signed write's session, known to this instance, waits to be read
     * again with its nonce (plugins/session.ts, plugins/integrity.ts); null once settled.
     */
    sessionPending: string | null;
  }
}

export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;
