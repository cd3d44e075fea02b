// The console's test chat with files (/webchat/demo.archivos): a message and its files as
// multipart/form-data, signed over its exact bytes. Its own plugin, so that no other route of the
// test chat accepts a multipart body. The roles and companies of POST /webchat/demo.
import { ApiError } from '../errors';
import { acceptMultipart, type MultipartForm } from '../plugins/multipart';
import { currentUser, largeBody, requireUser } from '../plugins/guards';
import { CHAT_FILES_BODY_BYTES, CHAT_FILES_LIMITS, sendTestChatFiles } from '../conversation';
import type { App } from '../types';
import { CHAT_MESSAGES, CHAT_FILES, WebchatAnswer } from '../../../common/schemas/chat';
import { ErrorBody, signedErrors } from '../../../common/schemas/common';

const refusals = { ...signedErrors, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export async function chatArchivosRoutes(app: App): Promise<void> {
  acceptMultipart(app, CHAT_FILES_LIMITS);
  const guard = largeBody(Math.ceil(CHAT_FILES_BODY_BYTES / 1024), 'botEditOrUser');
  app.post(
    '/webchat/demo.archivos',
    {
      ...guard,
      // Files larger than the limit by their declared length are refused before a byte is read.
      onRequest: [
        guard.onRequest,
        async (request) => {
          if (Number(request.headers['content-length']) > guard.bodyLimit) throw new ApiError(400, CHAT_MESSAGES.archivosPesados);
        },
      ],
      preHandler: requireUser('botEditOrUser'),
      schema: {
        tags: ['Conversaciones'], operationId: 'sendChatMessageWithFiles',
        summary: `Un mensaje con archivos al bot, en multipart/form-data: la parte \`datos\` (el JSON que toma POST /webchat/demo) y hasta ${CHAT_FILES.max} archivos de hasta ${CHAT_FILES.maxMb} MB en \`${CHAT_FILES.part}1\`, \`${CHAT_FILES.part}2\`…; el skill que responde los juzga con sus reglas de adjuntos`,
        consumes: ['multipart/form-data'],
        response: { 200: WebchatAnswer, ...refusals },
      },
    },
    async (request) => sendTestChatFiles(app, currentUser(request), request.sesion?.id, request.body as MultipartForm | undefined),
  );
}
