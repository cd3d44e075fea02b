// 'Ingresar con Microsoft': who a checked ID token signs in. The person is the active user with sso
// on whose login is the token's e-mail; their company must admit them now, as a password sign-in's.
import type { IDToken } from 'openid-client';
import { companyRefusal } from '../../auth/acl';
import { OidcRefused } from '../../auth/oidc';
import type { App } from '../../types';
import { AUTH_MESSAGES, findUserByLogin, type Usuario } from './login';

export const OIDC_SIGNIN_MESSAGES = {
  noEmail: 'Microsoft no entregó el correo de su cuenta',
  unknown: (email: string) => `${email} no es un usuario de esta consola`,
  noSso: (email: string) => `El usuario ${email} no ingresa con Microsoft: ingrese con su usuario y contraseña`,
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** The e-mail a Microsoft ID token signs in: `email`, else `preferred_username`, else `upn`. */
export function microsoftEmail(claims: IDToken): string | undefined {
  const candidates = [claims.email_verified === false ? undefined : claims.email, claims.preferred_username, claims.upn];
  const found = candidates.find((value): value is string => typeof value === 'string' && EMAIL.test(value.trim()));
  return found?.trim().toLowerCase();
}

/** The user the token signs in from `address`; refuses (OidcRefused, with the Spanish reason) anyone else. */
export async function microsoftSignInUser(app: App, claims: IDToken, address: string): Promise<Usuario> {
  const email = microsoftEmail(claims);
  if (!email) throw new OidcRefused(OIDC_SIGNIN_MESSAGES.noEmail);
  const user = await findUserByLogin(app.db, email);
  if (!user) throw new OidcRefused(OIDC_SIGNIN_MESSAGES.unknown(email));
  if (!user.sso) throw new OidcRefused(OIDC_SIGNIN_MESSAGES.noSso(email));
  if (!user.a) throw new OidcRefused(AUTH_MESSAGES.inactiveUser);
  const empresa = await app.db.selectFrom('empresa').selectAll().where('id', '=', user.idE).executeTakeFirst();
  const refusal = companyRefusal(empresa, app.config.now(), address);
  if (refusal) throw new OidcRefused(refusal);
  return user;
}
