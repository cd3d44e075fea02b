// Password recovery. The request only queues a job, the same few writes whether the account exists
// or not, so the answer and its timing say nothing. The job mails a new password that waits beside
// the current one: the current one keeps working, and the mailed one works once, within
// RECOVERY_MINUTES, leading to renewal (auth.ts checkSignIn).
import { countRecentJobs, defineJob, enqueueJob } from '../../jobs/queue';
import type { App } from '../../types';
import { findUserByLogin } from './login';
import { sendMail } from '../correo/transport';
import { generatePassword, hashPassword } from './passwords';

export const RESET_NEUTRAL_MESSAGE = 'Si su dirección de correo electrónico existe, recibirá un mensaje con su nueva contraseña en unos minutos.';
export const RESET_SUBJECT = 'Nueva contraseña de Quipu';
export const RECOVERY_JOB = 'recuperacion';
export const RECOVERY_MINUTES = 30;
/** Recoveries queued per account in an hour; past it requests are dropped without a word. */
export const RECOVERIES_PER_HOUR = 3;
const HOUR = 60 * 60_000;

export function resetMailText(nm: string, usuario: string, password: string, signInUrl: string): string {
  return [
    `Hola ${nm}:`,
    '',
    `Recibimos una solicitud para recuperar el acceso de la cuenta ${usuario}.`,
    '',
    `Su nueva contraseña es: ${password}`,
    '',
    `Ingrese en ${signInUrl} con su usuario y esta contraseña dentro de los próximos ${RECOVERY_MINUTES} minutos. Sirve una sola vez: al ingresar se le pedirá que la cambie por una nueva de su elección.`,
    '',
    'Su contraseña actual sigue funcionando. Si usted no solicitó este cambio, ignore este mensaje y comuníquese con el administrador de su empresa.',
  ].join('\n');
}

interface RecoveryJob {
  login: string;
  signInUrl: string;
}

/**
 * Queues a recovery for `login`. The per-account limit counts requests for the login as typed, known
 * or not, and a dropped request answers like any other, so the limit reveals nothing either.
 */
export async function requestRecovery(app: App, login: string, signInUrl: string): Promise<void> {
  const clave = `${RECOVERY_JOB}:${login.trim().toLowerCase()}`;
  if ((await countRecentJobs(app, clave, HOUR)) >= RECOVERIES_PER_HOUR) return;
  // No company: the login may not exist, and looking it up here would tell.
  await enqueueJob(app, { tipo: RECOVERY_JOB, clave, idE: null, datos: { login, signInUrl } satisfies RecoveryJob });
}

defineJob(RECOVERY_JOB, async (app, datos) => {
  const { login, signInUrl } = datos as RecoveryJob;
  const user = await findUserByLogin(app.db, login);
  if (!user || !user.a || user.sso) return;
  const password = generatePassword();
  const pwdPendiente = await hashPassword(password, app.passwordCost);
  const pwdPendienteHasta = new Date(app.config.now() + RECOVERY_MINUTES * 60_000).toISOString();
  await app.db.updateTable('usuario').set({ pwdPendiente, pwdPendienteHasta }).where('id', '=', user.id).execute();
  await sendMail(app.db, app.config, { to: user.usuario, subject: RESET_SUBJECT, text: resetMailText(user.nm, user.usuario, password, signInUrl) });
});
