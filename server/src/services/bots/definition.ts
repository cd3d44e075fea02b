// The complete definition of a bot as one JSON object: what an export carries, what a deployed
// version keeps and what import and restore write back. Also its checks before a deploy.
// The comparison of two definitions lives in botDiff.ts.
import type { DB } from '../../db';
import type { Bool } from '../../db/schema';
import { notFound } from '../../errors';
import { SKILL_MESSAGES, validateRequerimiento, validateSkill, type EntityCatalogue, type FieldInput, type Problem } from '../../../../common/schemas/skillRules';
import { accionInput, ACTION_LABELS as RULE_ACTION_LABELS, linkOf, orderProblem, validateAccion } from '../../../../common/actions';
import { INTERNAL_ENTITIES, ENTITY_PATHS } from '../../../../common/schemas/rules';
import { BOT_MESSAGES, type AccionDef, type BotDefinition, type BotSettings, type EntidadDef, type PruebaDef, type RequerimientoDef, type SkillDef } from '../../../../common/schemas/bots';
import { conditionPatternProblems } from './entidades';

const bool = (v: unknown): boolean => v === 1 || v === true || v === '1';
const bit = (v: boolean): Bool => (v ? 1 : 0);

function parse<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** The working definition of bot `idBot`, children in a stable order (by id). */
export async function loadDefinition(db: DB, idBot: string): Promise<BotDefinition> {
  const row = await db.selectFrom('bot').selectAll().where('id', '=', idBot).executeTakeFirst();
  if (!row) throw notFound(BOT_MESSAGES.notFound);
  const [skills, acciones, requerimientos, entidades, pruebas] = await Promise.all([
    db.selectFrom('skill').selectAll().where('idBot', '=', idBot).orderBy('id').execute(),
    db.selectFrom('accion').selectAll().where('idBot', '=', idBot).orderBy('idSkill').orderBy('ord').orderBy('id').execute(),
    db.selectFrom('requerimiento').selectAll().where('idBot', '=', idBot).orderBy('idSkill').orderBy('tp').orderBy('id').execute(),
    db.selectFrom('entidad').selectAll().where('idBot', '=', idBot).orderBy('id').execute(),
    db.selectFrom('prueba').selectAll().where('idBot', '=', idBot).orderBy('fc').orderBy('id').execute(),
  ]);
  const bot: BotSettings = {
    id: row.id,
    nm: row.nm,
    dsc: row.dsc,
    imp: bool(row.imp),
    shared: bool(row.shared),
    idClone: row.idClone,
    tsession: Number(row.tsession),
    timeout: row.timeout === null ? null : Number(row.timeout),
    main: bool(row.main),
    destroy: bool(row.destroy),
    qna: bool(row.qna),
    qnaExtrn: bool(row.qnaExtrn),
    qnaUrl: row.qnaUrl,
    qnaCron: row.qnaCron,
    ttoken: row.ttoken,
    baseUrl: row.baseUrl,
    baseUrlRemoto: row.baseUrlRemoto,
    params: parse(row.params, {}),
    diagram: parse(row.diagram, { nodes: [], edges: [] }),
    extras: parse(row.extras, []),
    extrasEnc: parse<Array<{ key: string; enc?: string | null }>>(row.extrasEnc, []).map((e) => ({ key: e.key, enc: e.enc ?? null })),
  };
  return {
    bot,
    skills: skills.map((s): SkillDef => ({ id: s.id, nm: s.nm, dsc: s.dsc, tipo: Number(s.tipo), frases: parse(s.frases, []), cfg: parse(s.cfg, {}), fc: s.fc })),
    acciones: acciones.map((a): AccionDef => ({ id: a.id, idSkill: a.idSkill, type: a.type as AccionDef['type'], ord: Number(a.ord), cfg: parse(a.cfg, {}) })),
    requerimientos: requerimientos.map((r): RequerimientoDef => ({ id: r.id, idSkill: r.idSkill, op: r.op, tp: Number(r.tp), fields: parse(r.fields, []), replyMissing: parse(r.replyMissing, []) })),
    entidades: entidades.map((e): EntidadDef => ({ id: e.id, nm: e.nm, dsc: e.dsc, rgx: bool(e.rgx), format: e.format, keywords: parse(e.keywords, []), type: e.type, paths: parse(e.paths, []) })),
    ...(pruebas.length ? { pruebas: pruebas.map((p): PruebaDef => ({ id: p.id, nm: p.nm, pasos: parse(p.pasos, []), red: Number(p.red), fc: p.fc })) } : {}),
  };
}

