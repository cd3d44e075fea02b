// What changed from one bot definition to another (GET /bot.compare): parameters, extras, skills,
// links, actions, requirements and entities, added, removed or changed field by field.
import type { BotDefinition, VersionChange } from '../../../../common/schemas/bots';
import { SKILL_DEFAULTS } from '../../../../common/schemas/skillRules';
import { ACTION_LABELS } from './definition';

/** The defaults of a skill's options (cfg): every field but the columns tipo and frases. */
const { tipo: _tipo, frases: _frases, ...SKILL_OPTION_DEFAULTS } = SKILL_DEFAULTS;

type Change = VersionChange['change'];
type Field = VersionChange['fields'][number];

/** The order the comparison lists kinds in. */
export const CHANGE_KINDS = ['parameter', 'extra', 'skill', 'link', 'action', 'requirement', 'entity'] as const;
const CHANGE_ORDER: Record<Change, number> = { removed: 0, added: 1, changed: 2 };

/** JSON with object keys sorted, so equal values compare equal whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

const same = (a: unknown, b: unknown) => canonical(a ?? null) === canonical(b ?? null);

/** The fields of `keys` whose value differs, before and after (absent reads as null). */
function fieldChanges(before: Record<string, unknown>, after: Record<string, unknown>, keys: Iterable<string>): Field[] {
  const fields: Field[] = [];
  for (const field of keys) if (!same(before[field], after[field])) fields.push({ field, before: before[field] ?? null, after: after[field] ?? null });
  return fields;
}

/** The keys of both objects, sorted. */
const keysOf = (...objects: object[]) => [...new Set(objects.flatMap((o) => Object.keys(o)))].sort();

interface Keyed {
  id: string;
}

interface Sorted extends VersionChange {
  key: string;
}

/**
 * Matches two lists by id: one 'removed' per id only in `a`, one 'added' per id only in `b`, one
 * 'changed' per id in both whose `fields` differ.
 */
function diffById<T extends Keyed>(
  kind: string,
  a: T[],
  b: T[],
  describe: (x: T, side: 'a' | 'b') => { name: string; fields: Record<string, unknown> },
  show: (field: string, value: unknown, side: 'a' | 'b') => unknown = (_field, value) => value,
): Sorted[] {
  const out: Sorted[] = [];
  const inB = new Map(b.map((x) => [x.id, x]));
  const inA = new Map(a.map((x) => [x.id, x]));
  for (const x of a) {
    const other = inB.get(x.id);
    const before = describe(x, 'a');
    if (!other) {
      out.push({ kind, change: 'removed', name: before.name, fields: [], key: x.id });
      continue;
    }
    const after = describe(other, 'b');
    const fields = fieldChanges(before.fields, after.fields, keysOf(before.fields, after.fields)).map((f) => ({ ...f, before: show(f.field, f.before, 'a'), after: show(f.field, f.after, 'b') }));
    if (fields.length) out.push({ kind, change: 'changed', name: after.name, fields, key: x.id });
  }
  for (const x of b) if (!inA.has(x.id)) out.push({ kind, change: 'added', name: describe(x, 'b').name, fields: [], key: x.id });
  return out;
}

/** The settings compared one by one (identity, company, import marks and the diagram are not parameters). */
const SETTINGS = ['nm', 'dsc', 'shared', 'tsession', 'timeout', 'main', 'destroy', 'qna', 'qnaExtrn', 'qnaUrl', 'qnaCron', 'ttoken', 'baseUrl', 'baseUrlRemoto'] as const;

function parameterChanges(a: BotDefinition, b: BotDefinition): Sorted[] {
  const out: Sorted[] = [];
  for (const field of SETTINGS) {
    if (!same(a.bot[field], b.bot[field])) out.push({ kind: 'parameter', change: 'changed', name: field, fields: [{ field, before: a.bot[field], after: b.bot[field] }], key: field });
  }
  const pa = a.bot.params as Record<string, unknown>;
  const pb = b.bot.params as Record<string, unknown>;
  for (const key of keysOf(pa, pb)) {
    const before = pa[key] ?? null;
    const after = pb[key] ?? null;
    if (same(before, after)) continue;
    const change: Change = before === null ? 'added' : after === null ? 'removed' : 'changed';
    const name = `params.${key}`;
    out.push({ kind: 'parameter', change, name, fields: [{ field: name, before, after }], key: name });
  }
  return out;
}

