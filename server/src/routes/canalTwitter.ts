// Twitter (X): 'Conectar' and 'Desconectar', the webhook's state and 'Activar' (X runs the CRC
// again), for channel access within the user's company (another company's channel answers 404);
// and the public webhook: the CRC on GET, Account Activity posts signed with the consumer secret.
import { Type } from 'typebox';
import { callbackOrigin, PROVIDER_MESSAGES, webhookInput } from '../channels/adapter';
import { connectTwitter, disconnectTwitter, revalidateTwitterWebhook, twitterWebhookState } from '../channels/twitter/connect';
import { xSignature } from '../channels/twitter/receive';
import { answerWebhook, providerCanal, webhookCanal, webhookRouteOptions } from '../channels/webhook';
import { currentUser, requireUser } from '../plugins/guards';
import { Canal } from '../../../common/schemas/canales';
import { ErrorBody, signedErrors } from '../../../common/schemas/common';
import { TwitterLoginBody, TwitterLogoutQuery, TwitterWebhookList } from '../../../common/schemas/twitter';
import { botNameOf, readCanalSecret, toCanal, type CanalRecord } from '../services/canales/canales';
import type { App } from '../types';

const tags = ['Canales'];
const refusals = { ...signedErrors, 403: ErrorBody, 404: ErrorBody };
const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export async function canalTwitterRoutes(app: App): Promise<void> {
  const answer = async (row: CanalRecord) => toCanal(row, await botNameOf(app.db, row.b), app.config.secretKey);

  app.post(
    '/loginTw',
    {
      preHandler: requireUser('channel'),
      schema: {
        tags, operationId: 'connectTwitter',
        summary: "'Conectar' de Twitter: comprueba las claves con GET /2/users/me, registra el webhook /wh/twitter/{id} en X, suscribe la cuenta, guarda las claves cifradas y activa el canal; env nombra la suscripción en Quipu (la API v2 de X no tiene entornos)",
        body: TwitterLoginBody,
        response: { 200: Canal, ...refusals, 409: ErrorBody, 502: ErrorBody },
      },
    },
    async (request) => answer(await connectTwitter(app, currentUser(request), request.body, callbackOrigin(app))),
  );

  app.post(
    '/logoutTw',
    {
      preHandler: requireUser('channel'),
      schema: {
        tags, operationId: 'disconnectTwitter',
        summary: "'Desconectar' de Twitter (el GET de la especificación, firmado como toda escritura): quita la suscripción, borra el webhook en X y desactiva el canal",
        querystring: TwitterLogoutQuery,
        response: { 200: Canal, ...refusals, 409: ErrorBody },
      },
    },
    async (request) => answer(await disconnectTwitter(app, currentUser(request), request.query.chId)),
  );

  app.get(
    '/webhook/:id',
    {
      preHandler: requireUser('channel'),
      schema: {
        tags, operationId: 'twitterWebhookState',
        summary: 'El webhook del canal de Twitter según GET /2/webhooks de X: una lista cuyo primer elemento dice si es válido',
        params: IdParams,
        response: { 200: TwitterWebhookList, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 502: ErrorBody },
      },
    },
    async (request) => twitterWebhookState(app, currentUser(request), request.params.id),
  );

  app.put(
    '/webhook/:id',
    {
      preHandler: requireUser('channel'),
      schema: {
        tags, operationId: 'revalidateTwitterWebhook',
        summary: "'Activar' de Twitter: X vuelve a hacer el CRC del webhook (PUT /2/webhooks/{webhook_id}); responde el estado del webhook",
        params: IdParams,
        response: { 200: TwitterWebhookList, ...refusals, 502: ErrorBody },
      },
    },
    async (request) => revalidateTwitterWebhook(app, currentUser(request), request.params.id),
  );

  app.get(
    '/wh/twitter/:id',
    {
      schema: {
        tags, operationId: 'twitterWebhookCrc',
        summary: 'El CRC de X: responde response_token = sha256= + base64(HMAC-SHA256(consumer secret, crc_token))',
        params: IdParams,
        querystring: Type.Object({ crc_token: Type.String({ minLength: 1, maxLength: 500 }) }),
        response: { 200: Type.Object({ response_token: Type.String() }), 400: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const canal = await providerCanal(app, 'Twitter', request.params.id);
      const secret = readCanalSecret(app, canal, 'twConsumerSecret');
      if (!secret) return reply.code(403).send({ message: PROVIDER_MESSAGES.notConfigured });
      return { response_token: xSignature(secret, request.query.crc_token) };
    },
  );

  app.post(
    '/wh/twitter/:id',
    {
      ...webhookRouteOptions(app, 'Twitter'),
      schema: {
        tags, operationId: 'twitterWebhook',
        summary: 'Account Activity de X, firmada con x-twitter-webhooks-signature (HMAC-SHA256 con el consumer secret); los mensajes directos a la cuenta van al bot y sus respuestas salen como mensajes directos',
        params: IdParams,
        response: { 200: Type.Object({ ok: Type.Optional(Type.Boolean()) }), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => answerWebhook(app, 'Twitter', webhookCanal(request), webhookInput(request)),
  );
}
