// Sign-in checks and the per-account lock-out: the rules of POST /enki and the password screens.
import type { Config } from '../../config';
import type { DB } from '../../db';
import type { Selectable } from 'kysely';
import type { EmpresaTable, UsuarioTable } from '../../db/schema';

export type Usuario = Selectable<UsuarioTable>;
import { badRequest, unauthorized } from '../../errors';
import { INACTIVE_COMPANY, companyRefusal } from '../../auth/acl';
import { loadPasswordChecker } from '../../../../common/passwordPolicy';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './passwords';

export const AUTH_MESSAGES = {
  wrongCredentials: 'Usuario o contraseña incorrectos',
  inactiveUser: 'Usuario inactivo. Comuníquese con su administrador.',
  inactiveCompany: INACTIVE_COMPANY,
  expired: 'Su contraseña ha expirado. Debe renovarla.',
} as const;

type AuthConfig = Pick<Config, 'loginMaxFailures' | 'loginLockMinutes' | 'now'>;

export function findUserByLogin(db: DB, login: string): Promise<Usuario | undefined> {
  return db.selectFrom('usuario').selectAll().where('usuario', '=', login.trim().toLowerCase()).executeTakeFirst();
}

export function isLocked(user: Pick<Usuario, 'bloqueoHasta'>, now: number): boolean {
  return !!user.bloqueoHasta && Date.parse(user.bloqueoHasta) > now;
}

/** Counts a failed password for the account; reaching the limit locks it and starts a new count. */
export async function recordFailure(db: DB, userId: string, config: AuthConfig): Promise<void> {
  const row = await db
    .updateTable('usuario')
    .set((eb) => ({ fallos: eb('fallos', '+', 1) }))
    .where('id', '=', userId)
    .returning('fallos')
    .executeTakeFirst();
  if (row && row.fallos >= config.loginMaxFailures) {
    const until = new Date(config.now() + config.loginLockMinutes * 60_000).toISOString();
    await db.updateTable('usuario').set({ fallos: 0, bloqueoHasta: until }).where('id', '=', userId).execute();
  }
}

export async function resetFailures(db: DB, userId: string): Promise<void> {
  await db.updateTable('usuario').set({ fallos: 0, bloqueoHasta: null }).where('id', '=', userId).execute();
}

export { formatDay, subscriptionEnd } from '../../auth/acl';

/**
 * Checks a sign-in and returns the account. The password is checked before anything that would
 * reveal the account's state, so a stranger learns nothing but the lock-out.
 */
export async function checkSignIn(db: DB, config: AuthConfig, login: string, password: string, address: string, passwordCost?: number): Promise<Usuario> {
  const user = await findUserByLogin(db, login);
  if (!user) {
    await verifyAgainstDummy(password, passwordCost);
    throw unauthorized(AUTH_MESSAGES.wrongCredentials);
  }
  // A locked account answers exactly as a wrong password, after the same work, so the lock tells a
  // guesser nothing; failures while locked do not extend it.
  const now = config.now();
  const locked = isLocked(user, now);
  const matches = await verifyPassword(password, user.pwd);
  // A recovery's mailed password, while it is pending: the current one keeps working meanwhile.
  const recovered = !matches && hasPendingPassword(user, now) && (await verifyPassword(password, user.pwdPendiente as string));
  if (locked) throw unauthorized(AUTH_MESSAGES.wrongCredentials);
  // A user who signs in with Microsoft has no password here: refused as a wrong one, after the same work.
  if (user.sso || (!matches && !recovered)) {
    await recordFailure(db, user.id, config);
    throw unauthorized(AUTH_MESSAGES.wrongCredentials);
  }
  if (!user.a) throw unauthorized(AUTH_MESSAGES.inactiveUser);
  const empresa = await db.selectFrom('empresa').selectAll().where('id', '=', user.idE).executeTakeFirst();
  checkCompany(empresa, now, address);
  if (recovered) {
    // Used once: it becomes the current password, already expired, so this sign-in leads to renewal.
    await db
      .updateTable('usuario')
      .set({ pwd: user.pwdPendiente as string, pwdPendiente: null, pwdPendienteHasta: null, pwdExpira: new Date(now).toISOString(), fallos: 0, bloqueoHasta: null })
      .where('id', '=', user.id)
      .where('pwdPendiente', '=', user.pwdPendiente)
      .execute();
    throw unauthorized(AUTH_MESSAGES.expired, 'EXPIRED');
  }
  if (user.pwdExpira && Date.parse(user.pwdExpira) <= now) throw unauthorized(AUTH_MESSAGES.expired, 'EXPIRED');
  // Signed in with the current password: a pending recovery is not needed any more, and a hash
  // made with a lower cost than today's is replaced.
  const rehash = needsRehash(user.pwd, passwordCost) ? await hashPassword(password, passwordCost) : undefined;
  if (user.fallos > 0 || user.bloqueoHasta || user.pwdPendiente || rehash) {
    await db
      .updateTable('usuario')
      .set({ fallos: 0, bloqueoHasta: null, pwdPendiente: null, pwdPendienteHasta: null, ...(rehash ? { pwd: rehash } : {}) })
      .where('id', '=', user.id)
      .execute();
  }
  return user;
}

