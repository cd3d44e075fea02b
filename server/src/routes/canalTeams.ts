// Microsoft Teams' webhook: the Bot Framework activities of a Teams channel. Public (Bot Framework
// calls it), verified by the token Bot Framework signs each activity with (channels/microsoft).
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { webhookInput } from '../channels/adapter';
import { answerWebhook, providerCanal } from '../channels/webhook';
import type { CanalRow } from '../conversation';
import { ErrorBody } from '../../../common/schemas/common';
import type { App } from '../types';

const tags = ['Canales'];
const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
const WebhookAnswer = Type.Object({ ok: Type.Optional(Type.Boolean()) });

export async function canalTeamsRoutes(app: App): Promise<void> {
  // As every provider's webhook: the channel found before the body is read (an unknown one is 404),
  // a body limit of its own, and refusals counted on the caller's address and the channel.
  const found = new WeakMap<FastifyRequest, CanalRow>();

  app.post(
    '/wh/teams/:id',
    {
      config: { integrity: false, refusalsPer: (request: FastifyRequest) => `canal ${(request.params as { id: string }).id}` },
      bodyLimit: app.config.webhookBodyLimitKb * 1024,
      onRequest: async (request: FastifyRequest) => {
        found.set(request, await providerCanal(app, 'Microsoft', (request.params as { id: string }).id));
      },
      schema: {
        tags, operationId: 'teamsWebhook',
        summary: 'Actividades de Bot Framework de Microsoft Teams, con el JWT que Bot Framework firma (emisor, audiencia = id de la aplicación, vencimiento y serviceUrl) y del inquilino del canal; el bot responde por el servicio Bot Connector',
        params: IdParams,
        response: { 200: WebhookAnswer, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 502: ErrorBody },
      },
    },
    async (request) => answerWebhook(app, 'Microsoft', found.get(request) as CanalRow, webhookInput(request)),
  );
}