/** Extras by key, without values (a plain extra often holds a credential too); encrypted ones marked so. */
function extraChanges(a: BotDefinition, b: BotDefinition): Sorted[] {
  const out: Sorted[] = [];
  const pairs: Array<[Map<string, unknown>, Map<string, unknown>, string]> = [
    [new Map(a.bot.extras.map((e) => [e.key, e.val])), new Map(b.bot.extras.map((e) => [e.key, e.val])), ''],
    [new Map(a.bot.extrasEnc.map((e) => [e.key, e.enc])), new Map(b.bot.extrasEnc.map((e) => [e.key, e.enc])), ' (cifrado)'],
  ];
  for (const [before, after, mark] of pairs) {
    for (const key of keysOf(Object.fromEntries(before), Object.fromEntries(after))) {
      const change: Change | undefined = !after.has(key) ? 'removed' : !before.has(key) ? 'added' : same(before.get(key), after.get(key)) ? undefined : 'changed';
      if (change) out.push({ kind: 'extra', change, name: `${key}${mark}`, fields: [], key: `${key}${mark}` });
    }
  }
  return out;
}

function linkChanges(a: BotDefinition, b: BotDefinition): Sorted[] {
  const links = (d: BotDefinition) => {
    const names = new Map(d.skills.map((s) => [s.id, s.nm]));
    return new Map(d.bot.diagram.edges.map((e) => [`${e.source}\u0000${e.target}`, `${names.get(e.source) ?? e.source} → ${names.get(e.target) ?? e.target}`]));
  };
  const la = links(a);
  const lb = links(b);
  const out: Sorted[] = [];
  for (const [key, name] of la) if (!lb.has(key)) out.push({ kind: 'link', change: 'removed', name, fields: [], key });
  for (const [key, name] of lb) if (!la.has(key)) out.push({ kind: 'link', change: 'added', name, fields: [], key });
  return out;
}

/**
 * What changed from definition `a` (before) to `b` (after), in a stable order: by kind
 * (CHANGE_KINDS), then name, then removed, added, changed. Skills, actions, requirements and
 * entities are matched by id, links by the skills they join, parameters and extras by key.
 */
export function diffDefinitions(a: BotDefinition, b: BotDefinition): VersionChange[] {
  const skillNames = { a: new Map(a.skills.map((s) => [s.id, s.nm])), b: new Map(b.skills.map((s) => [s.id, s.nm])) };
  const skillOf = (id: string, side: 'a' | 'b') => skillNames[side].get(id) ?? id;
  // Actions and requirements are compared by the id of their skill and show its name.
  const showSkill = (field: string, value: unknown, side: 'a' | 'b') => (field === 'skill' && typeof value === 'string' ? skillOf(value, side) : value);
  const changes: Sorted[] = [
    ...parameterChanges(a, b),
    ...extraChanges(a, b),
    // A skill saved by the editor stores every option; one stored before holds only some: an option
    // left out reads as its default, so it is not listed as changed.
    ...diffById('skill', a.skills, b.skills, (s) => ({ name: s.nm, fields: { ...SKILL_OPTION_DEFAULTS, ...s.cfg, nm: s.nm, dsc: s.dsc, tipo: s.tipo, frases: s.frases } })),
    ...linkChanges(a, b),
    ...diffById('action', a.acciones, b.acciones, (x, side) => ({
      name: `${skillOf(x.idSkill, side)} › ${ACTION_LABELS[x.type] ?? x.type} (orden ${x.ord})`,
      fields: { skill: x.idSkill, type: x.type, ord: x.ord, ...x.cfg },
    }), showSkill),
    ...diffById('requirement', a.requerimientos, b.requerimientos, (r, side) => ({
      name: `${skillOf(r.idSkill, side)} › ${r.tp === 1 ? 'Memoria' : 'Requerimiento'}`,
      fields: { skill: r.idSkill, op: r.op, tp: r.tp, fields: r.fields, replyMissing: r.replyMissing },
    }), showSkill),
    ...diffById('entity', a.entidades, b.entidades, (e) => ({ name: e.nm, fields: { nm: e.nm, dsc: e.dsc, rgx: e.rgx, format: e.format, keywords: e.keywords, type: e.type, paths: e.paths } })),
  ];
  const kindOrder = (k: string) => (CHANGE_KINDS as readonly string[]).indexOf(k);
  changes.sort(
    (x, y) =>
      kindOrder(x.kind) - kindOrder(y.kind) ||
      x.name.localeCompare(y.name, 'es') ||
      CHANGE_ORDER[x.change] - CHANGE_ORDER[y.change] ||
      (x.key < y.key ? -1 : x.key > y.key ? 1 : 0),
  );
  return changes.map(({ key: _key, ...change }) => change);
}

const KIND_NAMES: Record<string, string> = { extra: 'extras', skill: 'skills', link: 'enlaces', action: 'acciones', requirement: 'requerimientos', entity: 'entidades' };

/** For an audit row: 'cambió nm, tsession, skills, enlaces' (names only, never a value), or 'sin cambios'. */
export function describeChanges(changes: VersionChange[]): string {
  const names = new Set(changes.map((c) => (c.kind === 'parameter' ? c.name : KIND_NAMES[c.kind] ?? c.kind)));
  return names.size ? `cambió ${[...names].join(', ')}` : 'sin cambios';
}
