// The mail-server settings of /cfg (one row, id 'default') and the test mail sent through them.
// The stored password never leaves the server: readers only learn whether one is set.
import type { Static } from 'typebox';
import type { Config } from '../../config';
import type { DB } from '../../db';
import type { EmailCfgTable } from '../../db/schema';
import { ApiError, badRequest } from '../../errors';
import { isEmail, PROVIDERS } from '../../../../common/schemas/rules';
import type { MailSettings, MailSettingsBody } from '../../../../common/schemas/correo';
import type { SessionUser } from '../../types';
import { changedFields, EV, recordAudit, type WriteContext } from '../auditoria';
import { savedMailSettings, sendMail, smtpErrorMessage } from './transport';

export { PROVIDERS };
const ROW_ID = 'default';
export const TEST_SUBJECT = 'Correo de prueba de Quipu';

export type MailSettingsView = Static<typeof MailSettings>;
export type MailSettingsInput = Static<typeof MailSettingsBody>;

export async function readMailSettings(db: DB): Promise<MailSettingsView> {
  const row = await savedMailSettings(db);
  if (!row) return { host: '', port: null, username: '', email: '', provider: 'SMTP', passwordSet: false };
  return { host: row.host, port: row.port, username: row.username, email: row.email, provider: row.provider, passwordSet: row.password !== '' };
}

const FIELD_LABELS: Partial<Record<keyof EmailCfgTable, string>> = {
  host: 'servidor',
  port: 'puerto',
  username: 'usuario',
  password: 'contraseña',
  email: 'correo',
  provider: 'proveedor',
};

/** Saves the settings; an empty or absent password keeps the stored one. */
export async function saveMailSettings({ db, config }: WriteContext, actor: SessionUser, input: MailSettingsInput): Promise<MailSettingsView> {
  // host, port, username, email and provider are required by the schema (schemas/correo.ts).
  const host = input.host.trim();
  if (!Number.isInteger(input.port) || input.port < 1 || input.port > 65535) throw badRequest('Puerto: debe ser un número entero entre 1 y 65535');
  const username = input.username.trim();
  const email = input.email.trim().toLowerCase();
  if (!isEmail(email)) throw badRequest('Correo: ingrese un email válido');
  const provider = input.provider.trim();
  if (!(PROVIDERS as readonly string[]).includes(provider)) throw badRequest(`Proveedor: debe ser uno de ${PROVIDERS.join(', ')}`);

  const current = await db.selectFrom('email_cfg').selectAll().where('id', '=', ROW_ID).executeTakeFirst();
  // Passwords are kept as typed: spaces may be part of one.
  const password = input.password ? input.password : current?.password;
  if (!password) throw badRequest('Campo requerido: Contraseña');

  const now = config.now();
  const fields = { host, port: input.port, username, password, email, provider, fm: new Date(now).toISOString() };
  await db.transaction().execute(async (trx) => {
    if (current) {
      await trx.updateTable('email_cfg').set(fields).where('id', '=', ROW_ID).execute();
      const val = `Configuración de correo modificada ${changedFields(current, fields, FIELD_LABELS)}`;
      await recordAudit(trx, actor, { ev: EV.CORREO, val }, now);
    } else {
      await trx.insertInto('email_cfg').values({ id: ROW_ID, ...fields }).execute();
      await recordAudit(trx, actor, { ev: EV.CORREO, val: `Configuración de correo creada: ${host}:${input.port} (${provider})` }, now);
    }
  });
  return readMailSettings(db);
}

/** Sends the test mail through the saved settings; returns the success text. */
export async function sendTestMail(db: DB, config: Pick<Config, 'dataDir' | 'brandName'>, to: string): Promise<string> {
  // Required by the schema (schemas/correo.ts), blanks included.
  const address = to.trim().toLowerCase();
  if (!isEmail(address)) throw badRequest('Ingrese un email válido');
  const settings = await savedMailSettings(db);
  if (!settings) throw badRequest('Primero guarde la configuración del servidor de correo');
  try {
    await sendMail(db, config, {
      to: address,
      subject: TEST_SUBJECT,
      text: `Este es un correo de prueba enviado por ${config.brandName} con la configuración del servidor ${settings.host}:${settings.port}.\n\nSi lo recibió, la configuración de correo funciona.`,
    }, settings);
  } catch (error) {
    // The mail server, not the request, failed.
    throw new ApiError(502, smtpErrorMessage(error));
  }
  return `Correo de prueba enviado a ${address}`;
}
