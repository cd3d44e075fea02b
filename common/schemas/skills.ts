// The skill editor's wire schemas: skill, skill.frases, the shared parts of actions (buttons,
// cards, name/value rows, condition fields), accion.order, requerimientos and requerimiento. The
// shapes only: the rules with their Spanish messages live in skillRules.ts (and each action kind's
// in common/actions), which the form and the server both run, so a 400 says what the form says.
import { Type, type Static, type TOptional, type TSchema } from 'typebox';
import { closed, literals, RequiredText } from './common';
import { BUTTON_TYPES, FILTER_OPERATORS, ATTACHMENT_TYPES, PRESET_TYPES } from './skillRules';

export const Id = Type.String({ minLength: 1, maxLength: 64 });
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([Type.Null(), schema]);
/** A list of short texts (phrases, keywords, synonyms). Blank or repeated ones are refused by the rules. */
export const Texts = (maxItems: number, maxLength = 1000) => Type.Array(Type.String({ maxLength }), { maxItems });
export const AndOr = Type.Union([Type.Literal('AND'), Type.Literal('OR')]);
/** The same properties, each optional (a save may leave any out). */
export function optionalAll<T extends Record<string, TSchema>>(props: T): { [K in keyof T]: TOptional<T[K]> } {
  return Object.fromEntries(Object.entries(props).map(([k, v]) => [k, Type.Optional(v)])) as { [K in keyof T]: TOptional<T[K]> };
}

// ---------------------------------------------------------------------------------------------
// Skill

/** Token: name, synonyms, obligatory, requirement (filled by an entity), order, unique. */
export const Token = Type.Object({
  nm: Type.String({ maxLength: 200 }),
  sinonimos: Texts(200, 200),
  obl: Type.Boolean(),
  req: Type.Boolean(),
  order: Type.Integer({ minimum: 0, maximum: 10_000 }),
  unique: Type.Boolean(),
}, closed);
export type Token = Static<typeof Token>;

/** Every field of a skill but its identity; the answer has each one, a save may omit any. */
const skillFields = {
  nm: Type.String({ maxLength: 200 }),
  dsc: Nullable(Type.String({ maxLength: 1000 })),
  /** 0 Business, 1 Fallback, 2 QnA. */
  tipo: Type.Integer({ minimum: 0, maximum: 2 }),
  /** PoS Tagger keyword mode. */
  modKeyword: Type.Boolean(),
  /** The skill answers only to a signed-in client. */
  login: Type.Boolean(),
  modToken: Type.Boolean(),
  tokenOrd: Type.Boolean(),
  tokens: Type.Array(Token, { maxItems: 100 }),
  frases: Texts(5000),
  keywordIncluye: Texts(500, 200),
  keywordExcluye: Texts(500, 200),
  /** The lowest classifier score (0 to 1) at which this skill answers. */
  threshold: Type.Number({ minimum: 0, maximum: 1 }),
  qna: Type.Boolean(),
  /** KB tag codes (sg); t0 is the global tag. */
  tagsKb: Texts(100, 64),
  modKb: Type.Boolean(),
  listRespKb: Type.Boolean(),
  opAndKb: Type.Boolean(),
  /** The skill that shows the KB results menu, or null. */
  kbResultsMenu: Nullable(Type.String({ maxLength: 64 })),
  /** How the skill's requirements combine. */
  opReq: AndOr,
  hasAttachments: Type.Boolean(),
  attachmentsRequired: Type.Boolean(),
  /** 1 to 5 files. */
  attachmentMaxCount: Type.Integer(),
  /** 1 to 5 MB per file. */
  attachmentMaxSize: Type.Integer(),
  attachmentTypes: Type.Array(literals(ATTACHMENT_TYPES), { maxItems: ATTACHMENT_TYPES.length }),
  /** Kept as given and not shown: nothing reads it. */
  to: Nullable(Type.String({ maxLength: 200 })),
};

/** GET /skill and the answer of POST /skill. */
export const Skill = Type.Object({
  id: Type.String(),
  idBot: Type.String(),
  ...skillFields,
  fc: Type.String(),
  /** Optimistic concurrency: a save sends the rev it read; a stale one gets 409. */
  rev: Type.Integer(),
});
export type Skill = Static<typeof Skill>;

/**
 * POST /skill. Without id it creates (the diagram's 'Agregar Skill' sends idBot, nm and dsc; the
 * server appends the node). With id it updates and needs the rev read. Without isBotEdit only
 * frases, keywordIncluye and keywordExcluye are taken.
 */
export const SkillBody = Type.Object({
  id: Type.Optional(Id),
  idBot: Id,
  ...optionalAll(skillFields),
  nm: RequiredText(200, 'Campo requerido: Nombre'),
  rev: Type.Optional(Type.Integer({ minimum: 0 })),
  // Sent back by the form and ignored.
  fc: Type.Optional(Type.String({ maxLength: 40 })),
}, closed);
export type SkillBody = Static<typeof SkillBody>;