function hasPendingPassword(user: Usuario, now: number): boolean {
  return !!user.pwdPendiente && !!user.pwdPendienteHasta && Date.parse(user.pwdPendienteHasta) > now;
}

function checkCompany(empresa: Selectable<EmpresaTable> | undefined, now: number, address: string): void {
  const refusal = companyRefusal(empresa, now, address);
  if (refusal) throw unauthorized(refusal);
}

export const PASSWORD_MESSAGES = {
  mismatch: 'Las contraseñas no coinciden',
  sameAsCurrent: 'La nueva contraseña debe ser distinta de la actual',
  wrongCurrent: 'La contraseña actual es incorrecta',
  updated: 'Contraseña actualizada con éxito',
} as const;

export interface PasswordChange {
  current: string;
  passwd1: string;
  passwd2: string;
}

/**
 * Checks the two new passwords against each other, the current one (as typed) and the policy
 * (shared with the console's meter, judged against the person's login and name).
 */
export async function checkNewPassword(change: PasswordChange, userInputs: string[]): Promise<void> {
  if (change.passwd1 !== change.passwd2) throw badRequest(PASSWORD_MESSAGES.mismatch);
  if (change.passwd1 === change.current) throw badRequest(PASSWORD_MESSAGES.sameAsCurrent);
  const check = await loadPasswordChecker();
  const { error } = check(change.passwd1, userInputs);
  if (error) throw badRequest(error);
}

/**
 * Changes the password of `user` once the current one is verified (a wrong one counts towards the
 * lock-out). Clears the expiry and the failure count, and ends the user's other sessions.
 */
export async function changePassword(
  db: DB,
  config: AuthConfig,
  user: Usuario | undefined,
  change: PasswordChange,
  options: { passwordCost?: number; keepSesionId?: string } = {},
): Promise<void> {
  await checkNewPassword(change, user ? [user.usuario, user.nm, user.ap] : []);
  // A user who signs in with Microsoft has no password to change: answered as an unknown account.
  if (!user || user.sso) {
    await verifyAgainstDummy(change.current, options.passwordCost);
    throw badRequest(PASSWORD_MESSAGES.wrongCurrent);
  }
  const locked = isLocked(user, config.now());
  const matches = await verifyPassword(change.current, user.pwd);
  if (locked) throw badRequest(PASSWORD_MESSAGES.wrongCurrent);
  if (!matches) {
    await recordFailure(db, user.id, config);
    throw badRequest(PASSWORD_MESSAGES.wrongCurrent);
  }
  const pwd = await hashPassword(change.passwd1, options.passwordCost);
  await db.updateTable('usuario').set({ pwd, pwdExpira: null, fallos: 0, bloqueoHasta: null, pwdPendiente: null, pwdPendienteHasta: null }).where('id', '=', user.id).execute();
  let others = db.deleteFrom('sesion').where('idU', '=', user.id);
  if (options.keepSesionId) others = others.where('id', '!=', options.keepSesionId);
  await others.execute();
}
