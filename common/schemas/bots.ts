// Bots: the bot with its parameters, QnA settings, extras
// and encrypted extras; the flow diagram; skills as the diagram lists them; entities; unrecognised
// phrases; import and export; deploy, versions, restore and the comparison of two versions.
import { PruebaPaso } from './chat';
import { Type, type Static, type TSchema } from 'typebox';
import { closed, literals, RequiredText } from './common';
import { ACTION_TYPES } from './skillRules';
import { pageRequestFields } from './paging';

export const BOT_MESSAGES = {
  notFound: 'Bot no encontrado',
  skillNotFound: 'Skill no encontrado',
  entityNotFound: 'Entidad no encontrada',
  versionNotFound: 'Versión no encontrada',
  stale: 'Otra persona modificó este bot. Recargue la página para ver sus cambios antes de guardar.',
  selectPhrases: 'Seleccione frases',
  selectSkill: 'Seleccione un Skill',
  selectFile: 'seleccione un archivo',
  unreadable: 'no se puede leer el archivo',
  imported: 'Bot importado con éxito',
  importReminder: 'Recuerde importar los bots a los que este bot deriva y volver a vincularlos.',
  assigned: 'Asignados con éxito',
  phrasesDeleted: 'Frases eliminadas con éxito',
  saved: 'Guardado con éxito',
  deleted: 'Eliminado con éxito',
  savedAndDeployed: 'Guardado y Desplegado con éxito',
  deploying: 'Desplegando Bot, espere por favor.',
  restored: 'Bot restaurado correctamente, se cargará de nuevo la página',
  restoreRefused: 'Solo se puede restaurar una versión desplegada sin error',
  minAttempts: 'Mínimo 1 intento',
  enterMessage: 'Ingrese Mensaje',
  extraKeyValue: 'Los parámetros extra necesitan clave y valor',
  linksNeedEdit: 'Solo quien edita bots puede agregar o quitar enlaces del diagrama',
} as const;

/** A new bot's defaults. */
export const BOT_DEFAULTS = {
  tsession: 30,
  maxAttempt: 3,
  msgAttempt: 'Intentos excedidos',
  invalidOption: 'Opción no válida',
} as const;

/** Skill kinds: 0 Business, 1 Fallback, 2 QnA. */
export const SKILL_TYPES = { 0: 'Business', 1: 'Fallback', 2: 'QnA' } as const;

// Null first: the validator coerces types, and in a union tried string-first a null became ''
// (and integer-first, 0).
const Text = (maxLength: number) => Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength })]));
const Id = Type.String({ minLength: 1, maxLength: 64 });

/** params of the bot and the QnA texts (kb*). Every one optional. */
export const BotParams = Type.Object({
  sessionExpired: Text(1000),
  loginsk: Text(64),
  skillMenu: Text(64),
  // The main bot's rules (maxAttempt ≥ 1, both messages) depend on `main`: the service checks them.
  maxAttempt: Type.Optional(Type.Union([Type.Null(), Type.Integer({ maximum: 100 })])),
  msgAttempt: Text(1000),
  skillAttempt: Text(64),
  invalidOption: Text(1000),
  skillInvalidOption: Text(64),
  kbResultsEmpty: Text(1000),
  kbResultsMuch: Text(1000),
  kbResultsMenu: Text(1000),
  kbCalificaMenu: Text(1000),
  kbCalificaOk: Text(1000),
  kbCalificaBad: Text(1000),
  kbSalir: Text(1000),
  kbInicio: Text(1000),
  kbChiste: Text(1000),
  kbFallback: Text(1000),
  kbNotFoundMsg: Text(1000),
  kbRepeatMsg: Text(1000),
  kbResultsGlobal: Text(1000),
  /** Optional: a failed regression test stops the deploy (otherwise the deploy reports it). */
  pruebasBloquean: Type.Optional(Type.Boolean()),
}, closed);
export type BotParams = Static<typeof BotParams>;

export const Extra = Type.Object({
  key: RequiredText(200, BOT_MESSAGES.extraKeyValue),
  val: RequiredText(4000, BOT_MESSAGES.extraKeyValue),
}, closed);
export type Extra = Static<typeof Extra>;

/**
 * An encrypted extra as the server answers it: the key and whether a value is stored, never the
 * value. `retype` marks one imported from another installation, whose value must be typed again.
 */
