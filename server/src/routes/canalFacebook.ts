// The Facebook Messenger channel: 'Conectar' (a browser navigation to Facebook's dialog) and its
// callback, the pages with their bots, a page's persistent menu, 'Desconectar', and Meta's webhook.
// The console's calls need channel access within the user's company (another company's channel
// answers 404); the callback and the webhook are public, the webhook verified with the app secret.
import { Type } from 'typebox';
import { callbackOrigin, webhookInput } from '../channels/adapter';
import { facebookAuthorizeAddress, finishFacebookOauth } from '../channels/facebook/oauth';
import { disconnectFacebook, facebookPages, facebookVerifyToken, savePersistentMenu, subscribePage } from '../channels/facebook/pages';
import { pageIdsOf } from '../channels/facebook/receive';
import { hubChallenge } from '../channels/whatsapp/verify';
import { answerWebhook, providerCanal, webhookCanal, webhookRouteOptions } from '../channels/webhook';
import { channelsOfPages } from '../services/canales/facebookPaginas';
import { currentUser, requireUser } from '../plugins/guards';
import { Canal } from '../../../common/schemas/canales';
import { ErrorBody, signedErrors } from '../../../common/schemas/common';
import { FacebookChannelQuery, FacebookMenuBody, FacebookMenuQuery, FacebookPages, FacebookSuscribeBody } from '../../../common/schemas/facebook';
import type { App } from '../types';

const tags = ['Canales'];
const refusals = { ...signedErrors, 403: ErrorBody, 404: ErrorBody };
const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
const WebhookAnswer = Type.Object({ ok: Type.Optional(Type.Boolean()) });

export async function canalFacebookRoutes(app: App): Promise<void> {
  app.get(
    '/loginFB',
    {
      preHandler: requireUser('channel'),
      schema: {
        tags, operationId: 'signInFacebook',
        summary: "'Conectar' de Facebook (navegación del navegador): redirige al diálogo OAuth de Facebook con los permisos de páginas que Messenger necesita, o vuelve al editor con el motivo",
        querystring: FacebookChannelQuery,
        response: { 302: Type.Null(), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => reply.redirect(await facebookAuthorizeAddress(app, currentUser(request), request.query.ch, callbackOrigin(app))),
  );

  app.get(
    '/callback-facebook',
    {
      schema: {
        tags, operationId: 'facebookCallback',
        summary: 'Vuelta del diálogo de Facebook: canjea el código por un token de larga duración, lee la cuenta y sus páginas, las guarda cifradas, activa el canal y redirige al editor con ?status=ok o ?error',
        querystring: Type.Object({
          code: Type.Optional(Type.String({ maxLength: 1000 })),
          state: Type.Optional(Type.String({ maxLength: 1000 })),
          error: Type.Optional(Type.String({ maxLength: 200 })),
          error_reason: Type.Optional(Type.String({ maxLength: 200 })),
          error_description: Type.Optional(Type.String({ maxLength: 500 })),
        }),
        response: { 302: Type.Null(), 400: ErrorBody },
      },
    },
    async (request, reply) => reply.redirect(await finishFacebookOauth(app, request.query, callbackOrigin(app))),
  );

  app.get(
    '/ch/fb/pages',
    {
      preHandler: requireUser('channel'),
      schema: {
        tags, operationId: 'facebookPages',
        summary: 'Las páginas del canal de Facebook (#, id, nombre, bot), sin sus tokens, y el verify token del webhook',
        querystring: FacebookChannelQuery,
        response: { 200: FacebookPages, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => facebookPages(app, currentUser(request), request.query.ch),
  );

  app.post(
    '/fb/suscribe',
    {
      preHandler: requireUser('channel'),
      schema: {
        tags, operationId: 'linkFacebookPage',
        summary: 'Vincula una página a un bot y suscribe la app a sus mensajes (subscribed_apps); b = blk la desvincula y anula la suscripción',
        body: FacebookSuscribeBody,
        response: { 200: FacebookPages, ...refusals, 409: ErrorBody, 502: ErrorBody },
      },
    },
    async (request) => subscribePage(app, currentUser(request), request.body),
  );

  app.post(
    '/fb/menu',
    {
      preHandler: requireUser('channel'),
      schema: {
        tags, operationId: 'saveFacebookMenu',
        summary: 'Guarda el menú persistente de una página por la Messenger Profile API; pageId es el id de la página, nunca su token',
        querystring: FacebookMenuQuery,
        body: FacebookMenuBody,
        response: { 200: Type.Object({ ok: Type.Boolean() }), ...refusals, 409: ErrorBody, 502: ErrorBody },
      },
    },
    async (request) => savePersistentMenu(app, currentUser(request), request.query.ch, request.query.pageId, request.body.buttons),
  );

  app.post(
    '/logoutFb',
    {
      preHandler: requireUser('channel'),
      schema: {
        tags, operationId: 'disconnectFacebook',
        summary: "'Desconectar' de Facebook (el GET de la especificación, firmado como toda escritura): anula la suscripción de cada página, borra los tokens y las páginas y desactiva el canal",
        querystring: FacebookChannelQuery,
        response: { 200: Canal, ...refusals },
      },
    },
    async (request) => disconnectFacebook(app, currentUser(request), request.query.ch),
  );

  app.get(
    '/wh/facebook/:id',
    {
      schema: {
        tags, operationId: 'facebookWebhookVerify',
        summary: 'Verificación del webhook de Messenger: devuelve hub.challenge cuando hub.verify_token es el del canal',
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
      const canal = await providerCanal(app, 'Facebook', request.params.id);
      const challenge = hubChallenge(request.query, facebookVerifyToken(app.config.secretKey, canal.id));
      if (challenge === undefined) return reply.code(403).send({ message: 'Token de verificación inválido' });
      return reply.type('text/plain; charset=utf-8').send(challenge);
    },
  );

  app.post(
    '/wh/facebook/:id',
    {
      ...webhookRouteOptions(app, 'Facebook'),
      schema: {
        tags, operationId: 'facebookWebhook',
        summary: 'Webhook de Messenger, firmado con X-Hub-Signature-256 (secreto de la app); los mensajes de cada página van a su bot y la respuesta sale por la Send API',
        params: IdParams,
        response: { 200: WebhookAnswer, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const input = webhookInput(request);
      const answer = await answerWebhook(app, 'Facebook', webhookCanal(request), input);
      // A Meta app has one webhook address for all its pages: once the call proved genuine on this
      // channel, the pages of other channels in it reach theirs.
      for (const id of await channelsOfPages(app.db, pageIdsOf(input.body), request.params.id)) {
        await answerWebhook(app, 'Facebook', await providerCanal(app, 'Facebook', id), input);
      }
      return answer;
    },
  );
}
