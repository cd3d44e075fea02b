// Session and access: the bootstrap, the session answer and the password bodies.
import { Type, type Static } from 'typebox';
import { closed, Login, Password } from './common';

export const Brand = Type.Object({
  name: Type.String(),
  /** The alternative brand (another host) gets its own theme. */
  alt: Type.Boolean(),
});

export const AthenaAnswer = Type.Object({
  k: Type.String(),
  brand: Brand,
  /** Whether 'Ingresar con Microsoft' can sign in here; until it does, the login page says so instead of leaving. */
  microsoft: Type.Boolean(),
  /** Whether the cookie names a signed-in session: only then does the console ask POST /enki for it. */
  sesion: Type.Boolean(),
});

export const SessionUserInfo = Type.Object({
  id: Type.String(),
  usuario: Type.String(),
  nm: Type.String(),
  ap: Type.String(),
  rol: Type.String(),
  idE: Type.String(),
  sso: Type.Boolean(),
  pmHist: Type.Boolean(),
  showChannels: Type.Boolean(),
  a: Type.Boolean(),
});

export const SessionConfigInfo = Type.Object({
  k: Type.String(),
  fb: Type.Boolean(),
  tw: Type.Boolean(),
  web: Type.Boolean(),
  tg: Type.Boolean(),
  wp: Type.Boolean(),
  ts: Type.Integer({ description: 'Minutos de inactividad antes de cerrar la sesión' }),
  menu: Type.Array(Type.String()),
  /** The users' manual, when the server names one (MANUAL_URL). */
  manualUrl: Type.Optional(Type.String()),
  /** The dashboard's pre-release details by department and by bot exist for the company's bots: only then does the console ask for them. */
  dashboardDetalles: Type.Boolean(),
});

export const SessionEmpresaInfo = Type.Object({
  id: Type.String(),
  nm: Type.String(),
  audit: Type.Boolean(),
  tg: Type.Boolean(),
  liveAgent: Type.Boolean(),
  /** The company's time zone (its days and hours in the history and the dashboard). */
  tz: Type.String(),
});

export const SessionInfo = Type.Object({
  user: SessionUserInfo,
  config: SessionConfigInfo,
  emp: SessionEmpresaInfo,
});
export type SessionInfo = Static<typeof SessionInfo>;

export const PasswordChangeFields = {
  current: Password,
  passwd1: Password,
  passwd2: Password,
};

/** POST /usuario/cambiar: `id` is the signed-in user's own id. */
export const PasswordChangeBody = Type.Object({ ...PasswordChangeFields, id: Type.String({ maxLength: 64 }) }, closed);
/** POST /public/usuario/cambiar-expired: `id` is the login; `token` the solved captcha. */
export const PasswordRenewalBody = Type.Object({ ...PasswordChangeFields, id: Login, token: Type.Optional(Type.String({ maxLength: 8000 })) }, closed);
export const ResetPasswordBody = Type.Object({ user: Login }, closed);
export const EmptyBody = Type.Object({}, closed);

export const CaptchaChallenge = Type.Object({
  parameters: Type.Object(
    {
      algorithm: Type.String(),
      nonce: Type.String(),
      salt: Type.String(),
      cost: Type.Integer(),
      keyLength: Type.Integer(),
      keyPrefix: Type.String(),
      expiresAt: Type.Optional(Type.Integer()),
    },
    { additionalProperties: true },
  ),
  signature: Type.Optional(Type.String()),
});

export const MicrosoftQuery = Type.Object({ ch: Type.Optional(Type.String({ maxLength: 64 })), type: Type.Optional(Type.String({ maxLength: 20 })) });
