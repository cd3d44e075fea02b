// The shapes of the session calls, derived from the server's schemas.
import type { Static } from 'typebox';
import type {
  AthenaAnswer as AthenaSchema,
  Brand as BrandSchema,
  PasswordChangeBody,
  SessionConfigInfo,
  SessionEmpresaInfo,
  SessionUserInfo,
} from './schemas/session';
import type { Rol } from './roles';

export type Brand = Static<typeof BrandSchema>;
export type AthenaAnswer = Static<typeof AthenaSchema>;

export type SessionUser = Omit<Static<typeof SessionUserInfo>, 'rol'> & { rol: Rol };

/** The session's configuration flags; the signing key stays in the http client. */
export type SessionConfig = Omit<Static<typeof SessionConfigInfo>, 'k' | 'ts' | 'menu'> & { ts?: unknown; menu?: unknown };

export type SessionEmpresa = Static<typeof SessionEmpresaInfo>;

/** What POST /enki answers, without the signing key (that stays in the http client). */
export interface Session {
  user: SessionUser;
  config: SessionConfig;
  emp: SessionEmpresa;
}

export type { AboutInfo } from './schemas/about';

/** Own user id for /usuario/cambiar; the login for the expired-credentials renewal. */
export type PasswordChange = Static<typeof PasswordChangeBody>;

/** With the solved captcha's payload. */
export type PasswordRenewal = PasswordChange & { token: string };

export type { ServerMessage } from './schemas/common';
