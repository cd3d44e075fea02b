// The web chat widget's public routes, `/public/webchat/{key}` (key: the snippet's encoded channel
// id): no session and no integrity headers, since they are called from customers' pages. CORS
// answers only the channel's domain list and this server's own pages (the sample page); any other
// site's call gets 403 and no CORS headers. Opening is throttled per address, messages per
// conversation, messages with files per address (before their body is read).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Value } from 'typebox/value';
import { ApiError, forbidden, notFound } from '../../errors';
import { CHAT_FILES_BODY_BYTES, CHAT_FILES_LIMITS, chatFilesOf, type CanalRow } from '../../conversation';
import { acceptMultipart, type MultipartForm } from '../../plugins/multipart';
import { REQUESTS_THROTTLED, perAddressLimit } from '../../plugins/ratelimit';
import { CANAL_MESSAGES } from '../../../../common/schemas/canales';
import { ErrorBody } from '../../../../common/schemas/common';
import { CHAT_FILES, CHAT_MESSAGES } from '../../../../common/schemas/chat';
import { WEBCHAT_MESSAGES, WebchatCanal, WebchatConversation, WebchatKeyParams, WebchatMessageBody, WebchatMissed, WebchatMissedQuery, WebchatOpenBody, WebchatReply } from '../../../../common/schemas/webchat';
import { WEBCHAT_MESSAGES_PER_MINUTE, callerAllowed, canalOfKey, missedMessages, openConversation, webchatCanal, webchatCaller, widgetMessage } from './widget';
import { readToken, type Caller } from './token';
import { webhookInput } from '../adapter';
import type { App } from '../../types';

const tags = ['Conversaciones'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };
/** What a preflight may ask for. */
const ALLOWED_METHODS = 'GET, POST';
const ALLOWED_HEADERS = 'Content-Type';
const PREFLIGHT_MAX_AGE = '600';

