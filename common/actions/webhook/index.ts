// WEB_HOOK: a call to another system, POST with a JSON Content-Type by default. Its conditions
// decide whether it calls; what it answers may go to memory.
import { Type } from 'typebox';
import { literals } from '../../schemas/common';
import { AndOr, Field, KeyValue, ResponseMapping } from '../../schemas/skills';
import { SKILL_MESSAGES, blank, conditionProblems, type FieldInput, type Problem } from '../../schemas/skillRules';
import type { AccionRule } from '../kind';
import { SHARED_FIELDS, isHttpUrl, isOwnPath, keyValueProblems, type KeyValueInput } from '../shared';

export const WEBHOOK_METHODS = ['GET', 'POST', 'PUT', 'PATCH'] as const;
export const WEBHOOK_DEFAULTS = { method: 'POST', headers: [{ k: 'Content-Type', v: 'application/json' }] } as const;

export interface WebhookInput {
  method?: string | null;
  url?: string | null;
  headers?: readonly KeyValueInput[] | null;
  fields?: readonly KeyValueInput[] | null;
  cond?: readonly FieldInput[] | null;
  resp?: ReadonlyArray<{ path?: string | null; k?: string | null }> | null;
}

export const webhook = {
  type: 'WEB_HOOK',
  label: 'WebHook',
  jump: false,
  fields: {
    method: Type.Union([Type.Literal(''), literals(WEBHOOK_METHODS)]),
    url: Type.String({ maxLength: 2000 }),
    headers: Type.Array(KeyValue, { maxItems: 50 }),
    fields: SHARED_FIELDS.fields,
    /** Send the files the client attached, as multipart. */
    files: Type.Boolean(),
    cond: Type.Array(Field, { maxItems: 50 }),
    op: AndOr,
    resp: Type.Array(ResponseMapping, { maxItems: 100 }),
  },
  messages: {},
  defaults: () => structuredClone(WEBHOOK_DEFAULTS),
  ownConditions: true,
  // A secret may go in a header's or a field's value and in the URL's query (after '?').
  secretAllowed: (path, text, at) => /^(headers|fields)\.\d+\.v$/.test(path) || (path === 'url' && text.indexOf('?') >= 0 && at > text.indexOf('?')),
  validate(accion) {
    const p: Problem[] = [];
    if (blank(accion.method) || !(WEBHOOK_METHODS as readonly string[]).includes(accion.method!)) p.push({ field: 'method', message: SKILL_MESSAGES.seleccione, label: 'Método' });
    if (blank(accion.url) || !(isHttpUrl(accion.url!) || isOwnPath(accion.url!))) p.push({ field: 'url', message: SKILL_MESSAGES.urlInvalida, label: 'URL' });
    p.push(...keyValueProblems(accion.headers, 'headers', 'Cabecera'));
    p.push(...keyValueProblems(accion.fields, 'fields', 'Campo'));
    p.push(...conditionProblems(accion.cond));
    (accion.resp ?? []).forEach((r, i) => {
      if (blank(r.path) || blank(r.k)) p.push({ field: `resp.${i}`, message: SKILL_MESSAGES.claveValor, label: `Respuesta a memoria ${i + 1}` });
    });
    return p;
  },
} satisfies AccionRule<'WEB_HOOK', WebhookInput>;
