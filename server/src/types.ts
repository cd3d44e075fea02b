// What the session plugin puts on every request, and the shape of the app routes receive.
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Flags, Rol } from '../../src/permissions/roles';
import type { Config } from './config';
import type { DB, DialectName } from './db';
import type { SesionTable } from './db/schema';

export interface SessionCompany {
  id: string;
  nm: string;
  audit: boolean;
  tg: boolean;
  liveAgent: boolean;
  /** Session inactivity limit in minutes. */
  ts: number;
}

export interface SessionUser {
  id: string;
  usuario: string;
  nm: string;
  ap: string;
  rol: Rol;
  idE: string;
  sso: boolean;
  pmHist: boolean;
  showChannels: boolean;
  a: boolean;
  flags: Flags;
  emp: SessionCompany;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: DB;
    dialect: DialectName;
  }
  interface FastifyRequest {
    /** The session or pre-session row named by the cookie, if any. */
    sesion: SesionTable | null;
    /** The signed-in user, or null. */
    user: SessionUser | null;
  }
}

export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;
