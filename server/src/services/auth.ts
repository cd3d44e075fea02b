// Sign-in checks and the per-account lock-out: the rules of POST /enki and the password screens.
import type { Config } from '../config';
import type { DB } from '../db';
import type { Selectable } from 'kysely';
import type { EmpresaTable, UsuarioTable } from '../db/schema';

export type Usuario = Selectable<UsuarioTable>;
import { ApiError, badRequest, unauthorized } from '../errors';
import { addressAllowed, parseAclList } from './acl';
import { hashPassword, passwordPolicyError, verifyAgainstDummy, verifyPassword } from './passwords';

export const AUTH_MESSAGES = {
  wrongCredentials: 'Usuario o contraseña incorrectos',
  inactiveUser: 'Usuario inactivo. Comuníquese con su administrador.',
  inactiveCompany: 'La empresa está inactiva',
  expired: 'Su contraseña ha expirado. Debe renovarla.',
} as const;

type AuthConfig = Pick<Config, 'loginMaxFailures' | 'loginLockMinutes' | 'now'>;

export function lockedMessage(minutes: number): string {
  return `Cuenta bloqueada por intentos fallidos. Intente nuevamente en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`;
}

export function findUserByLogin(db: DB, login: string): Promise<Usuario | undefined> {
  return db.selectFrom('usuario').selectAll().where('usuario', '=', login.trim().toLowerCase()).executeTakeFirst();
}

export function isLocked(user: Pick<Usuario, 'bloqueoHasta'>, now: number): boolean {
  return !!user.bloqueoHasta && Date.parse(user.bloqueoHasta) > now;
}

/** Throws the 429 lock-out answer when the account is locked. */
export function assertNotLocked(user: Pick<Usuario, 'bloqueoHasta'>, config: AuthConfig): void {
  if (isLocked(user, config.now())) throw new ApiError(429, lockedMessage(config.loginLockMinutes));
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

/** DD/MM/YYYY of an ISO date (its calendar day as written). */
export function formatDay(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** The moment a company's subscription ends: a bare date lasts until the end of that day (UTC). */
export function subscriptionEnd(ff: string): number {
  return /^\d{4}-\d{2}-\d{2}$/.test(ff) ? Date.parse(`${ff}T23:59:59.999Z`) : Date.parse(ff);
}

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
  assertNotLocked(user, config);
  if (!(await verifyPassword(password, user.pwd))) {
    await recordFailure(db, user.id, config);
    throw unauthorized(AUTH_MESSAGES.wrongCredentials);
  }
  if (!user.a) throw unauthorized(AUTH_MESSAGES.inactiveUser);
  const empresa = await db.selectFrom('empresa').selectAll().where('id', '=', user.idE).executeTakeFirst();
  checkCompany(empresa, config.now(), address);
  if (user.pwdExpira && Date.parse(user.pwdExpira) <= config.now()) throw unauthorized(AUTH_MESSAGES.expired, 'EXPIRED');
  if (user.fallos > 0 || user.bloqueoHasta) await resetFailures(db, user.id);
  return user;
}

function checkCompany(empresa: Selectable<EmpresaTable> | undefined, now: number, address: string): void {
  if (!empresa || !empresa.activo) throw unauthorized(AUTH_MESSAGES.inactiveCompany);
  if (empresa.ff && subscriptionEnd(empresa.ff) < now) {
    throw unauthorized(`La suscripción de su empresa terminó el ${formatDay(empresa.ff)}`);
  }
  if (empresa.acl && !addressAllowed(address, parseAclList(empresa.aclList))) {
    throw unauthorized(`No se permite el ingreso desde la dirección ${address}`);
  }
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

/** Checks the two new passwords against each other, the policy and the current one (as typed). */
export function checkNewPassword(change: PasswordChange): void {
  if (change.passwd1 !== change.passwd2) throw badRequest(PASSWORD_MESSAGES.mismatch);
  const weak = passwordPolicyError(change.passwd1);
  if (weak) throw badRequest(weak);
  if (change.passwd1 === change.current) throw badRequest(PASSWORD_MESSAGES.sameAsCurrent);
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
  checkNewPassword(change);
  if (!user) {
    await verifyAgainstDummy(change.current, options.passwordCost);
    throw badRequest(PASSWORD_MESSAGES.wrongCurrent);
  }
  assertNotLocked(user, config);
  if (!(await verifyPassword(change.current, user.pwd))) {
    await recordFailure(db, user.id, config);
    throw badRequest(PASSWORD_MESSAGES.wrongCurrent);
  }
  const pwd = await hashPassword(change.passwd1, options.passwordCost);
  await db.updateTable('usuario').set({ pwd, pwdExpira: null, fallos: 0, bloqueoHasta: null }).where('id', '=', user.id).execute();
  let others = db.deleteFrom('sesion').where('idU', '=', user.id);
  if (options.keepSesionId) others = others.where('id', '!=', options.keepSesionId);
  await others.execute();
}
