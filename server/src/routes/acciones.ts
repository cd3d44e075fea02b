// A skill's actions: the list, save, delete and the new order (acciones, accion, accion.order).
// Reading is open to whoever opens the skill; saving, deleting and reordering need isBotEdit.
import { currentUser, largeBody, requireUser } from '../plugins/guards';
import { deleteAccion, listAcciones, orderAcciones, saveAccion } from '../services/bots/acciones';
import type { App } from '../types';
import { ErrorBody, IdAnswer, IdQuery, signedErrors } from '../../../common/schemas/common';
import { AccionesQuery, AccionOrderBody } from '../../../common/schemas/skills';
import { Accion, AccionBody } from '../../../common/actions';
import { Type } from 'typebox';

const refusals = { ...signedErrors, 403: ErrorBody, 404: ErrorBody };
const tags = ['Bots'];
const botRule = 'botEditOrUser' as const;

export async function accionesRoutes(app: App): Promise<void> {
  app.get(
    '/acciones',
    {
      preHandler: requireUser(botRule),
      schema: { tags, operationId: 'listAcciones', summary: 'Las acciones de un skill, en su orden', querystring: AccionesQuery, response: { 200: Type.Array(Accion), ...refusals } },
    },
    async (request) => listAcciones(app.db, currentUser(request), request.query.skillId),
  );

  app.post(
    '/accion',
    {
      preHandler: requireUser(botRule),
      // A carousel's cards with their buttons, a webhook's headers and fields.
      ...largeBody(app.config.editorBodyLimitKb, botRule),
      schema: {
        tags, operationId: 'saveAccion',
        summary: 'Crea una acción al final del skill (sin id) o la modifica (con id y rev); su tipo no cambia',
        body: AccionBody,
        response: { 200: Accion, ...refusals, 409: ErrorBody },
      },
    },
    async (request) => saveAccion(app, currentUser(request), request.body),
  );

  app.delete(
    '/accion',
    {
      preHandler: requireUser(botRule),
      schema: { tags, operationId: 'deleteAccion', summary: 'Elimina una acción; las demás conservan su orden', querystring: IdQuery, response: { 200: IdAnswer, ...refusals } },
    },
    async (request) => {
      await deleteAccion(app, currentUser(request), request.query.id);
      return { id: request.query.id };
    },
  );

  app.post(
    '/accion.order',
    {
      preHandler: requireUser(botRule),
      schema: {
        tags, operationId: 'orderAcciones',
        summary: 'Mueve la acción de la posición source a destination y responde las acciones en su nuevo orden',
        body: AccionOrderBody,
        response: { 200: Type.Array(Accion), ...refusals, 409: ErrorBody },
      },
    },
    async (request) => orderAcciones(app, currentUser(request), request.body),
  );
}