export const ExtraEncView = Type.Object({ key: Type.String(), set: Type.Boolean(), retype: Type.Optional(Type.Boolean()) });
export type ExtraEncView = Static<typeof ExtraEncView>;
/**
 * An encrypted extra in a save: `val` present replaces the stored value; absent keeps it. `set`
 * and `retype` are the view's own flags, accepted and ignored, so a form may send back what it read.
 */
export const ExtraEncInput = Type.Object({
  key: RequiredText(200, BOT_MESSAGES.extraKeyValue),
  val: Type.Optional(Type.String({ minLength: 1, maxLength: 4000 })),
  set: Type.Optional(Type.Boolean()),
  retype: Type.Optional(Type.Boolean()),
}, closed);
export type ExtraEncInput = Static<typeof ExtraEncInput>;

/** The flow diagram: skills are nodes (by skill id), links are edges between skill ids. */
export const DiagramNode = Type.Object({ id: Id, x: Type.Number(), y: Type.Number() }, closed);
export const DiagramEdge = Type.Object({ id: Type.String({ minLength: 1, maxLength: 140 }), source: Id, target: Id }, closed);
export const Diagram = Type.Object({
  nodes: Type.Array(DiagramNode, { maxItems: 20_000 }),
  edges: Type.Array(DiagramEdge, { maxItems: 50_000 }),
  viewport: Type.Optional(Type.Object({ x: Type.Number(), y: Type.Number(), zoom: Type.Number() }, closed)),
}, closed);
export type Diagram = Static<typeof Diagram>;

export const Bot = Type.Object({
  id: Type.String(),
  idE: Type.String(),
  nm: Type.String(),
  dsc: Type.Union([Type.String(), Type.Null()]),
  imp: Type.Boolean(),
  shared: Type.Boolean(),
  idClone: Type.Union([Type.String(), Type.Null()]),
  tsession: Type.Integer(),
  timeout: Type.Union([Type.Integer(), Type.Null()]),
  main: Type.Boolean(),
  destroy: Type.Boolean(),
  qna: Type.Boolean(),
  qnaExtrn: Type.Boolean(),
  qnaUrl: Type.Union([Type.String(), Type.Null()]),
  qnaCron: Type.Union([Type.String(), Type.Null()]),
  ttoken: Type.Union([Type.String(), Type.Null()]),
  baseUrl: Type.Union([Type.String(), Type.Null()]),
  baseUrlRemoto: Type.Union([Type.String(), Type.Null()]),
  params: BotParams,
  diagram: Diagram,
  extras: Type.Array(Extra),
  extrasEnc: Type.Array(ExtraEncView),
  /** The last version deployed without error, 0 before the first. */
  version: Type.Integer(),
  /** The description of the last deploy. */
  msg: Type.Union([Type.String(), Type.Null()]),
  fc: Type.String(),
  /** Optimistic concurrency: a save must send the rev it read; a stale one gets 409. */
  rev: Type.Integer(),
});
export type Bot = Static<typeof Bot>;

/** POST /bot and the body of POST /bot.deploy. nm is required ('Campo requerido'). */
export const BotBody = Type.Object({
  id: Text(64),
  nm: RequiredText(200, 'Campo requerido: Nombre'),
  dsc: Text(1000),
  shared: Type.Optional(Type.Boolean()),
  tsession: Type.Optional(Type.Integer({ minimum: 1, maximum: 525_600 })),
  timeout: Type.Optional(Type.Union([Type.Null(), Type.Integer({ minimum: 0, maximum: 525_600 })])),
  main: Type.Optional(Type.Boolean()),
  destroy: Type.Optional(Type.Boolean()),
  qna: Type.Optional(Type.Boolean()),
  qnaExtrn: Type.Optional(Type.Boolean()),
  qnaUrl: Text(2000),
  qnaCron: Text(200),
  ttoken: Text(2000),
  baseUrl: Text(2000),
  baseUrlRemoto: Text(2000),
  params: Type.Optional(BotParams),
  diagram: Type.Optional(Diagram),
  extras: Type.Optional(Type.Array(Extra, { maxItems: 500 })),
  extrasEnc: Type.Optional(Type.Array(ExtraEncInput, { maxItems: 500 })),
  rev: Type.Optional(Type.Integer({ minimum: 0 })),
  // Sent back by the form and ignored: these belong to the server.
  idE: Text(64),
  imp: Type.Optional(Type.Boolean()),
  idClone: Text(64),
  version: Type.Optional(Type.Integer()),
  msg: Text(1000),
  fc: Text(40),
}, closed);
export type BotBody = Static<typeof BotBody>;