/** Rows per insert: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 200;

async function insertChunks<R>(rows: R[], insert: (chunk: R[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/** The bot columns that hold its settings (everything but identity, company, version and rev). */
function settingsColumns(s: BotSettings) {
  return {
    nm: s.nm,
    dsc: s.dsc,
    shared: bit(s.shared),
    tsession: s.tsession,
    timeout: s.timeout,
    main: bit(s.main),
    destroy: bit(s.destroy),
    qna: bit(s.qna),
    qnaExtrn: bit(s.qnaExtrn),
    qnaUrl: s.qnaUrl,
    qnaCron: s.qnaCron,
    ttoken: s.ttoken,
    baseUrl: s.baseUrl,
    baseUrlRemoto: s.baseUrlRemoto,
    params: JSON.stringify(s.params),
    extras: JSON.stringify(s.extras),
    extrasEnc: JSON.stringify(s.extrasEnc),
  };
}

export interface WriteOptions {
  /** false gives every skill, action, requirement and entity a new id (see withNewIds). */
  keepIds: boolean;
  /** false writes only the flow (skills, actions, requirements, entities, diagram) and keeps the bot's settings. */
  settings?: boolean;
}

/**
 * Replaces the working definition of the existing bot `idBot` with `def`: deletes its skills,
 * actions, requirements and entities, inserts those of `def`, writes the diagram (and the settings
 * unless told not to) and bumps rev, so an editor open on the old definition cannot save over it.
 * Unrecognised phrases and versions stay. Call it inside a transaction.
 */
export async function writeDefinition(trx: DB, idBot: string, def: BotDefinition, options: WriteOptions): Promise<BotDefinition> {
  const d = options.keepIds ? def : withNewIds(def, idBot);
  // A skill, action or requirement written back under its id gets a rev past the one it had, so a
  // skill editor open on the replaced row cannot save over it (409).
  const revs = new Map<string, number>();
  for (const rows of await Promise.all([
    trx.selectFrom('skill').select(['id', 'rev']).where('idBot', '=', idBot).execute(),
    trx.selectFrom('accion').select(['id', 'rev']).where('idBot', '=', idBot).execute(),
    trx.selectFrom('requerimiento').select(['id', 'rev']).where('idBot', '=', idBot).execute(),
  ])) for (const r of rows) revs.set(r.id, Number(r.rev) + 1);
  const rev = (id: string) => revs.get(id) ?? 0;
  await trx.deleteFrom('requerimiento').where('idBot', '=', idBot).execute();
  await trx.deleteFrom('accion').where('idBot', '=', idBot).execute();
  await trx.deleteFrom('skill').where('idBot', '=', idBot).execute();
  await trx.deleteFrom('entidad').where('idBot', '=', idBot).execute();
  await trx.deleteFrom('prueba').where('idBot', '=', idBot).execute();

  await insertChunks(d.skills, (chunk) =>
    trx.insertInto('skill').values(chunk.map((s) => ({ id: s.id, idBot, nm: s.nm, dsc: s.dsc, tipo: s.tipo, frases: JSON.stringify(s.frases), cfg: JSON.stringify(s.cfg), fc: s.fc, rev: rev(s.id) }))).execute(),
  );
  await insertChunks(d.acciones, (chunk) =>
    trx.insertInto('accion').values(chunk.map((a) => ({ id: a.id, idBot, idSkill: a.idSkill, type: a.type, ord: a.ord, cfg: JSON.stringify(a.cfg), rev: rev(a.id) }))).execute(),
  );
  await insertChunks(d.requerimientos, (chunk) =>
    trx
      .insertInto('requerimiento')
      .values(chunk.map((r) => ({ id: r.id, idBot, idSkill: r.idSkill, op: r.op, tp: r.tp, fields: JSON.stringify(r.fields), replyMissing: JSON.stringify(r.replyMissing), rev: rev(r.id) })))
      .execute(),
  );
  await insertChunks(d.entidades, (chunk) =>
    trx
      .insertInto('entidad')
      .values(chunk.map((e) => ({ id: e.id, idBot, nm: e.nm, dsc: e.dsc, rgx: bit(e.rgx), format: e.format, keywords: JSON.stringify(e.keywords), type: e.type, paths: JSON.stringify(e.paths) })))
      .execute(),
  );
  await insertChunks(d.pruebas ?? [], (chunk) =>
    trx.insertInto('prueba').values(chunk.map((p) => ({ id: p.id, idBot, nm: p.nm, pasos: JSON.stringify(p.pasos), red: p.red, fc: p.fc }))).execute(),
  );
  await trx
    .updateTable('bot')
    .set((eb) => ({
      ...(options.settings === false ? {} : settingsColumns(d.bot)),
      diagram: JSON.stringify(d.bot.diagram),
      rev: eb('rev', '+', 1),
    }))
    .where('id', '=', idBot)
    .execute();
  return d;
}

