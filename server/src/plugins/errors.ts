// The one error handler: ApiError keeps its status and message, schema failures become a Spanish
// 400 naming the field, anything else is a 500 whose details stay in the log.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { MESSAGE_KEYWORD } from '../../../common/schemas/common';
import { isApiUrl } from './session';
import { shared } from './shared';

export interface ErrorBody {
  message: string;
  code?: string;
  field?: string;
}

export const INTERNAL_ERROR = 'Error interno del servidor';
export const ROUTE_NOT_FOUND = 'Recurso no encontrado';

interface SchemaIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** '/sorted/0/id' → 'sorted[0].id' */
function fieldName(instancePath: string, extra?: unknown): string {
  const parts = instancePath.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (typeof extra === 'string') parts.push(extra);
  return parts.reduce((name, part) => (/^\d+$/.test(part) ? `${name}[${part}]` : name ? `${name}.${part}` : part), '');
}

const TYPE_NAMES: Record<string, string> = {
  number: 'un número',
  integer: 'un número entero',
  string: 'un texto',
  boolean: 'verdadero o falso',
  array: 'una lista',
  object: 'un objeto',
  null: 'nulo',
};

const FORMAT_NAMES: Record<string, string> = {
  email: 'un correo electrónico válido',
  'date-time': 'una fecha y hora válida',
  date: 'una fecha válida',
  time: 'una hora válida',
  uri: 'una dirección válida',
  uuid: 'un identificador válido',
};

/** The Spanish message for the first schema failure of a request part. */
export function validationMessage(issue: SchemaIssue, context?: string): string {
  const { keyword, params } = issue;
  const missing = keyword === 'required' ? params.missingProperty : keyword === 'additionalProperties' ? params.additionalProperty : undefined;
  const field = fieldName(issue.instancePath, missing);
  if (!field) {
    return context === 'body' ? 'El cuerpo de la solicitud debe ser un objeto JSON' : 'La solicitud no es válida';
  }
  const campo = `El campo ${field}`;
  const limit = params.limit as number;
  switch (keyword) {
    case 'required':
      return `${campo} es obligatorio`;
    case 'additionalProperties':
      return `${campo} no está permitido`;
    case 'maxLength':
      return `${campo} admite como máximo ${limit} ${limit === 1 ? 'carácter' : 'caracteres'}`;
    case 'minLength':
      return limit <= 1 ? `${campo} es obligatorio` : `${campo} debe tener al menos ${limit} caracteres`;
    case 'type': {
      const type = String(params.type).split(',')[0];
      return `${campo} debe ser ${TYPE_NAMES[type] ?? 'de otro tipo'}`;
    }
    case 'format':
      return `${campo} debe ser ${FORMAT_NAMES[String(params.format)] ?? 'un valor con formato válido'}`;
    case 'pattern':
      return `${campo} no tiene un formato válido`;
    case 'minimum':
      return `${campo} debe ser mayor o igual a ${limit}`;
    case 'maximum':
      return `${campo} debe ser menor o igual a ${limit}`;
    case 'exclusiveMinimum':
      return `${campo} debe ser mayor que ${limit}`;
    case 'exclusiveMaximum':
      return `${campo} debe ser menor que ${limit}`;
    case 'maxItems':
      return `${campo} admite como máximo ${limit} ${limit === 1 ? 'elemento' : 'elementos'}`;
    case 'minItems':
      return `${campo} debe tener al menos ${limit} ${limit === 1 ? 'elemento' : 'elementos'}`;
    case 'enum':
    case 'const':
      return `${campo} tiene un valor no permitido`;
    default:
      return `${campo} no es válido`;
  }
}

const STATUS_MESSAGES: Record<number, string> = {
  400: 'La solicitud no es válida',
  401: 'Sesión no iniciada',
  403: 'No tiene permiso para realizar esta acción',
  404: ROUTE_NOT_FOUND,
  405: 'Método no permitido',
  406: 'Formato de respuesta no admitido',
  408: 'La solicitud tardó demasiado',
  413: 'El cuerpo de la solicitud es demasiado grande',
  414: 'La dirección de la solicitud es demasiado larga',
  415: 'Tipo de contenido no admitido',
  429: 'Demasiadas solicitudes. Espere un minuto e intente nuevamente.',
  431: 'Las cabeceras de la solicitud son demasiado grandes',
};

