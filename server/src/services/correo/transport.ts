// Outgoing mail: through the SMTP settings saved at /cfg, or, when none are saved, as .eml
// files under $DATA_DIR/outbox/ so a local user can read them.
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { DB } from '../../db';
import type { EmailCfgTable } from '../../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export type MailSettings = Pick<EmailCfgTable, 'host' | 'port' | 'username' | 'password' | 'email' | 'provider'>;

export interface MailResult {
  via: 'smtp' | 'outbox';
  /** The .eml file written, for the outbox. */
  file?: string;
}

export async function savedMailSettings(db: DB): Promise<MailSettings | undefined> {
  return db.selectFrom('email_cfg').select(['host', 'port', 'username', 'password', 'email', 'provider']).where('id', '=', 'default').executeTakeFirst();
}

/** Sends through `settings` when given, else through the saved settings, else to the outbox. */
export async function sendMail(db: DB, config: Pick<Config, 'dataDir' | 'brandName'>, message: MailMessage, settings?: MailSettings): Promise<MailResult> {
  const smtp = settings ?? (await savedMailSettings(db));
  if (smtp) {
    const transport = nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.port === 465,
      auth: smtp.username ? { user: smtp.username, pass: smtp.password } : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
      tls: { rejectUnauthorized: !/^(localhost|127\.|::1)/.test(smtp.host) },
    });
    try {
      await transport.sendMail({ from: `${config.brandName} <${smtp.email}>`, ...message });
    } finally {
      transport.close();
    }
    return { via: 'smtp' };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  await fs.mkdir(outbox, { recursive: true });
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await transport.sendMail({ from: `${config.brandName} <no-responder@quipu.local>`, ...message });
  const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
  const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`);
  await fs.writeFile(file, info.message as Buffer);
  return { via: 'outbox', file };
}

/** Spanish text for an SMTP failure, naming the server's own answer when there is one. */
export function smtpErrorMessage(error: unknown): string {
  const e = error as { code?: string; responseCode?: number; response?: string; message?: string };
  switch (e.code) {
    case 'EAUTH':
      return `El servidor de correo rechazó el usuario o la contraseña${e.response ? `: ${e.response}` : ''}`;
    case 'ECONNECTION':
    case 'ESOCKET':
      return `No se pudo conectar con el servidor de correo${e.message ? ` (${e.message})` : ''}`;
    case 'ETIMEDOUT':
      return 'El servidor de correo no respondió a tiempo';
    case 'EENVELOPE':
      return `El servidor de correo rechazó el destinatario${e.response ? `: ${e.response}` : ''}`;
    default:
      if (e.responseCode) return `El servidor de correo respondió con error ${e.responseCode}${e.response ? `: ${e.response}` : ''}`;
      return `No se pudo enviar el correo${e.message ? `: ${e.message}` : ''}`;
  }
}