/** GET /skill.frases?id&tipo: one of the server's phrase sets. */
export const PresetQuery = Type.Object({ id: Id, tipo: literals(PRESET_TYPES) });
export const PresetAnswer = Type.Object({ tipo: Type.String(), frases: Type.Array(Type.String()) });
/** POST /skill.frases?id&rev: lines merged into the skill's phrases without duplicates. */
export const PhrasesQuery = Type.Object({ id: Id, rev: Type.Optional(Type.Integer({ minimum: 0 })) });
export const PhrasesBody = Texts(5000);
export const PhrasesAnswer = Type.Object({
  /** 'Agregadas con éxito: n frases'. */
  message: Type.String(),
  added: Type.Integer(),
  frases: Type.Array(Type.String()),
  /** The skill's rev after the merge. */
  rev: Type.Integer(),
});
export type PhrasesAnswer = Static<typeof PhrasesAnswer>;

// ---------------------------------------------------------------------------------------------
// Actions

/** Button: title and subtitle ≤ 50, value ≤ 150, render ≤ 30 (the rules say so in Spanish). */
export const Button = Type.Object({
  type: Type.Union([Type.Literal(''), literals(BUTTON_TYPES)]),
  title: Type.String({ maxLength: 200 }),
  subtitle: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  value: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  render: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
}, closed);
export type Button = Static<typeof Button>;

/** A card of a carousel. */
export const CarouselCard = Type.Object({
  title: Type.String({ maxLength: 200 }),
  subtitle: Type.String({ maxLength: 200 }),
  imageUrl: Type.String({ maxLength: 2000 }),
  invalidOption: Type.String({ maxLength: 1000 }),
  buttons: Type.Array(Button, { maxItems: 20 }),
}, closed);
export type CarouselCard = Static<typeof CarouselCard>;

/** A name and a value: webhook headers and body fields, values passed to a skill. `{{nombre}}` in v is read from memory. */
export const KeyValue = Type.Object({ k: Type.String({ maxLength: 200 }), v: Type.String({ maxLength: 4000 }) }, closed);
export type KeyValue = Static<typeof KeyValue>;

/**
 * A field of a requirement, of memory or of a webhook condition: the entity
 * (id; type 0 the bot's own, 1 internal, 2 a memory value in a webhook condition), the path of the
 * entity's value, the operation, the value compared with, the order and its missing message.
 */
export const Field = Type.Object({
  id: Type.String({ maxLength: 200 }),
  type: Type.Integer({ minimum: 0, maximum: 2 }),
  path: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  op: Type.Union([Type.Literal(''), literals(FILTER_OPERATORS)]),
  value: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
  order: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
  replyMissing: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
}, closed);
export type Field = Static<typeof Field>;

/** Where a webhook's JSON answer goes: the value at `path` is kept in memory as `k`. */
export const ResponseMapping = Type.Object({ path: Type.String({ maxLength: 500 }), k: Type.String({ maxLength: 200 }) }, closed);
export type ResponseMapping = Static<typeof ResponseMapping>;

/**
 * POST /accion.order: move the action at position `source` to `destination` (0-based, in the
 * order GET /acciones gave). `id` is the action the console moved: when the stored list has
 * another one at `source`, someone else changed the list and the move is refused (409).
 */
export const AccionOrderBody = Type.Object({
  source: Type.Integer({ minimum: 0 }),
  destination: Type.Integer({ minimum: 0 }),
  idBot: Id,
  skillId: Id,
  id: Type.Optional(Id),
}, closed);
export type AccionOrderBody = Static<typeof AccionOrderBody>;
export const AccionesQuery = Type.Object({ skillId: Id });

// ---------------------------------------------------------------------------------------------
// Requirements and memory

/** GET /requerimientos and the answer of POST /requerimiento. tp 0 requirement, 1 memory. */
export const Requerimiento = Type.Object({
  id: Type.String(),
  idBot: Type.String(),
  idSkill: Type.String(),
  op: AndOr,
  tp: Type.Integer({ minimum: 0, maximum: 1 }),
  fields: Type.Array(Field),
  replyMissing: Type.Array(Type.String()),
  rev: Type.Integer(),
});
export type Requerimiento = Static<typeof Requerimiento>;

export const RequerimientoBody = Type.Object({
  id: Type.Optional(Id),
  idBot: Id,
  idSkill: Id,
  op: Type.Optional(AndOr),
  tp: Type.Integer({ minimum: 0, maximum: 1 }),
  fields: Type.Array(Field, { maxItems: 50 }),
  replyMissing: Type.Optional(Texts(20, 2000)),
  rev: Type.Optional(Type.Integer({ minimum: 0 })),
}, closed);
export type RequerimientoBody = Static<typeof RequerimientoBody>;
export const RequerimientosQuery = Type.Object({ idSkill: Id, tp: Type.Integer({ minimum: 0, maximum: 1 }) });