export async function webchatPublicoRoutes(app: App): Promise<void> {
  const found = new WeakMap<FastifyRequest, { canal: CanalRow; caller: Caller }>();
  const context = (request: FastifyRequest) => found.get(request) as { canal: CanalRow; caller: Caller };

  // Every route here names a channel: find it, and answer CORS for its sites only (this plugin's scope).
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('Vary', 'Origin');
    reply.header('Cache-Control', 'no-store');
    const caller = webchatCaller(request, app.config.publicUrl);
    const canal = await canalOfKey(app, (request.params as { key?: string }).key ?? '');
    if (!canal) throw notFound(CANAL_MESSAGES.notFound);
    if (!callerAllowed(canal, caller)) throw forbidden(WEBCHAT_MESSAGES.foreignOrigin);
    if (caller.origin !== undefined) reply.header('Access-Control-Allow-Origin', caller.origin);
    found.set(request, { canal, caller });
  });

  const preflight = async (request: FastifyRequest, reply: FastifyReply) => {
    if (context(request).caller.origin !== undefined) {
      reply.header('Access-Control-Allow-Methods', ALLOWED_METHODS);
      reply.header('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      reply.header('Access-Control-Max-Age', PREFLIGHT_MAX_AGE);
    }
    return reply.status(204).send();
  };
  for (const url of ['/public/webchat/:key', '/public/webchat/:key/conversacion', '/public/webchat/:key/mensaje', '/public/webchat/:key/archivos']) {
    app.options(url, { schema: { hide: true, params: WebchatKeyParams } }, preflight);
  }

  const openLimit = perAddressLimit(app.config.publicRatePerMinute, REQUESTS_THROTTLED);

  app.get(
    '/public/webchat/:key',
    {
      config: { rateLimit: openLimit },
      schema: {
        tags, operationId: 'getWebchatCanal', security: [],
        summary: 'Apariencia del chat web de un canal y nombre de su bot (solo si el canal está activo y su bot desplegado)',
        params: WebchatKeyParams,
        response: { 200: WebchatCanal, ...errors },
      },
    },
    async (request) => webchatCanal(app, context(request).canal),
  );

  app.post(
    '/public/webchat/:key/conversacion',
    {
      config: { integrity: false, rateLimit: openLimit },
      schema: {
        tags, operationId: 'openWebchatConversation', security: [],
        summary: 'Abre (o retoma con su token) una conversación del chat web; el token sirve de passcode en STOMP',
        params: WebchatKeyParams,
        body: WebchatOpenBody,
        response: { 200: WebchatConversation, ...errors },
      },
    },
    async (request) => {
      const { canal, caller } = context(request);
      return openConversation(app, canal, request.body.token, caller);
    },
  );

  // Per conversation, once the body or the query (and its token) is read; a call without a valid token counts against its address.
  const perConversation = (scope: string) => ({
    max: WEBCHAT_MESSAGES_PER_MINUTE,
    timeWindow: 60_000,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => {
      const token = ((request.body ?? request.query) as { token?: unknown } | undefined)?.token;
      const claims = typeof token === 'string' ? readToken(app, token) : null;
      return claims ? `${scope} ${claims.c} ${claims.p}` : `${scope} ${request.ip}`;
    },
    errorResponseBuilder: () => new ApiError(429, WEBCHAT_MESSAGES.throttled),
  });

  app.post(
    '/public/webchat/:key/mensaje',
    {
      config: { integrity: false, rateLimit: perConversation('webchat') },
      schema: {
        tags, operationId: 'sendWebchatMessage', security: [],
        summary: 'Mensaje (texto o postback) de un visitante al bot del canal; la respuesta también llega por /user/conversacion',
        params: WebchatKeyParams,
        body: WebchatMessageBody,
        response: { 200: WebchatReply, ...errors },
      },
    },
    async (request) => {
      const { canal, caller } = context(request);
      return widgetMessage(app, canal, webhookInput(request), caller);
    },
  );

  // A message with files: multipart, read only once the channel and the page's origin are admitted
  // (this scope's onRequest), from an address under its own per-minute limit, and within the files'
  // size; its own plugin, so that no other public route reads a multipart body.
  await app.register(async (files) => {
    acceptMultipart(files, CHAT_FILES_LIMITS);
    files.post(
      '/public/webchat/:key/archivos',
      {
        bodyLimit: CHAT_FILES_BODY_BYTES,
        config: { integrity: false, rateLimit: perAddressLimit(WEBCHAT_MESSAGES_PER_MINUTE, WEBCHAT_MESSAGES.throttled) },
        onRequest: async (request) => {
          if (Number(request.headers['content-length']) > CHAT_FILES_BODY_BYTES) throw new ApiError(400, CHAT_MESSAGES.archivosPesados);
        },
        schema: {
          tags, operationId: 'sendWebchatFiles', security: [],
          summary: `Mensaje de un visitante con archivos, en multipart/form-data: la parte \`datos\` (el JSON que toma /mensaje, sin postback) y hasta ${CHAT_FILES.max} archivos de hasta ${CHAT_FILES.maxMb} MB en \`${CHAT_FILES.part}1\`, \`${CHAT_FILES.part}2\`…; el skill que responde los juzga con sus reglas de adjuntos`,
          consumes: ['multipart/form-data'],
          params: WebchatKeyParams,
          response: { 200: WebchatReply, ...errors },
        },
      },
      async (request) => {
        const { canal, caller } = context(request);
        const { datos, files: inbound } = chatFilesOf(request.body as MultipartForm | undefined);
        if (!Value.Check(WebchatMessageBody, datos) || datos.postback !== undefined) throw new ApiError(400, CHAT_MESSAGES.archivosIlegibles);
        return widgetMessage(app, canal, { ...webhookInput(request), body: datos }, caller, inbound);
      },
    );
  });

  // A read, as the widget's other calls authorised by the conversation's token (redacted from logged addresses).
  app.get(
    '/public/webchat/:key/mensajes',
    {
      config: { rateLimit: perConversation('webchat-perdidos') },
      schema: {
        tags, operationId: 'missedWebchatMessages', security: [],
        summary: 'Lo que la conversación del token tiene después del último mensaje que el widget recibió (al volver de una conexión perdida)',
        params: WebchatKeyParams,
        querystring: WebchatMissedQuery,
        response: { 200: WebchatMissed, ...errors },
      },
    },
    async (request) => missedMessages(app, context(request).canal, request.query),
  );
}
