// The QnA import (skill/qna-plantilla, skill/qna-importar, skill/historial-import and its /do):
// the template, a sheet sent as multipart/form-data, the history the console polls, and 'Importar
// Ahora'. Reading needs what reading a bot needs; importing needs isBotEdit on a bot with QnA on.
// Each instance also checks the external sources' schedules, from here until the app closes.
import type { Readable } from 'node:stream';
import { Type } from 'typebox';
import { ApiError } from '../errors';
import { acceptMultipart, type MultipartForm } from '../plugins/multipart';
import { currentUser, largeBody, requireUser } from '../plugins/guards';
import { attachment, XLSX_TYPE } from '../services/historial/informes';
import { importLimits, listImports, startExternalImport, startFileImport } from '../services/qna/importar';
import { hojaPesada } from '../services/qna/hojaFilas';
import { qnaTemplate } from '../services/qna/plantilla';
import { whenDefaultBot } from '../services/qna/porDefecto';
import { startQnaSchedule } from '../services/qna/programacion';
import type { App } from '../types';
import { ErrorBody, signedErrors } from '../../../common/schemas/common';
import { IdBotQuery, QnaImport, QnaImportStarted } from '../../../common/schemas/qna';

const refusals = { ...signedErrors, 403: ErrorBody, 404: ErrorBody };
const tags = ['QnA'];
const botRule = 'botEditOrUser' as const;
const XlsxFile = Type.Unsafe<Buffer | Readable>({ type: 'string', format: 'binary' });
/** Room in the body for the part headers and `datos` beside the file. */
const MARGIN_KB = 64;

export async function qnaImportRoutes(app: App): Promise<void> {
  const maxBytes = importLimits(app).maxBytes;
  acceptMultipart(app, { files: 1, fields: 1, fieldSize: MARGIN_KB * 1024 });

  app.get(
    '/skill/qna-plantilla',
    {
      preHandler: requireUser(botRule),
      schema: { tags, operationId: 'qnaTemplate', summary: 'La plantilla .xlsx de la importación de QnA', response: { 200: XlsxFile, ...refusals } },
    },
    async (_request, reply) =>
      reply.header('Content-Type', XLSX_TYPE).header('Content-Disposition', attachment('plantilla-qna.xlsx')).header('Cache-Control', 'no-store').send(await qnaTemplate()),
  );

  const guard = largeBody(Math.ceil(maxBytes / 1024) + MARGIN_KB, botRule);
  app.post(
    '/skill/qna-importar',
    {
      ...guard,
      // A file larger than the limit by its declared length is refused before a byte of it is read.
      onRequest: [
        guard.onRequest,
        async (request) => {
          if (Number(request.headers['content-length']) > guard.bodyLimit) throw new ApiError(400, hojaPesada(maxBytes));
        },
      ],
      preHandler: requireUser(botRule),
      schema: {
        tags, operationId: 'importQnas',
        summary: 'Importa QnA de un Excel (.xlsx o .xls) en multipart/form-data: la parte `datos` (JSON QnaImportDatos) y la parte `file`. Se procesa como trabajo; su avance está en el historial',
        consumes: ['multipart/form-data'],
        querystring: IdBotQuery,
        response: { 200: QnaImportStarted, ...refusals },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await whenDefaultBot(app, user, request.query.idBot);
      return startFileImport(app, user, request.query.idBot, request.body as MultipartForm | undefined);
    },
  );

  app.get(
    '/skill/historial-import',
    {
      preHandler: requireUser(botRule),
      schema: { tags, operationId: 'listQnaImports', summary: 'Las importaciones de QnA del bot, la más reciente primero', querystring: IdBotQuery, response: { 200: Type.Array(QnaImport), ...refusals } },
    },
    async (request) => {
      const user = currentUser(request);
      await whenDefaultBot(app, user, request.query.idBot);
      return listImports(app, user, request.query.idBot);
    },
  );

  app.get(
    '/skill/historial-import/do',
    {
      preHandler: requireUser(botRule),
      schema: { tags, operationId: 'importQnasNow', summary: 'Importar Ahora: importa el QnA externo del bot (qnaUrl) como trabajo', querystring: IdBotQuery, response: { 200: QnaImportStarted, ...refusals } },
    },
    async (request) => startExternalImport(app, currentUser(request), request.query.idBot),
  );

  const schedule = startQnaSchedule(app);
  app.addHook('onClose', async () => schedule.stop());
}
