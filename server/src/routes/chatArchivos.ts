// The console's test chat with files (/webchat/demo.archivos): a message and its files as
// multipart/form-data, signed over its exact bytes. Its own plugin, so that no other route of the
// test chat accepts a multipart body. The roles and companies of POST /webchat/demo.
import { ApiError } from '../errors';
import { acceptMultipart, type MultipartForm } from '../plugins/multipart';
import { currentUser, largeBody, requireUser } from '../plugins/guards';
import { chatFilesBodyKb, sendTestChatFiles } from '../conversation';
import type { App } from '../types';
import { CHAT_MESSAGES, MAX_MESSAGE, CHAT_FILES, WebchatAnswer } from '../../../common/schemas/chat';
import { ErrorBody, signedErrors } from '../../../common/schemas/common';

const refusals = { ...signedErrors, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
/** Room in the body for the parts' headers and `datos` (a message of up to MAX_MESSAGE characters) beside the files. */
const MARGIN_KB = 64 + Math.ceil((4 * MAX_MESSAGE) / 1024);

export async function chatArchivosRoutes(app: App): Promise<void> {
  acceptMultipart(app, { files: CHAT_FILES.max + 1, fields: 1, fieldSize: MARGIN_KB * 1024 });
  const guard = largeBody(chatFilesBodyKb(MARGIN_KB), 'botEditOrUser');
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