/** A row of /bot (list): name, description, imported. */
export const BotRow = Type.Object({ id: Type.String(), nm: Type.String(), dsc: Type.Union([Type.String(), Type.Null()]), imp: Type.Boolean() });
export type BotRow = Static<typeof BotRow>;
/** POST /bot/search: the paged list; filters `q` (name or description contains) and `ids`. */
export const BotSearchBody = Type.Object(pageRequestFields, closed);
/** GET /bots?idE: id and name of the caller's company's bots. */
/** A bot as the selectors list it: id, name and its deployed version (0 while never deployed). */
export const BotRef = Type.Object({ id: Type.String(), nm: Type.String(), version: Type.Integer() });
export const BotsQuery = Type.Object({ idE: Text(64) });

/** GET /skills?idBot: what the diagram shows of each skill. */
export const SkillSummary = Type.Object({
  id: Type.String(),
  idBot: Type.String(),
  nm: Type.String(),
  dsc: Type.Union([Type.String(), Type.Null()]),
  tipo: Type.Integer({ minimum: 0, maximum: 2 }),
  /** How many training phrases it has: the diagram warns at 0. */
  nFrases: Type.Integer(),
});
export type SkillSummary = Static<typeof SkillSummary>;
/** POST /skill.delete: skills and links go in one call (links are removed from the diagram). */
export const SkillDeleteBody = Type.Object({
  idBot: Id,
  skills: Type.Array(Id, { maxItems: 20_000 }),
  links: Type.Optional(Type.Array(Type.String({ maxLength: 140 }), { maxItems: 50_000 })),
}, closed);

/** Entities: keyword lists or a regular expression compiled on the server. */
export const Entidad = Type.Object({
  id: Type.String(),
  idBot: Type.String(),
  nm: Type.String(),
  dsc: Type.Union([Type.String(), Type.Null()]),
  rgx: Type.Boolean(),
  format: Type.Union([Type.String(), Type.Null()]),
  keywords: Type.Array(Type.String()),
  type: Type.Union([Type.String(), Type.Null()]),
  paths: Type.Array(Type.Object({ nm: Type.String(), tp: Type.String() })),
});
export type Entidad = Static<typeof Entidad>;
export const EntidadBody = Type.Object({
  id: Text(64),
  idBot: Id,
  nm: RequiredText(200, 'campo requerido'),
  dsc: Text(1000),
  rgx: Type.Optional(Type.Boolean()),
  format: Text(2000),
  keywords: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 5000 })),
  type: Text(40),
  // Forced to text and length by the server, whatever arrives.
  paths: Type.Optional(Type.Array(Type.Object({ nm: Type.String({ maxLength: 40 }), tp: Type.String({ maxLength: 40 }) }), { maxItems: 10 })),
}, closed);
export type EntidadBody = Static<typeof EntidadBody>;
/** GET /entity/internal/list: the built-in entities, read-only. */
export const InternalEntity = Type.Object({ id: Type.String(), nm: Type.String(), dsc: Type.String() });