/** Replaces every string of `value` (deeply) that is a key of `ids` with its new id. */
function swapIds<T>(value: T, ids: Map<string, string>): T {
  if (typeof value === 'string') return (ids.get(value) ?? value) as T;
  if (Array.isArray(value)) return value.map((v) => swapIds(v, ids)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, swapIds(v, ids)])) as T;
  }
  return value;
}

/**
 * The same definition under new ids: the bot becomes `idBot`, every skill, action, requirement and
 * entity gets a fresh id, and every reference to one of them (diagram nodes and edges, actions,
 * requirements, skill options, bot parameters that name a skill) follows. Texts are not touched.
 */
export function withNewIds(def: BotDefinition, idBot: string, newId: () => string = () => crypto.randomUUID()): BotDefinition {
  const ids = new Map<string, string>([[def.bot.id, idBot]]);
  for (const list of [def.skills, def.acciones, def.requerimientos, def.entidades, def.pruebas ?? []]) for (const r of list) ids.set(r.id, newId());
  const to = (id: string) => ids.get(id) ?? id;
  const { diagram } = def.bot;
  return {
    bot: {
      ...def.bot,
      id: idBot,
      params: swapIds(def.bot.params, ids),
      diagram: {
        ...diagram,
        nodes: diagram.nodes.map((n) => ({ ...n, id: to(n.id) })),
        // Edge ids are often built from the skill ids they join; rename those parts too.
        edges: diagram.edges.map((e) => ({ id: e.id.split(e.source).join(to(e.source)).split(e.target).join(to(e.target)), source: to(e.source), target: to(e.target) })),
      },
    },
    skills: def.skills.map((s) => ({ ...s, id: to(s.id), cfg: swapIds(s.cfg, ids) })),
    acciones: def.acciones.map((a) => ({ ...a, id: to(a.id), idSkill: to(a.idSkill), cfg: swapIds(a.cfg, ids) })),
    requerimientos: def.requerimientos.map((r) => ({ ...r, id: to(r.id), idSkill: to(r.idSkill), fields: swapIds(r.fields, ids), replyMissing: swapIds(r.replyMissing, ids) })),
    entidades: def.entidades.map((e) => ({ ...e, id: to(e.id) })),
    ...(def.pruebas ? { pruebas: def.pruebas.map((p) => ({ ...p, id: to(p.id), pasos: p.pasos.map((paso) => ({ ...paso, skills: paso.skills.map(to) })) })) } : {}),
  };
}

/** The definition with every action's `b` that names another bot cleared (a copy must be re-linked). */
export function unlinkOtherBots(def: BotDefinition): BotDefinition {
  return {
    ...def,
    acciones: def.acciones.map((a) => {
      const link = linkOf(a.type, a.cfg);
      return link?.field === 'b' && link.id !== '' && link.id !== def.bot.id ? { ...a, cfg: { ...a.cfg, b: null } } : a;
    }),
  };
}

/** The action kinds as the skill editor's add buttons name them. */
export const ACTION_LABELS: Readonly<Record<string, string>> = RULE_ACTION_LABELS;

/** What the deploy checks against the world outside the definition. */
export interface ValidateContext {
  /** True when a bot with this id exists in the bot's company. */
  botExists(id: string): Promise<boolean> | boolean;
  /** The reason a regular expression does not compile, or undefined (the entity editor's rule). */
  regexError(format: string): string | undefined;
  /** True when this bot can read its encrypted extra `key` (encrypted with our key, for this company, bot and key). */
  secretReadable?(enc: string, key: string): boolean;
}

/**
 * Every reason the definition cannot be deployed, one Spanish line each, in a stable order:
 * business skills without training phrases, links to missing skills, skill jumps to missing
 * skills, bot jumps to missing bots, entities whose expression does not compile or cannot run,
 * (given `secretReadable`) encrypted extras this installation cannot read (imported: to be typed again),
 * and then what the skill editor's rules refuse in a skill, an action, an order of actions or a
 * requirement (an imported file may carry what the editor would not have saved).
 */
