// Channels (access spec §2, §4, §7; bot-building spec §7): a channel, a company's list, save,
// delete, the bot link and activation. Every route needs channel access (§6: admin, compania, or
// showChannels) whatever the console's route check of the editor; another company's channel
// answers 404. The spec's GET /ch/suscribe and GET /ch/active are signed POSTs, like every write.
import { Type } from 'typebox';
import { ApiError } from '../errors';
import { clientError } from '../plugins/errors';
import { currentUser, requireUser } from '../plugins/guards';
import { deleteCanal, getCanal, linkCanal, listCanales, saveCanal, setCanalActive } from '../services/canales';
import type { App } from '../types';
import { ActiveQuery, Canal, CANAL_MESSAGES, CanalBody, CanalQuery, SuscribeQuery } from '../schemas/canales';
import { ErrorBody, IdAnswer, IdQuery, signedErrors } from '../schemas/common';

const tags = ['Canales'];
const rule = 'channel' as const;
const reads = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const writes = { ...signedErrors, 403: ErrorBody, 404: ErrorBody };

interface SchemaIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** '/excluir/0/numero' (+ a missing property) → 'excluir.0.numero': the form path the editor marks. */
function issueField(issue: SchemaIssue): string {
  const parts = issue.instancePath.split('/').slice(1);
  if (issue.keyword === 'required' && typeof issue.params.missingProperty === 'string') parts.push(issue.params.missingProperty);
  return parts.join('.');
}

/** A body the schema refused, as the channel editor needs it: the Spanish message and the field. */
function bodyRefusal(error: Error & { validation?: SchemaIssue[]; validationContext?: string }, request: Parameters<typeof clientError>[1]): Error {
  const issue = error.validation?.[0];
  if (error.validationContext !== 'body' || !issue) return error;
  const field = issueField(issue);
  const badHour = (field === 'hi' || field === 'hf') && issue.keyword !== 'type';
  const message = badHour ? CANAL_MESSAGES.badHour : clientError(error, request).body.message;
  return new ApiError(400, message, undefined, field || undefined);
}

export async function canalesRoutes(app: App): Promise<void> {
  app.get(
    '/ch',
    {
      preHandler: requireUser(rule),
      schema: {
        tags, operationId: 'getCanales',
        summary: 'Con id: un canal. Sin id: los canales de la empresa con el nombre de su bot (el administrador del sistema elige la empresa con idE)',
        querystring: CanalQuery,
        response: { 200: Type.Union([Canal, Type.Array(Canal)]), ...reads },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id, idE } = request.query;
      return id ? getCanal(app, user, id) : listCanales(app, user, idE);
    },
  );

  app.post(
    '/ch/web',
    {
      preHandler: requireUser(rule),
      attachValidation: true,
      schema: {
        tags, operationId: 'saveCanal',
        summary:
          'Crea (sin id: activo, con un id nuevo) o guarda (con id y rev) un canal de cualquier tipo. El tipo no cambia; el bot, la activación, idR y email no se cambian aquí. Los secretos se combinan: null conserva, vacío borra',
        body: CanalBody,
        response: { 200: Canal, ...writes, 409: ErrorBody },
      },
    },
    async (request) => {
      if (request.validationError) throw bodyRefusal(request.validationError, request);
      return saveCanal(app, currentUser(request), request.body);
    },
  );

  // The list deletes with DELETE /ch?id; the WhatsApp editor with DELETE /ch/web?id.
  for (const [url, operationId] of [['/ch', 'deleteCanal'], ['/ch/web', 'deleteCanalWeb']] as const) {
    app.delete(
      url,
      {
        preHandler: requireUser(rule),
        schema: {
          tags, operationId,
          summary: 'Elimina un canal (y las entregas ya recibidas de su proveedor)',
          querystring: IdQuery,
          response: { 200: IdAnswer, ...writes },
        },
      },
      async (request) => {
        await deleteCanal(app, currentUser(request), request.query.id);
        return { id: request.query.id };
      },
    );
  }

  app.post(
    '/ch/suscribe',
    {
      preHandler: requireUser(rule),
      schema: {
        tags, operationId: 'linkCanal',
        summary: "Vincula el canal a un bot de su empresa (idB = 'blk' lo desvincula); responde el canal",
        querystring: SuscribeQuery,
        response: { 200: Canal, ...writes },
      },
    },
    async (request) => linkCanal(app, currentUser(request), request.query.id, request.query.idB),
  );

  app.post(
    '/ch/active',
    {
      preHandler: requireUser(rule),
      schema: {
        tags, operationId: 'activateCanal',
        summary: 'Activa (active=true) o desactiva (active=false) el canal; responde el canal',
        querystring: ActiveQuery,
        response: { 200: Canal, ...writes },
      },
    },
    async (request) => setCanalActive(app, currentUser(request), request.query.id, request.query.active),
  );
}
