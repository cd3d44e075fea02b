// Every action kind's rule half, by type: adding a kind is its folder and one line in KINDS (the
// type system checks every ActionType has one). From the kinds come the wire schema of an action,
// the Spanish names and texts, and validateAccion, which the form and the server both run.
import { Type, type Static, type TSchema } from 'typebox';
import { literals, closed } from '../schemas/common';
import { AndOr, Field, Id, optionalAll } from '../schemas/skills';
import { ACTION_TYPES, ALL_CHANNELS, CHANNEL_CODES, type ActionChannelCode, DEFAULT_RED, SKILL_MESSAGES, conditionProblems, type ActionType, type Problem } from '../schemas/skillRules';
import type { AccionCommonInput, AccionContext, AccionLink, AccionRule } from './kind';
import { button } from './button';
import { card } from './card';
import { carousel } from './carousel';
import { goBot } from './goBot';
import { goHuman } from './goHuman';
import { goSkill } from './goSkill';
import { quickReply } from './quickReply';
import { text } from './text';
import { webhook } from './webhook';

const KINDS = {
  TEXT: text,
  CARD: card,
  CAROUSEL: carousel,
  BUTTON: button,
  QUICK_REPLY: quickReply,
  WEB_HOOK: webhook,
  GO_BOT: goBot,
  GO_HUMAN: goHuman,
  GO_SKILL: goSkill,
} satisfies { [T in ActionType]: AccionRule<T, object> };

/** The fields a kind's rules read. */
type InputOf<T extends ActionType> = Parameters<(typeof KINDS)[T]['validate']>[0];
/** An action as the rules read it (a form's values, a save, a stored record): its type says which fields it has. */
export type AccionInputOf<T extends ActionType> = { type: T } & AccionCommonInput & InputOf<T>;
export type AccionInput = { [T in ActionType]: AccionInputOf<T> }[ActionType];

export const ACCION_RULES: { [T in ActionType]: AccionRule<T, InputOf<T>> } = KINDS;

/** The Spanish name of each kind, as the add buttons and the first-action message say it. */
export const ACTION_LABELS: Readonly<Record<ActionType, string>> = Object.fromEntries(ACTION_TYPES.map((t) => [t, KINDS[t].label])) as Record<ActionType, string>;
/** Jumps: a skill whose first action is one of these may only have jumps. */
export const JUMP_TYPES: ReadonlySet<ActionType> = new Set(ACTION_TYPES.filter((t) => KINDS[t].jump));

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type KindFields = UnionToIntersection<(typeof KINDS)[ActionType]['fields']>;
const COMMON_FIELDS = {
  /** Send it only once per conversation. */
  unique: Type.Boolean(),
  /** Channels it answers on: the catalogue's action channels (0, 1, 2, 4, 6), or [8] for all. */
  red: Type.Array(Type.Unsafe<ActionChannelCode | typeof ALL_CHANNELS>(literals(CHANNEL_CODES)), { maxItems: 6 }),
};
/** Any action may run only when its conditions hold (all of them, or any with op OR). */
const CONDITION_FIELDS = { cond: Type.Array(Field, { maxItems: 50 }), op: AndOr };

/**
 * Every field an action may have, the kinds' own in the order of ACTION_TYPES (an audit line names
 * changed fields in this order). One closed object: which fields a type needs, and their messages,
 * is the rules' business (validateAccion), so a wrong save gets the form's Spanish text rather than
 * a schema error.
 */
const accionFields = Object.assign({}, COMMON_FIELDS, ...ACTION_TYPES.map((t) => KINDS[t].fields), CONDITION_FIELDS) as typeof COMMON_FIELDS & KindFields & typeof CONDITION_FIELDS;

/** The stored fields of an action of kind T, as the engine reads them (any may be missing). */
export type AccionFieldsOf<T extends ActionType> = { [K in keyof ((typeof KINDS)[T]['fields'] & typeof COMMON_FIELDS & typeof CONDITION_FIELDS)]?: Static<((typeof KINDS)[T]['fields'] & typeof COMMON_FIELDS & typeof CONDITION_FIELDS)[K] & TSchema> };

/** GET /acciones and the answer of POST /accion. */
export const Accion = Type.Object({
  id: Type.String(),
  idBot: Type.String(),
  idSkill: Type.String(),
  type: literals(ACTION_TYPES),
  order: Type.Integer(),
  ...optionalAll(accionFields),
  rev: Type.Integer(),
});
export type Accion = Static<typeof Accion>;

/** POST /accion: without id a new action goes last; with id it updates and needs the rev read. */
export const AccionBody = Type.Object({
  id: Type.Optional(Id),
  idBot: Id,
  idSkill: Id,
  type: literals(ACTION_TYPES),
  ...optionalAll(accionFields),
  // The order is changed by POST /accion.order only; a save may send it back.
  order: Type.Optional(Type.Integer()),
  rev: Type.Optional(Type.Integer({ minimum: 0 })),
}, closed);
export type AccionBody = Static<typeof AccionBody>;

