// A skill's requirements and memory (the Requerimientos and Memoria tabs: requerimientos,
// requerimiento). Reading is open to whoever opens the skill; changes need isBotEdit.
import { Type } from 'typebox';
import { currentUser, largeBody, requireUser } from '../plugins/guards';
import { deleteRequerimiento, listRequerimientos, saveRequerimiento } from '../services/bots/requerimientos';
import type { App } from '../types';
import { ErrorBody, IdAnswer, IdQuery, signedErrors } from '../../../common/schemas/common';
import { Requerimiento, RequerimientoBody, RequerimientosQuery } from '../../../common/schemas/skills';

const refusals = { ...signedErrors, 403: ErrorBody, 404: ErrorBody };
const tags = ['Bots'];
const botRule = 'botEditOrUser' as const;

export async function requerimientosRoutes(app: App): Promise<void> {
  app.get(
    '/requerimientos',
    {
      preHandler: requireUser(botRule),
      schema: {
        tags, operationId: 'listRequerimientos', summary: 'Los requerimientos (tp 0) o la memoria (tp 1) de un skill',
        querystring: RequerimientosQuery,
        response: { 200: Type.Array(Requerimiento), ...refusals },
      },
    },
    async (request) => listRequerimientos(app.db, currentUser(request), request.query.idSkill, request.query.tp),
  );

  app.post(
    '/requerimiento',
    {
      preHandler: requireUser(botRule),
      // Up to 50 fields and 20 messages of 2,000 characters.
      ...largeBody(app.config.editorBodyLimitKb, botRule),
      schema: {
        tags, operationId: 'saveRequerimiento',
        summary: 'Crea (sin id) o modifica (con id y rev) un requerimiento o una memoria; cada campo nombra una entidad del bot o una interna',
        body: RequerimientoBody,
        response: { 200: Requerimiento, ...refusals, 409: ErrorBody },
      },
    },
    async (request) => saveRequerimiento(app, currentUser(request), request.body),
  );

  app.delete(
    '/requerimiento',
    {
      preHandler: requireUser(botRule),
      schema: { tags, operationId: 'deleteRequerimiento', summary: 'Elimina un requerimiento o una memoria', querystring: IdQuery, response: { 200: IdAnswer, ...refusals } },
    },
    async (request) => {
      await deleteRequerimiento(app, currentUser(request), request.query.id);
      return { id: request.query.id };
    },
  );
}
