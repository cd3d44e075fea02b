// Entities of a bot: the list, save (the regex is compiled here), delete,
// and the built-in entities. Reading is open to whoever opens the bot; changes need isBotEdit.
import { Type } from 'typebox';
import { currentUser, largeBody, requireUser } from '../plugins/guards';
import { deleteEntity, listEntities, saveEntity } from '../services/bots/entidades';
import type { App } from '../types';
import { Entidad, EntidadBody, InternalEntity } from '../../../common/schemas/bots';
import { ErrorBody, IdAnswer, signedErrors } from '../../../common/schemas/common';
import { INTERNAL_ENTITIES } from '../../../common/schemas/rules';

const refusals = { ...signedErrors, 403: ErrorBody, 404: ErrorBody };
const tags = ['Entidades'];
const Id = Type.String({ minLength: 1, maxLength: 64 });

export async function entidadesRoutes(app: App): Promise<void> {
  app.get(
    '/entity',
    {
      preHandler: requireUser('botEditOrUser'),
      schema: { tags, operationId: 'listEntidades', summary: 'Las entidades de un bot', querystring: Type.Object({ botId: Id }), response: { 200: Type.Array(Entidad), ...refusals } },
    },
    async (request) => listEntities(app.db, currentUser(request), request.query.botId),
  );

  app.post(
    '/entity',
    {
      preHandler: requireUser('botEditOrUser'),
      // Up to 5,000 keywords.
      ...largeBody(app.config.editorBodyLimitKb, 'botEditOrUser'),
      schema: {
        tags, operationId: 'saveEntidad',
        summary: 'Crea (sin id) o reemplaza (con id) una entidad; paths siempre es text y length',
        body: EntidadBody,
        response: { 200: Entidad, ...refusals },
      },
    },
    async (request) => saveEntity(app, currentUser(request), request.body),
  );

  app.delete(
    '/entity/:id',
    {
      preHandler: requireUser('botEditOrUser'),
      schema: { tags, operationId: 'deleteEntidad', summary: 'Elimina una entidad', params: Type.Object({ id: Id }), response: { 200: IdAnswer, ...refusals } },
    },
    async (request) => {
      await deleteEntity(app, currentUser(request), request.params.id);
      return { id: request.params.id };
    },
  );

  app.get(
    '/entity/internal/list',
    {
      preHandler: requireUser('botEditOrUser'),
      schema: { tags, operationId: 'listEntidadesInternas', summary: 'Las entidades incorporadas, de solo lectura', response: { 200: Type.Array(InternalEntity), ...refusals } },
    },
    async () => [...INTERNAL_ENTITIES],
  );
}