export async function validateDefinition(def: BotDefinition, ctx: ValidateContext): Promise<string[]> {
  const problems: string[] = [];
  const skillName = new Map(def.skills.map((s) => [s.id, s.nm]));
  const named = (id: string) => `«${skillName.get(id) ?? id}»`;

  for (const s of def.skills) {
    if (s.tipo === 0 && !s.frases.some((f) => typeof f === 'string' && f.trim() !== '')) problems.push(`El skill «${s.nm}» no tiene frases de entrenamiento`);
  }
  for (const e of def.bot.diagram.edges) {
    const missing = [e.source, e.target].filter((id) => !skillName.has(id));
    if (missing.length) problems.push(`El enlace ${named(e.source)} → ${named(e.target)} apunta a un skill que no existe (${missing.join(', ')})`);
  }
  const bots = new Map<string, boolean>();
  for (const a of def.acciones) {
    const where = `El skill ${named(a.idSkill)} tiene una acción «${ACTION_LABELS[a.type] ?? a.type}»`;
    const link = linkOf(a.type, a.cfg);
    if (link?.field === 'sk') {
      const sk = link.id;
      if (!sk) problems.push(`${where} sin skill de destino`);
      else if (!skillName.has(sk)) problems.push(`${where} hacia un skill que no existe (${sk})`);
    } else if (link?.field === 'b') {
      const b = link.id;
      // A human hand-off may go without a bot; a bot jump needs one.
      if (!b) {
        if (link.required) problems.push(`${where} sin bot de destino`);
        continue;
      }
      if (!bots.has(b)) bots.set(b, b === def.bot.id || (await ctx.botExists(b)));
      if (!bots.get(b)) problems.push(`${where} hacia un bot que no existe (${b})`);
    }
  }
  for (const e of def.entidades) {
    if (!e.rgx) continue;
    const error = e.format ? ctx.regexError(e.format) : 'no tiene expresión';
    if (error !== undefined) problems.push(`La entidad «${e.nm}» tiene una expresión regular no válida: ${error}`);
  }
  if (ctx.secretReadable) {
    for (const e of def.bot.extrasEnc) {
      if (!e.enc || !ctx.secretReadable(e.enc, e.key)) problems.push(`El parámetro cifrado «${e.key}» se debe ingresar de nuevo`);
    }
  }
  problems.push(...editorRuleProblems(def, named));
  return problems;
}

const say = (problem: Problem) => (problem.label ? `${problem.label}: ${problem.message}` : problem.message);

/**
 * The skill editor's own rules (schemas/skillRules.ts, and the server's check that a condition's
 * expression can run on the linear-time engine) over the whole definition, one line per broken record.
 */
function editorRuleProblems(def: BotDefinition, named: (id: string) => string): string[] {
  const problems: string[] = [];
  for (const s of def.skills) {
    // A blank phrase is skipped by the engine; a skill with none is reported above.
    const [first] = validateSkill({ nm: s.nm, tipo: s.tipo, frases: s.frases, ...s.cfg }).filter((p) => !(p.field.startsWith('frases.') && p.message === SKILL_MESSAGES.textoInvalido));
    if (first) problems.push(`El skill ${named(s.id)}: ${say(first)}`);
  }
  const extras = def.bot.extrasEnc.map((e) => e.key);
  const bySkill = new Map<string, AccionDef[]>();
  for (const a of def.acciones) bySkill.set(a.idSkill, [...(bySkill.get(a.idSkill) ?? []), a]);
  for (const [idSkill, actions] of bySkill) {
    for (const a of actions) {
      // Jump targets are checked above, against what exists.
      const input = accionInput(a.type, a.cfg);
      const rules = validateAccion(input, { idBot: def.bot.id, idSkill, extras }).filter((p) => p.field !== 'sk' && p.field !== 'b');
      const [first] = rules.length ? rules : conditionPatternProblems(input.cond, 'cond', 'Condición');
      if (first) problems.push(`El skill ${named(idSkill)} tiene una acción «${ACTION_LABELS[a.type] ?? a.type}» con datos no válidos: ${say(first)}`);
    }
    const order = orderProblem([...actions].sort((x, y) => x.ord - y.ord).map((a) => a.type));
    if (order) problems.push(`El skill ${named(idSkill)}: ${order}`);
  }
  const paths = ENTITY_PATHS.map((p) => p.nm);
  const catalogue: EntityCatalogue = {
    custom: new Map(def.entidades.map((e) => [e.id, e.paths.length ? e.paths.map((p) => p.nm) : paths])),
    internal: new Map(INTERNAL_ENTITIES.map((e) => [e.id, paths])),
  };
  for (const r of def.requerimientos) {
    const fields = r.fields as FieldInput[];
    const rules = validateRequerimiento({ tp: r.tp, op: r.op, fields, replyMissing: r.replyMissing as string[] }, catalogue);
    const [first] = rules.length ? rules : conditionPatternProblems(fields, 'fields', 'Campo');
    if (first) problems.push(`El skill ${named(r.idSkill)} tiene ${r.tp === 1 ? 'una memoria' : 'un requerimiento'} con datos no válidos: ${say(first)}`);
  }
  return problems;
}