/** Unrecognised phrases: text and repetitions, 20 per page. */
export const FraseNr = Type.Object({ id: Type.String(), f: Type.String(), c: Type.Integer() });
export const FrasesBody = Type.Object({
  botId: Id,
  page: Type.Optional(Type.Integer({ minimum: 0 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
}, closed);
export const FrasesIntentBody = Type.Object({
  botId: Id,
  page: Type.Optional(Type.Integer({ minimum: 0 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  ids: Type.Array(Id, { maxItems: 500 }),
  skillId: Type.Optional(Type.Union([Type.Null(), Id])),
}, closed);
export const FrasesDeleteBody = Type.Object({
  botId: Id,
  page: Type.Optional(Type.Integer({ minimum: 0 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  ids: Type.Array(Id, { maxItems: 500 }),
}, closed);

/** Deploy and versions. */
export const BotVersion = Type.Object({
  id: Type.String(),
  idBot: Type.String(),
  version: Type.Integer(),
  fc: Type.String(),
  ffin: Type.Union([Type.String(), Type.Null()]),
  /** Milliseconds the deploy took, once done. */
  dur: Type.Union([Type.Integer(), Type.Null()]),
  done: Type.Boolean(),
  error: Type.Boolean(),
  /** The deploy's description, or what failed when error. */
  msg: Type.Union([Type.String(), Type.Null()]),
  /** While deploying: how far the model's training is, 0 to 100. */
  progreso: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  /** Once deployed: the regression tests run, and those that failed. */
  pruebas: Type.Optional(Type.Union([Type.Null(), Type.Object({ total: Type.Integer(), fallidas: Type.Array(Type.Object({ id: Type.String(), nm: Type.String() })) })])),
});
export type BotVersion = Static<typeof BotVersion>;
export const DeployQuery = Type.Object({ msg: Text(1000), idU: Text(64) });

/** GET /bot.compare?idBot&a&b: what changed from version a to version b, field by field. */
export const VersionChange = Type.Object({
  /** skill, link, action, requirement, parameter, entity, extra. */
  kind: Type.String(),
  change: Type.Union([Type.Literal('added'), Type.Literal('removed'), Type.Literal('changed')]),
  /** What the change is about, as a person reads it: a skill's name, a link 'A → B', a parameter's key. */
  name: Type.String(),
  fields: Type.Array(Type.Object({ field: Type.String(), before: Type.Unknown(), after: Type.Unknown() })),
});
export type VersionChange = Static<typeof VersionChange>;

/** POST /bot.export query: replace keeps ids; replaceParams overwrites the parameters too. */
export const ImportQuery = Type.Object({
  replace: Type.Optional(Type.Boolean()),
  replaceParams: Type.Optional(Type.Boolean()),
  idE: Text(64),
});
export const ImportResult = Type.Object({
  id: Type.String(),
  message: Type.String(),
  /** Encrypted extras whose value could not be read here and must be typed again. */
  retype: Type.Array(Type.String()),
});
export type ImportResult = Static<typeof ImportResult>;

/**
 * The complete definition of a bot, as an export carries it and a version keeps it: the bot's
 * settings, skills, actions, requirements and entities (links live in the diagram). JSON columns
 * are parsed; an encrypted extra keeps its ciphertext (`enc`), null when it must be typed again.
 */
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const JsonObject = Type.Record(Type.String(), Type.Unknown());

export const ExtraEncStored = Type.Object({ key: Type.String({ minLength: 1, maxLength: 200 }), enc: Nullable(Type.String({ maxLength: 20_000 })) }, closed);
export type ExtraEncStored = Static<typeof ExtraEncStored>;

export const BotSettings = Type.Object({
  id: Id,
  nm: Type.String({ minLength: 1, maxLength: 200 }),
  dsc: Nullable(Type.String({ maxLength: 1000 })),
  imp: Type.Boolean(),
  shared: Type.Boolean(),
  idClone: Nullable(Type.String({ maxLength: 64 })),
  tsession: Type.Integer({ minimum: 1, maximum: 525_600 }),
  timeout: Nullable(Type.Integer({ minimum: 0, maximum: 525_600 })),
  main: Type.Boolean(),
  destroy: Type.Boolean(),
  qna: Type.Boolean(),
  qnaExtrn: Type.Boolean(),
  qnaUrl: Nullable(Type.String({ maxLength: 2000 })),
  qnaCron: Nullable(Type.String({ maxLength: 200 })),
  ttoken: Nullable(Type.String({ maxLength: 2000 })),
  baseUrl: Nullable(Type.String({ maxLength: 2000 })),
  baseUrlRemoto: Nullable(Type.String({ maxLength: 2000 })),
  params: BotParams,
  diagram: Diagram,
  extras: Type.Array(Extra, { maxItems: 500 }),
  extrasEnc: Type.Array(ExtraEncStored, { maxItems: 500 }),
}, closed);
export type BotSettings = Static<typeof BotSettings>;

export const SkillDef = Type.Object({
  id: Id,
  nm: Type.String({ minLength: 1, maxLength: 200 }),
  dsc: Nullable(Type.String()),
  tipo: Type.Integer({ minimum: 0, maximum: 2 }),
  frases: Type.Array(Type.String()),
  /** Every other field of the skill. */
  cfg: JsonObject,
  fc: Type.String({ maxLength: 32 }),
}, closed);
export type SkillDef = Static<typeof SkillDef>;


export const AccionDef = Type.Object({
  id: Id,
  idSkill: Id,
  /** One of the kinds the skill editor knows: a file with another is refused. */
  type: literals(ACTION_TYPES),
  ord: Type.Integer(),
  /** unique, red and the kind's own fields (GO_SKILL `sk`, GO_BOT and GO_HUMAN `b`, ...). */
  cfg: JsonObject,
}, closed);
export type AccionDef = Static<typeof AccionDef>;

export const RequerimientoDef = Type.Object({
  id: Id,
  idSkill: Id,
  op: Type.String({ maxLength: 3 }),
  /** 0 requirement, 1 memory. */
  tp: Type.Integer({ minimum: 0, maximum: 1 }),
  fields: Type.Array(Type.Unknown()),
  replyMissing: Type.Array(Type.Unknown()),
}, closed);
export type RequerimientoDef = Static<typeof RequerimientoDef>;

export const EntidadDef = Type.Object({
  id: Id,
  nm: Type.String({ minLength: 1, maxLength: 200 }),
  dsc: Nullable(Type.String()),
  rgx: Type.Boolean(),
  format: Nullable(Type.String()),
  keywords: Type.Array(Type.String()),
  type: Nullable(Type.String({ maxLength: 40 })),
  paths: Type.Array(Type.Object({ nm: Type.String(), tp: Type.String() })),
}, closed);
export type EntidadDef = Static<typeof EntidadDef>;

/** A regression test of the bot: messages and the skills that must answer them. */
export const PruebaDef = Type.Object({
  id: Id,
  nm: Type.String({ minLength: 1, maxLength: 200 }),
  pasos: Type.Array(PruebaPaso, { maxItems: 200 }),
  red: Type.Integer(),
  fc: Type.String({ maxLength: 32 }),
}, closed);
export type PruebaDef = Static<typeof PruebaDef>;

export const BotDefinition = Type.Object({
  bot: BotSettings,
  skills: Type.Array(SkillDef, { maxItems: 20_000 }),
  acciones: Type.Array(AccionDef, { maxItems: 200_000 }),
  requerimientos: Type.Array(RequerimientoDef, { maxItems: 200_000 }),
  entidades: Type.Array(EntidadDef, { maxItems: 5000 }),
  /** Present when the bot has regression tests. */
  pruebas: Type.Optional(Type.Array(PruebaDef, { maxItems: 5000 })),
}, closed);
export type BotDefinition = Static<typeof BotDefinition>;

/** The export format marker and version: GET /bot.export answers it, POST /bot.export reads it. */
export const EXPORT_FORMAT = 'quipu-bot';
export const EXPORT_VERSION = 1;

/**
 * GET /bot.export answer and POST /bot.export body: the definition plus the format marker and the
 * fingerprint (`kid`) of the key its encrypted extras were encrypted with. Never a plain secret.
 */
export const BotExport = Type.Object({
  format: Type.Literal(EXPORT_FORMAT),
  v: Type.Literal(EXPORT_VERSION),
  kid: Type.String({ maxLength: 64 }),
  ...BotDefinition.properties,
}, closed);
export type BotExport = Static<typeof BotExport>;

/** GET /bot-version, /list/version, POST /restaurar and GET /bot.compare queries. */
export const BotVersionQuery = Type.Object({ botId: Id });
export const RestoreQuery = Type.Object({ idBot: Id, id: Id });
export const CompareQuery = Type.Object({ idBot: Id, a: Id, b: Id });

/** Messages of deploy, versions, restore, compare and import beyond BOT_MESSAGES. */
export const DEPLOY_MESSAGES = {
  running: 'Ya hay un despliegue de este bot en curso; espere a que termine',
  interrupted: 'El despliegue se interrumpió antes de terminar',
  compareRefused: 'Solo se pueden comparar versiones desplegadas sin error',
  restoreClash: 'No se puede restaurar: un skill, acción o entidad de esa versión pertenece ahora a otro bot',
  replaceRefused: 'No se puede reemplazar el bot del archivo. Desactive «Reemplazar» para importarlo como una copia.',
  idsInUse: 'El archivo usa identificadores de otro bot. Desactive «Reemplazar» para importarlo como una copia.',
  sinSkills: 'El bot no tiene skills: no responderá a nada.',
  sinRespaldo: 'El bot no tiene un skill de respaldo (Fallback): no responderá a lo que no entienda.',
  desplegarIgual: 'Puede desplegarlo igual.',
} as const;

/**
 * What 'Desplegar' warns of before it goes on (the user may deploy anyway): a bot without skills
 * answers nothing, and one without a fallback skill (tipo 1) nothing it does not understand.
 */
export function deployWarnings(skills: ReadonlyArray<{ tipo: number }>): string[] {
  if (skills.length === 0) return [DEPLOY_MESSAGES.sinSkills];
  if (!skills.some((s) => s.tipo === 1)) return [DEPLOY_MESSAGES.sinRespaldo];
  return [];
}
