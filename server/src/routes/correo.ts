// Mail-server settings of /cfg: read, save and send a test mail.
// System admin only.
import { currentUser, requireUser } from '../plugins/guards';
import { readMailSettings, saveMailSettings, sendTestMail } from '../services/correo/settings';
import type { App } from '../types';
import { ErrorBody, MessageBody, signedErrors } from '../../../common/schemas/common';
import { MailSettings, MailSettingsBody, TestMailBody } from '../../../common/schemas/correo';

export { MailSettings, MailSettingsBody };

const refusals = { ...signedErrors, 403: ErrorBody };

export async function emailRoutes(app: App): Promise<void> {
  app.get(
    '/email',
    {
      preHandler: requireUser('admin'),
      schema: {
        tags: ['Correo'], operationId: 'getEmailSettings',
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
        tags: ['Correo'], operationId: 'saveEmailSettings',
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
        tags: ['Correo'], operationId: 'sendTestEmail',
        summary: 'Envía un correo de prueba con la configuración guardada',
        body: TestMailBody,
        response: { 200: MessageBody, ...refusals, 502: ErrorBody },
      },
    },
    async (request) => ({ message: await sendTestMail(app.db, app.config, request.body.email) }),
  );
}
