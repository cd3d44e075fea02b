// Bot export and import: GET /bot.export answers the whole definition;
// POST /bot.export imports one, as a copy or over the bot with the same id.
import { ApiError, badRequest } from '../errors';
import { clientError } from '../plugins/errors';
import { exactValidator } from '../plugins/exactValidation';
import { currentUser, requireUser } from '../plugins/guards';
import { exportBot, importBot } from '../services/bots/transfer';
import { LIMIT_MESSAGES } from '../services/bots/limits';
import type { App } from '../types';
import { BOT_MESSAGES, BotExport, ImportQuery, ImportResult } from '../../../common/schemas/bots';
import { ErrorBody, IdQuery, signedErrors } from '../../../common/schemas/common';

const refusals = { ...signedErrors, 403: ErrorBody, 404: ErrorBody };
const tags = ['Bots'];

const MB = 1024 * 1024;
const megabytes = new Intl.NumberFormat('es', { maximumFractionDigits: 1 });

export async function botTransferRoutes(app: App): Promise<void> {
  // A big bot's file is larger than the usual body limit; MAX_IMPORTACION_MB bounds it.
  const importLimit = app.config.maxImportacionMb * MB;
  app.get(
    '/bot.export',
    {
      preHandler: requireUser('botEditOrUser'),
      schema: {
        tags, operationId: 'exportBot',
        summary: 'El bot completo para exportar (la consola lo guarda como «{id} - {nombre}.yani» en base64). Los extras cifrados viajan cifrados',
        querystring: IdQuery,
        response: { 200: BotExport, ...refusals },
      },
    },
    async (request) => exportBot(app, currentUser(request), request.query.id),
  );

  app.post(
    '/bot.export',
    {
      preHandler: requireUser('botEditOrUser'),
      bodyLimit: importLimit,
      // A caller the guard refuses, or a file larger than the limit by its declared length, is
      // refused before a byte of it is read (a body without a length stops at bodyLimit).
      onRequest: [
        requireUser('botEditOrUser'),
        async (request) => {
          const length = Number(request.headers['content-length']);
          if (length > importLimit) throw new ApiError(413, LIMIT_MESSAGES.importSize(megabytes.format(length / MB), app.config.maxImportacionMb));
        },
      ],
      // A document that does not fit the format is 'no se puede leer el archivo', with the reason.
      attachValidation: true,
      validatorCompiler: exactValidator,
      schema: {
        tags, operationId: 'importBot',
        summary:
          'Importa un bot (isBotEdit). replace: conserva los ids y reemplaza el bot con el mismo id; sin replace: crea una copia con ids nuevos y sin enlaces a otros bots. replaceParams: el bot reemplazado toma también los parámetros del archivo',
        querystring: ImportQuery,
        body: BotExport,
        response: { 200: ImportResult, ...refusals },
      },
    },
    async (request) => {
      const invalid = request.validationError as (Error & { validationContext?: string }) | undefined;
      if (invalid) {
        if (invalid.validationContext !== 'body') throw invalid;
        throw badRequest(`${BOT_MESSAGES.unreadable}: ${clientError(invalid, request).body.message}`);
      }
      return importBot(app, currentUser(request), request.body, request.query);
    },
  );
}