/** Every text of the skill editor: the shared ones and each kind's own. */
export const ACCION_MESSAGES = Object.assign({}, SKILL_MESSAGES, ...ACTION_TYPES.map((t) => KINDS[t].messages)) as typeof SKILL_MESSAGES & UnionToIntersection<(typeof KINDS)[ActionType]['messages']>;

/** An action's fields as GET /acciones answers them, without its identity, type, order and rev. */
export type AccionFields = Omit<Accion, 'id' | 'idBot' | 'idSkill' | 'type' | 'order' | 'rev'>;

/** Stored fields the caller kept only where they fit Accion's schema (storedJson's `fitting`), typed as such. */
export function fittingFields(fields: Readonly<Record<string, unknown>>): AccionFields {
  return fields as AccionFields;
}

/** An action's fields (sent, or stored as JSON) read as its kind's input; the rules read every field defensively. */
export function accionInput(type: ActionType, fields: Readonly<Record<string, unknown>>): AccionInput {
  return { ...fields, type } as AccionInput;
}

/** The skill (`sk`) or bot (`b`) an action's fields name, '' when none; undefined for a kind that names neither. */
export function linkOf(type: ActionType, fields: Readonly<Record<string, unknown>>): (AccionLink & { id: string }) | undefined {
  const link: AccionLink | undefined = ACCION_RULES[type].link;
  if (!link) return undefined;
  const value = fields[link.field];
  return { ...link, id: typeof value === 'string' ? value : '' };
}

/** `{{secreto.nombre}}`: an encrypted extra of the bot, filled only into what a webhook sends. */
const SECRET_PLACEHOLDER = /\{\{\s*secreto\.([^{}]*?)\s*\}\}/g;

/** The secret names a text uses. */
export function secretNames(value: string): string[] {
  return [...value.matchAll(SECRET_PLACEHOLDER)].map((m) => m[1]);
}

/**
 * Where a secret may go: where the kind allows it (a WEB_HOOK's header and field values and its
 * URL's query). Anywhere else (texts the client sees, memory, names, the address itself) it is refused.
 */
function secretProblems(accion: AccionInput, extras: readonly string[] | undefined): Problem[] {
  const problems: Problem[] = [];
  const kind: AccionRule<ActionType, object> = ACCION_RULES[accion.type];
  const walk = (value: unknown, path: string) => {
    if (typeof value === 'string') {
      for (const m of value.matchAll(SECRET_PLACEHOLDER)) {
        const field = kind.problemField?.(path) ?? path;
        if (!kind.secretAllowed?.(path, value, m.index)) problems.push({ field, message: SKILL_MESSAGES.secretoFuera });
        else if (extras && !extras.includes(m[1])) problems.push({ field, message: SKILL_MESSAGES.secretoInexistente(m[1]) });
      }
    } else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${path}.${i}`));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k);
  };
  walk(accion, '');
  return problems;
}

function kindProblems<T extends ActionType>(accion: AccionInputOf<T>, context: AccionContext): Problem[] {
  return ACCION_RULES[accion.type].validate(accion, context);
}

/**
 * What an action's own fields break, by its type, and its channels. Given `extras` (the bot's
 * encrypted extras' keys, at deploy), a secret must name one of them.
 */
export function validateAccion(accion: AccionInput, context: AccionContext = {}): Problem[] {
  const p: Problem[] = [];
  // Without channels an action answers on all of them (an older file); an emptied list is a mistake.
  const red = accion.red ?? DEFAULT_RED;
  if (red.length === 0) p.push({ field: 'red', message: SKILL_MESSAGES.canales, label: 'Canales' });
  p.push(...kindProblems(accion, context));
  p.push(...secretProblems(accion, context.extras));
  // Any action may run only when its conditions hold; a kind that checks its own did so above.
  if (!ACCION_RULES[accion.type].ownConditions) p.push(...conditionProblems(accion.cond));
  return p;
}

/**
 * The first-action restriction: when the skill's first action is a jump, only jumps may be added.
 * `types` are the skill's actions in order.
 */
export function firstActionProblem(types: readonly ActionType[], added: ActionType): string | null {
  const first = types[0];
  if (first && JUMP_TYPES.has(first) && !JUMP_TYPES.has(added)) return SKILL_MESSAGES.primeraAccion(ACTION_LABELS[first], ACTION_LABELS[added]);
  return null;
}

/** A new order that puts a jump first ahead of other kinds breaks the same rule; null when the order is fine. */
export function orderProblem(types: readonly ActionType[]): string | null {
  const first = types[0];
  if (first && JUMP_TYPES.has(first) && types.some((t) => !JUMP_TYPES.has(t))) return SKILL_MESSAGES.saltoPrimero(ACTION_LABELS[first]);
  return null;
}

export type { AccionContext, AccionLink, AccionRule } from './kind';
export { BUTTON_TYPES_FOR, facebookWarning } from './shared';
export { WEBHOOK_DEFAULTS, WEBHOOK_METHODS } from './webhook';
