// Channels: a channel, a company's list, save, delete, the bot link and activation. Every route
// needs channel access (ROLE_ADMIN, ROLE_COMPANIA, or showChannels) whatever the console's route
// check of the editor; another company's channel answers 404. The console's GET /ch/suscribe and
// GET /ch/active are signed POSTs, like every write.
import type { FastifySchemaCompiler } from 'fastify';
import { Type, type TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { CHANNEL_ADAPTERS } from '../channels';
import { ApiError } from '../errors';
import { clientError } from '../plugins/errors';
import { currentUser, largeBody, requireUser } from '../plugins/guards';
import { deleteCanal, findCanalFor, getCanal, linkCanal, listCanales, saveCanal, setCanalActive } from '../services/canales/canales';
import type { App } from '../types';
import { ActiveQuery, Canal, CANAL_MESSAGES, CanalBody, CanalQuery, SuscribeQuery, type CanalKind } from '../../../common/schemas/canales';
import { ErrorBody, IdAnswer, IdQuery, signedErrors } from '../../../common/schemas/common';

const tags = ['Canales'];
const rule = 'channel' as const;
const reads = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const writes = { ...signedErrors, 403: ErrorBody, 404: ErrorBody };

interface SchemaIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/**
 * The body exactly as sent (AJV's coercion would turn a secret's '' into null, which keeps it
 * instead of removing it), with every issue reported in AJV's shape so the most telling is chosen.
 */
const exactBody: FastifySchemaCompiler<TSchema> = ({ schema }) => {
  const compiled = Compile(schema);
  return (data: unknown) => {
    if (compiled.Check(data)) return { value: data };
    const issues = ([...compiled.Errors(data)] as SchemaIssue[])
      .filter((i) => i.keyword !== 'boolean')
      .map((i) => {
        const required = i.params.requiredProperties as string[] | undefined;
        const extra = i.params.additionalProperties as string[] | undefined;
        if (i.keyword === 'required' && required) return { ...i, params: { missingProperty: required[0] } };
        if (i.keyword === 'additionalProperties' && extra) return { ...i, params: { additionalProperty: extra[0] } };
        return i;
      });
    return { error: Object.assign(new Error('La solicitud no es válida'), { validation: issues }) };
  };
};

/** '/excluir/0/numero' (+ a missing or undeclared property) → 'excluir.0.numero': the form path the editor marks. */
function issueField(issue: SchemaIssue): string {
  const parts = issue.instancePath.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  const named = issue.keyword === 'required' ? issue.params.missingProperty : issue.keyword === 'additionalProperties' ? issue.params.additionalProperty : undefined;
  if (typeof named === 'string') parts.push(named);
  return parts.join('.');
}

/**
 * The issue that says most: the deepest one, and there a broken rule (pattern, maximum) before
 * the mismatches of a union's other branches ('debe ser nulo').
 */
function telling(issues: SchemaIssue[]): SchemaIssue | undefined {
  const score = (i: SchemaIssue) => issueField(i).split('.').length * 10 + (i.keyword === 'anyOf' ? 0 : i.keyword === 'type' || i.keyword === 'const' ? 1 : 2);
  return issues.reduce<SchemaIssue | undefined>((best, i) => (!best || score(i) > score(best) ? i : best), undefined);
}

/** A body the schema refused, as the channel editor needs it: the Spanish message and the field. */
function bodyRefusal(error: Error & { validation?: SchemaIssue[]; validationContext?: string }, request: Parameters<typeof clientError>[1]): Error {
  const issue = telling(error.validation ?? []);
  if (error.validationContext !== 'body' || !issue) return error;
  const field = issueField(issue);
  const badHour = (field === 'hi' || field === 'hf') && issue.keyword === 'pattern';
  const message = badHour ? CANAL_MESSAGES.badHour : clientError(Object.assign(new Error(error.message), { validation: [issue], validationContext: 'body' }), request).body.message;
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
      // Up to 500 excluded numbers with their names, and 50 sites.
      ...largeBody(app.config.editorBodyLimitKb, rule),
      attachValidation: true,
      validatorCompiler: exactBody,
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
        const user = currentUser(request);
        const canal = await findCanalFor(app.db, user, request.query.id);
        await CHANNEL_ADAPTERS[canal.name as CanalKind]?.release?.(app, canal);
        await deleteCanal(app, user, request.query.id);
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