/** 'La solicitud supera el tamaño máximo permitido (64 KB).': a route's body limit, in whole MB from 1 MB up. */
export function bodyTooLarge(limit: number): string {
  const size = limit >= 1024 * 1024 && limit % (1024 * 1024) === 0 ? `${limit / (1024 * 1024)} MB` : `${Math.round(limit / 1024)} KB`;
  return `La solicitud supera el tamaño máximo permitido (${size}).`;
}

/**
 * Fastify's AJV options (app.ts): a body with an undeclared property is refused instead of
 * trimmed silently, and `x-message` is a known annotation (schemas/common.ts).
 */
export const AJV_OPTIONS: { customOptions: { removeAdditional: false; keywords: string[] } } = { customOptions: { removeAdditional: false, keywords: [MESSAGE_KEYWORD] } };

type SchemaNode = { properties?: Record<string, SchemaNode>; items?: SchemaNode; [MESSAGE_KEYWORD]?: string } | undefined;
type RequestPart = Pick<FastifyRequest, 'routeOptions' | 'body' | 'query' | 'params' | 'headers'>;

/**
 * The field's own message (`x-message` in the route's schema) when the failure is that the field
 * is missing, null or blank; undefined otherwise.
 */
export function fieldMessage(issue: SchemaIssue, context: string | undefined, request: RequestPart | undefined): string | undefined {
  if (!request || !context) return undefined;
  const schemas = request.routeOptions?.schema as Record<string, SchemaNode> | undefined;
  const parts = issue.instancePath.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  const missing = issue.keyword === 'required' ? String(issue.params.missingProperty) : undefined;
  let node = schemas?.[context];
  for (const part of missing === undefined ? parts : [...parts, missing]) node = /^\d+$/.test(part) && node?.items ? node.items : node?.properties?.[part];
  const message = node?.[MESSAGE_KEYWORD];
  if (typeof message !== 'string') return undefined;
  if (missing !== undefined) return message;
  const data = { body: request.body, querystring: request.query, params: request.params, headers: request.headers }[context];
  const value = parts.reduce<unknown>((v, part) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[part] : undefined), data);
  return value === null || (typeof value === 'string' && value.trim() === '') ? message : undefined;
}

/** Status and body the client gets for `error`; never a stack, SQL or English text. */
export function clientError(error: unknown, request?: RequestPart): { status: number; body: ErrorBody } {
  if (error instanceof ApiError) {
    const body: ErrorBody = { message: error.message };
    if (error.code) body.code = error.code;
    if (error.field) body.field = error.field;
    return { status: error.statusCode, body };
  }
  const e = error as Partial<FastifyError> & { validation?: SchemaIssue[]; validationContext?: string };
  if (Array.isArray(e.validation) && e.validation.length > 0) {
    const issue = e.validation[0];
    return { status: 400, body: { message: fieldMessage(issue, e.validationContext, request) ?? validationMessage(issue, e.validationContext) } };
  }
  const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
  const limit = request?.routeOptions?.bodyLimit;
  if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && limit) return { status: 413, body: { message: bodyTooLarge(limit) } };
  if (e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || e.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return { status: 400, body: { message: 'El cuerpo de la solicitud no es un JSON válido' } };
  }
  if (status >= 400 && status < 500) return { status, body: { message: STATUS_MESSAGES[status] ?? STATUS_MESSAGES[400] } };
  return { status: 500, body: { message: INTERNAL_ERROR } };
}

export interface ErrorsOptions {
  /** Answers a non-API GET that matched nothing (the console's SPA fallback); false to decline. */
  fallback?: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;
}

export const errorsPlugin = shared<ErrorsOptions>('quipu-errors', async (app, opts) => {
  app.setErrorHandler((error, request, reply) => {
    const { status, body } = clientError(error, request);
    if (status >= 500) request.log.error({ err: error }, 'error no controlado');
    // A refusal is part of the request's own story: logged with the requests, at debug level.
    else request.log.debug({ status, message: body.message }, 'solicitud rechazada');
    // Refused before its body arrived (a throttle, a guard, a declared length): the connection is
    // closed, since reading the rest only to keep it open would cost what the early refusal saved.
    if (request.raw.complete === false) reply.header('connection', 'close');
    return reply.status(status).send(body);
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (!isApiUrl(request.url, app.config.apiBase) && opts.fallback && (await opts.fallback(request, reply))) return reply;
    return reply.status(404).send({ message: ROUTE_NOT_FOUND });
  });
});
