// Password recovery: a generated password, mailed, that must be renewed at the next sign-in.
import type { Config } from '../config';
import type { DB } from '../db';
import { findUserByLogin } from './auth';
import { sendMail } from './mail';
import { generatePassword, hashPassword } from './passwords';

export const RESET_NEUTRAL_MESSAGE = 'Si su dirección de correo electrónico existe, recibirá un mensaje con su nueva contraseña en unos minutos.';
export const RESET_SUBJECT = 'Nueva contraseña de Quipu';

export function resetMailText(nm: string, usuario: string, password: string, signInUrl: string): string {
  return [
    `Hola ${nm}:`,
    '',
    `Recibimos una solicitud para recuperar el acceso de la cuenta ${usuario}.`,
    '',
    `Su nueva contraseña es: ${password}`,
    '',
    `Ingrese en ${signInUrl} con su usuario y esta contraseña. Al ingresar se le pedirá que la cambie por una nueva de su elección.`,
    '',
    'Si usted no solicitó este cambio, comuníquese con el administrador de su empresa.',
  ].join('\n');
}

/**
 * Gives an existing active account that signs in with a password a new generated one, expired at
 * once so the next sign-in leads to renewal, and mails it. True when a mail went out. If the mail
 * fails, the old password is put back so the account is not left unusable.
 */
export async function resetPassword(
  db: DB,
  config: Pick<Config, 'dataDir' | 'brandName' | 'now'>,
  login: string,
  signInUrl: string,
  passwordCost?: number,
): Promise<boolean> {
  const user = await findUserByLogin(db, login);
  if (!user || !user.a || user.sso) return false;
  const password = generatePassword();
  const pwd = await hashPassword(password, passwordCost);
  await db.updateTable('usuario').set({ pwd, pwdExpira: new Date(config.now()).toISOString() }).where('id', '=', user.id).execute();
  try {
    await sendMail(db, config, { to: user.usuario, subject: RESET_SUBJECT, text: resetMailText(user.nm, user.usuario, password, signInUrl) });
  } catch (error) {
    await db.updateTable('usuario').set({ pwd: user.pwd, pwdExpira: user.pwdExpira }).where('id', '=', user.id).where('pwd', '=', pwd).execute();
    throw error;
  }
  return true;
}
