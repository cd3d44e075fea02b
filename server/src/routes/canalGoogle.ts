// Google Chat's events: public, verified by the bearer token Chat signs them with (channels/google).
// The reply is the bot's answer as a Chat message when it comes in time, else `{}` and the answer
// goes out through the Chat API.
import { Type, type Static } from 'typebox';
import { webhookInput } from '../channels/adapter';
import { lateAnswersSent } from '../channels/answer';
import { answerWebhook, webhookCanal, webhookRouteOptions } from '../channels/webhook';
import { ErrorBody } from '../../../common/schemas/common';
import type { App } from '../types';

const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
/** A Chat message (channels/google/format.ts): its text and its cards v2, or nothing. */
const ChatReply = Type.Object({ text: Type.Optional(Type.String()), cardsV2: Type.Optional(Type.Array(Type.Unknown())) });

export async function canalGoogleRoutes(app: App): Promise<void> {
  // A shutdown first lets the answers that left after their reply reach Chat.
  app.addHook('onClose', () => lateAnswersSent(app));
  app.post(
    '/wh/google/:id',
    {
      ...webhookRouteOptions(app, 'Google'),
      schema: {
        tags: ['Canales'], operationId: 'googleChatWebhook',
        summary: 'Eventos de Google Chat con un JWT de Chat (emisor chat@system.gserviceaccount.com, audiencia el número de proyecto del canal) de usuarios del dominio del canal; la respuesta del bot va en la respuesta HTTP o, si tarda, por la API de Chat',
        params: IdParams,
        response: { 200: ChatReply, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    // The adapter answers in the reply (google.reply): its answer is a Chat message, or `{}`.
    async (request) => (await answerWebhook(app, 'Google', webhookCanal(request), webhookInput(request))) as Static<typeof ChatReply>,
  );
}
