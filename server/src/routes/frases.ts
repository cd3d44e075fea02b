// Unrecognised phrases (Monitoreo): the list, assigning to a skill, deleting.
// Open to ROLE_ADMIN, ROLE_COMPANIA and ROLE_USER within the bot's company.
import { currentUser, requireUser } from '../plugins/guards';
import { assignFrases, deleteFrases, listFrases } from '../services/bots/frases';
import type { App } from '../types';
import { BOT_MESSAGES, FraseNr, FrasesBody, FrasesDeleteBody, FrasesIntentBody } from '../../../common/schemas/bots';
import { ErrorBody, MessageBody, signedErrors } from '../../../common/schemas/common';
import { pageResponse } from '../../../common/schemas/paging';

const refusals = { ...signedErrors, 403: ErrorBody, 404: ErrorBody };
const tags = ['Frases'];

export async function frasesRoutes(app: App): Promise<void> {
  app.post(
    '/frases',
    {
      preHandler: requireUser('botEditOrUser'),
      schema: {
        tags, operationId: 'listFrases', summary: 'Frases no reconocidas de un bot, de 20 en 20, las más repetidas primero',
        body: FrasesBody,
        response: { 200: pageResponse(FraseNr), ...refusals },
      },
    },
    async (request) => listFrases(app.db, currentUser(request), request.body),
  );

  app.post(
    '/frases/intent',
    {
      preHandler: requireUser('botEditOrUser'),
      schema: {
        tags, operationId: 'assignFrases', summary: 'Agrega las frases elegidas a un skill como frases de entrenamiento y las quita de la lista',
        body: FrasesIntentBody,
        response: { 200: MessageBody, ...refusals },
      },
    },
    async (request) => {
      await assignFrases(app, currentUser(request), request.body);
      return { message: BOT_MESSAGES.assigned };
    },
  );

  app.post(
    '/frases/delete',
    {
      preHandler: requireUser('botEditOrUser'),
      schema: {
        tags, operationId: 'deleteFrases', summary: 'Elimina frases no reconocidas',
        body: FrasesDeleteBody,
        response: { 200: MessageBody, ...refusals },
      },
    },
    async (request) => {
      await deleteFrases(app, currentUser(request), request.body);
      return { message: BOT_MESSAGES.phrasesDeleted };
    },
  );
}
