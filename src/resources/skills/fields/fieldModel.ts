// A field row's data: the row a form edits, a new one, the row as the server
// takes it, and the row read as a sentence ('Correo electrónico · text · Está presente').
import type { Field } from '../../../../common/schemas/skills';
import { OPERATOR_LABELS, VALUE_OPERATORS, type FilterOperator } from '../../../../common/schemas/skillRules';

/** An entity a field may name: the bot's own (type 0) or an internal one (type 1), with its paths. */
export interface EntityOption {
  id: string;
  nm: string;
  type: 0 | 1;
  paths: string[];
}

/** What every entity exposes (an entity's paths are forced to text and length). */
export const DEFAULT_PATHS: readonly string[] = ['text', 'length'];

/** A row as the form holds it: every text a string, so each input is controlled from the start. */
export interface FieldRow {
  id: string;
  /** 0 the bot's entity, 1 an internal one, 2 a memory name (webhook conditions). */
  type: number;
  path: string;
  op: FilterOperator | '';
  value: string;
  order: number | null;
  replyMissing: string;
}

/** Whether the operation takes a value: a comparison, or AS (the name the value is kept under). */
export const needsValue = (op: string | null | undefined) => !!op && (VALUE_OPERATORS.has(op) || op === 'AS');

/** A new row: no entity yet, its text, and IS_PRESENT (AS in memory). */
export function newFieldRow({ memory = false, withEntities = true, order }: { memory?: boolean; withEntities?: boolean; order: number }): FieldRow {
  return { id: '', type: withEntities ? 0 : 2, path: withEntities ? 'text' : '', op: memory ? 'AS' : 'IS_PRESENT', value: '', order, replyMissing: '' };
}

/** A stored field as a row of the form. */
export function toFieldRow(field: Partial<Field>): FieldRow {
  return {
    id: field.id ?? '',
    type: field.type ?? 0,
    path: field.path ?? '',
    op: field.op ?? '',
    value: field.value ?? '',
    order: field.order ?? null,
    replyMissing: field.replyMissing ?? '',
  };
}

/** A row as the server takes it: texts trimmed, and what is blank or unused left out. */
export function toField(row: Partial<FieldRow>): Field {
  // The cast: the contract's `literals` types Field['op'] as '' alone until its fix is merged.
  const field: Field = { id: row.id?.trim() ?? '', type: row.type ?? 0, op: (row.op ?? '') as Field['op'] };
  const path = row.path?.trim();
  if (path) field.path = path;
  const value = row.value?.trim();
  if (value && needsValue(field.op)) field.value = value;
  if (typeof row.order === 'number' && Number.isInteger(row.order)) field.order = row.order;
  const replyMissing = row.replyMissing?.trim();
  if (replyMissing) field.replyMissing = replyMissing;
  return field;
}

/** The key of an entity in a select: its type and id (a bot's entity and an internal one may share an id). */
export const entityKey = (type: number | null | undefined, id: string | null | undefined) => (id ? `${type ?? 0}:${id}` : '');

/** The entity a row names, if it is one of `entities`. */
export function entityOf(entities: readonly EntityOption[] | null, row: Pick<FieldRow, 'id' | 'type'>): EntityOption | undefined {
  return entities?.find((e) => e.id === row.id && e.type === row.type);
}

/** The row in words: entity (its name when known), path, operation and the value it uses. */
export function fieldSentence(row: Partial<FieldRow>, entities: readonly EntityOption[] | null): string {
  const entity = entities ? entityOf(entities, { id: row.id ?? '', type: row.type ?? 0 }) : undefined;
  const op = row.op ? OPERATOR_LABELS[row.op] : '';
  const value = needsValue(row.op) ? row.value?.trim() : '';
  return [entity?.nm ?? row.id, row.path, op, value].filter(Boolean).join(' · ');
}
