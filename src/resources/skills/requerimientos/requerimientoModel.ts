// A requirement (tp 0) or memory (tp 1) as its card's form holds it, a new one, the body POST
// /requerimiento takes, and the entities a field may name (the form's choices and the rules'
// catalogue, built from the same answers).
import type { Entidad, EntidadInterna } from '../../../api/bots';
import type { Requerimiento, RequerimientoBody } from '../../../api/skills';
import type { EntityCatalogue } from '../../../../common/schemas/skillRules';
import { DEFAULT_PATHS, newFieldRow, toField, toFieldRow, type EntityOption, type FieldRow } from '../fields/fieldModel';

export type Tp = 0 | 1;

export interface RequerimientoForm {
  op: 'AND' | 'OR';
  fields: FieldRow[];
  replyMissing: string[];
}

/** A new requirement: AND, with one field row ready (memory: AS). */
export function newRequerimiento(tp: Tp): RequerimientoForm {
  return { op: 'AND', fields: [newFieldRow({ memory: tp === 1, order: 1 })], replyMissing: [] };
}

export function toRequerimientoForm(req: Pick<Requerimiento, 'op' | 'fields' | 'replyMissing'>): RequerimientoForm {
  return { op: req.op, fields: req.fields.map(toFieldRow), replyMissing: [...req.replyMissing] };
}

/** What Guardar sends: the form's values with the card's identity and the rev it read. */
export function toRequerimientoBody(
  values: RequerimientoForm,
  context: { id?: string; idBot: string; idSkill: string; tp: Tp; rev?: number },
): RequerimientoBody {
  const body: RequerimientoBody = {
    idBot: context.idBot,
    idSkill: context.idSkill,
    tp: context.tp,
    op: values.op,
    fields: values.fields.map(toField),
    replyMissing: values.replyMissing,
  };
  if (context.id) body.id = context.id;
  if (context.rev !== undefined) body.rev = context.rev;
  return body;
}

/** The choices of a field's entity: the bot's own (their paths, or text and length) and the internal ones. */
export function toEntityOptions(custom: readonly Entidad[], internal: readonly EntidadInterna[]): EntityOption[] {
  const paths = (entity: Entidad) => (entity.paths.length ? entity.paths.map((p) => p.nm) : [...DEFAULT_PATHS]);
  return [
    ...custom.map((e): EntityOption => ({ id: e.id, nm: e.nm, type: 0, paths: paths(e) })),
    ...internal.map((e): EntityOption => ({ id: e.id, nm: e.nm, type: 1, paths: [...DEFAULT_PATHS] })),
  ];
}

/** The same entities as the rules know them: each field must name one, and one of its paths. */
export function toCatalogue(options: readonly EntityOption[]): EntityCatalogue {
  const of = (type: 0 | 1) => new Map(options.filter((o) => o.type === type).map((o) => [o.id, o.paths]));
  return { custom: of(0), internal: of(1) };
}
