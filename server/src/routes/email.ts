// Mail-server settings of /cfg (bot-building spec §2, §7): read, save and send a test mail.
// System admin only.
import { Type } from 'typebox';
import { currentUser, requireUser } from '../plugins/guards';
import { readMailSettings, saveMailSettings, sendTestMail } from '../services/correo';
import type { App } from '../types';
import { ErrorBody, MessageBody, signedErrors } from './schemas';

export const MailSettings = Type.Object({
  host: Type.String(),
  port: Type.Union([Type.Integer(), Type.Null()]),
  username: Type.String(),
  email: Type.String(),
  provider: Type.String(),
  /** Whether a password is stored; the password itself is never sent. */
  passwordSet: Type.Boolean(),
});

// Required fields are optional here so that a missing one gets its own message.
export const MailSettingsBody = Type.Object({
  host: Type.Optional(Type.String({ maxLength: 200 })),
  port: Type.Optional(Type.Number()),
  username: Type.Optional(Type.String({ maxLength: 200 })),
  password: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
  email: Type.Optional(Type.String({ maxLength: 200 })),
  provider: Type.Optional(Type.String({ maxLength: 40 })),
});

const refusals = { ...signedErrors, 403: ErrorBody };

export async function emailRoutes(app: App): Promise<void> {
  app.get(
    '/email',
    {
      preHandler: requireUser('admin'),
      schema: {
        summary: 'La configuración del servidor de correo (sin la contraseña)',
        response: { 200: MailSettings, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async () => readMailSettings(app.db),
  );

  app.post(
    '/email',
    {
      preHandler: requireUser('admin'),
      schema: {
        summary: 'Guarda la configuración del servidor de correo; sin contraseña conserva la guardada',
        body: MailSettingsBody,
        response: { 200: MailSettings, ...refusals },
      },
    },
    async (request) => saveMailSettings(app, currentUser(request), request.body),
  );

  app.post(
    '/email.test',
    {
      preHandler: requireUser('admin'),
      schema: {
        summary: 'Envía un correo de prueba con la configuración guardada',
        body: Type.Object({ email: Type.Optional(Type.String({ maxLength: 200 })) }),
        response: { 200: MessageBody, ...refusals, 502: ErrorBody },
      },
    },
    async (request) => ({ message: await sendTestMail(app.db, app.config, request.body.email ?? '') }),
  );
}
