// Microsoft Teams' webhook: the Bot Framework activities of a Teams channel. Public (Bot Framework
// calls it), verified by the token Bot Framework signs each activity with (channels/microsoft).
import { Type } from 'typebox';
import { webhookInput } from '../channels/adapter';
import { answerWebhook, webhookCanal, webhookRouteOptions } from '../channels/webhook';
import { ErrorBody } from '../../../common/schemas/common';
import type { App } from '../types';

const tags = ['Canales'];
const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
const WebhookAnswer = Type.Object({ ok: Type.Optional(Type.Boolean()) });

export async function canalTeamsRoutes(app: App): Promise<void> {

  app.post(
    '/wh/teams/:id',
    {
      ...webhookRouteOptions(app, 'Microsoft'),
      schema: {
        tags, operationId: 'teamsWebhook',
        summary: 'Actividades de Bot Framework de Microsoft Teams, con el JWT que Bot Framework firma (emisor, audiencia = id de la aplicación, vencimiento y serviceUrl) y del inquilino del canal; el bot responde por el servicio Bot Connector',
        params: IdParams,
        response: { 200: WebhookAnswer, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 502: ErrorBody },
      },
    },
    async (request) => answerWebhook(app, 'Microsoft', webhookCanal(request), webhookInput(request)),
  );
}
