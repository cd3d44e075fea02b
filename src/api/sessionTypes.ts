// The shapes of the session calls (spec §3 and §7).
import type { Rol } from '../permissions/roles';

export interface Brand {
  name: string;
  /** The alternative brand (another host) gets its own theme. */
  alt: boolean;
}

export interface AthenaAnswer {
  k: string;
  brand: Brand;
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
}

export interface SessionConfig {
  fb: boolean;
  tw: boolean;
  web: boolean;
  tg: boolean;
  wp: boolean;
  ts?: unknown;
  menu?: unknown;
}

export interface SessionEmpresa {
  id: string;
  nm: string;
  audit: boolean;
  tg: boolean;
  liveAgent: boolean;
}

/** What POST /enki answers, without the signing key (that stays in the http client). */
export interface Session {
  user: SessionUser;
  config: SessionConfig;
  emp: SessionEmpresa;
}

export interface AboutInfo {
  branch: string;
  commitId: string;
  commitTime: string | null;
}

export interface PasswordChange {
  current: string;
  passwd1: string;
  passwd2: string;
  /** Own user id for /usuario/cambiar; the login for the expired-credentials renewal. */
  id: string;
}

export interface PasswordRenewal extends PasswordChange {
  /** The solved captcha's payload. */
  token: string;
}

export interface ServerMessage {
  message: string;
}
