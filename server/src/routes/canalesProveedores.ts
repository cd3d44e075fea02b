// The provider channels: Telegram's sign-in and sign-out, Slack's OAuth, the WhatsApp relay's
// configuration export, and the providers' webhooks. The console's calls need channel access
// (admin, compania or showChannels) within the user's company (another company's channel answers
// 404); the webhooks and Slack's callback are public, verified the way each provider signs its calls.
import { Type } from 'typebox';
import { callbackOrigin, publicOrigin, webhookInput } from '../channels/adapter';
import { finishSlackOauth, slackAuthorizeAddress } from '../channels/slack/oauth';
import { connectTelegram, disconnectTelegram } from '../channels/telegram/connect';
import { exportRelayConfig } from '../channels/whatsapp/export';
import { hubChallenge } from '../channels/whatsapp/verify';
import { answerWebhook, providerCanal, webhookCanal, webhookRouteOptions } from '../channels/webhook';
import { currentUser, requireUser } from '../plugins/guards';
import { Canal, TelegramLoginBody, WhatsappExport, WhatsappExportBody } from '../../../common/schemas/canales';
import { ErrorBody, IdQuery, signedErrors } from '../../../common/schemas/common';
import { botNameOf, readCanalSecret, toCanal, type CanalRecord } from '../services/canales/canales';
import type { App } from '../types';

const tags = ['Canales'];
const refusals = { ...signedErrors, 403: ErrorBody, 404: ErrorBody };
const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
const WebhookAnswer = Type.Object({ ok: Type.Optional(Type.Boolean()), challenge: Type.Optional(Type.String()) });
const webhookRefusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export async function canalesProveedoresRoutes(app: App): Promise<void> {
  const answer = async (row: CanalRecord) => toCanal(row, await botNameOf(app.db, row.b), app.config.secretKey);

  app.post(
    '/loginTg',
    {
      preHandler: requireUser('channel'),
      schema: {
        tags, operationId: 'connectTelegram',
        summary: "'Conectar' de Telegram: comprueba el token con getMe, lo guarda cifrado, apunta el webhook del bot a /wh/telegram/{id} con un token secreto y activa el canal",
        body: TelegramLoginBody,
        response: { 200: Canal, ...refusals, 409: ErrorBody, 502: ErrorBody },
      },
    },
    async (request) => answer(await connectTelegram(app, currentUser(request), request.body, callbackOrigin(app))),
  );

  app.post(
    '/logoutTg',
    {
      preHandler: requireUser('channel'),
      schema: {
        tags, operationId: 'disconnectTelegram',
        summary: "'Desconectar' de Telegram (el GET de la especificación, firmado como toda escritura): borra el webhook y desactiva el canal",
        querystring: IdQuery,
        response: { 200: Canal, ...refusals, 409: ErrorBody },
      },
    },
    async (request) => answer(await disconnectTelegram(app, currentUser(request), request.query.id)),
  );

  app.post(
    '/wh/telegram/:id',
    {
      ...webhookRouteOptions(app, 'Telegram'),
      schema: {
        tags, operationId: 'telegramWebhook',
        summary: 'Webhook de Telegram: cada update trae X-Telegram-Bot-Api-Secret-Token; el bot responde por sendMessage o sendPhoto',
        params: IdParams,
        response: { 200: WebhookAnswer, ...webhookRefusals },
      },
    },
    async (request) => answerWebhook(app, 'Telegram', webhookCanal(request), webhookInput(request)),
  );

  app.get(
    '/wh/whatsapp/:id',
    {
      schema: {
        tags, operationId: 'whatsappWebhookVerify',
        summary: 'Verificación del webhook de WhatsApp: devuelve hub.challenge cuando hub.verify_token es el del canal',
        params: IdParams,
        querystring: Type.Object({
          'hub.mode': Type.Optional(Type.String({ maxLength: 50 })),
          'hub.verify_token': Type.Optional(Type.String({ maxLength: 300 })),
          'hub.challenge': Type.Optional(Type.String({ maxLength: 300 })),
        }),
        produces: ['text/plain'],
        response: { 200: Type.String(), 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const canal = await providerCanal(app, 'Whatsapp', request.params.id);
      const challenge = hubChallenge(request.query, readCanalSecret(app, canal, 'verifyToken'));
      if (challenge === undefined) return reply.code(403).send({ message: 'Token de verificación inválido' });
      return reply.type('text/plain; charset=utf-8').send(challenge);
    },
  );

  app.post(
    '/wh/whatsapp/:id',
    {
      ...webhookRouteOptions(app, 'Whatsapp'),
      schema: {
        tags, operationId: 'whatsappWebhook',
        summary: 'Webhook de WhatsApp Cloud API, firmado con X-Hub-Signature-256; el bot responde por la Cloud API o por el relay del canal',
        params: IdParams,
        response: { 200: WebhookAnswer, ...webhookRefusals },
      },
    },
    async (request) => answerWebhook(app, 'Whatsapp', webhookCanal(request), webhookInput(request)),
  );

  app.post(
    '/wh/export/archivo',
    {
      preHandler: requireUser('channel'),
      schema: {
        tags, operationId: 'exportWhatsappRelay',
        summary: "'Exportar configuración': el archivo .yanicfg (JSON en base64) con que se configura el relay externo de un canal de WhatsApp",
        body: WhatsappExportBody,
        response: { 200: WhatsappExport, ...refusals },
      },
    },
    async (request) => exportRelayConfig(app, currentUser(request), request.body, publicOrigin(app)),
  );

  app.get(
    '/loginSlack',
    {
      preHandler: requireUser('channel'),
      schema: {
        tags, operationId: 'signInSlack',
        summary: "'Agregar Slack' (navegación del navegador): redirige a la autorización OAuth v2 de Slack con el App Id del canal",
        querystring: Type.Object({ ch: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: { 302: Type.Null(), 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => reply.redirect(await slackAuthorizeAddress(app, currentUser(request), request.query.ch, callbackOrigin(app))),
  );

  app.get(
    '/callback-slack',
    {
      schema: {
        tags, operationId: 'slackCallback',
        summary: 'Vuelta de la autorización de Slack: canjea el código con oauth.v2.access, guarda el token del bot cifrado y redirige al editor del canal con ?status',
        querystring: Type.Object({
          code: Type.Optional(Type.String({ maxLength: 500 })),
          state: Type.Optional(Type.String({ maxLength: 1000 })),
          error: Type.Optional(Type.String({ maxLength: 200 })),
        }),
        response: { 302: Type.Null(), 400: ErrorBody },
      },
    },
    async (request, reply) => reply.redirect(await finishSlackOauth(app, request.query, callbackOrigin(app))),
  );

  app.post(
    '/wh/slack/:id',
    {
      ...webhookRouteOptions(app, 'Slack'),
      schema: {
        tags, operationId: 'slackWebhook',
        summary: 'Events API e interactividad de Slack, firmados con el Signing Secret (v0); el bot responde por chat.postMessage',
        params: IdParams,
        response: { 200: WebhookAnswer, ...webhookRefusals },
      },
    },
    async (request) => answerWebhook(app, 'Slack', webhookCanal(request), webhookInput(request)),
  );
}
