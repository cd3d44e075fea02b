// Skills: the diagram's list, one skill with every
// field, its save (create with the diagram's node, or update on the rev read), the phrase sets and
// the merge of phrases, and deleting several from the diagram. A QnA (tipo 2) is saved here too,
// but is never on the diagram nor in its list, carries its last change (fa) and tags that exist in
// the bot, and counts against the QnA caps. Every change writes ev 1 in the
// same transaction. Also what the action and requirement services share: the audit line of a
// skill and the refusal of a broken rule.
import { sql, type Selectable } from 'kysely';
import type { Static } from 'typebox';
import type { DB } from '../../db';
import type { SkillTable } from '../../db/schema';
import { badRequest, conflict, invalidField, notFound } from '../../errors';
import { BOT_MESSAGES, type SkillDeleteBody, type SkillSummary } from '../../../../common/schemas/bots';
import { Skill, type PhrasesAnswer, type SkillBody } from '../../../../common/schemas/skills';
import { addedMessage, mergePhrases, SKILL_DEFAULTS, SKILL_MESSAGES, validateSkill, type PresetType, type Problem } from '../../../../common/schemas/skillRules';
import { QNA_TIPO } from '../../../../common/schemas/qna';
import type { SessionUser } from '../../types';
import { parseDiagram, withNodeAtRight, withoutSkills } from './diagram';
import { findBotFor, recordBotEvent, type BotNeed, type BotRecord, type BotServices } from './bots';
import { refuseBotOverLimits } from './limits';
import { refuseUnknownTags } from '../qna/tags';
import { PHRASE_SETS } from './phraseSets';
import { changedNames, fitting, parseList, parseObject } from '../../db/storedJson';

export type SkillRecord = Selectable<SkillTable>;

/** The fields kept in columns beside the identity; every other skill field lives in cfg. */
const COLUMN_FIELDS = ['nm', 'dsc', 'tipo', 'frases'] as const;
type CfgField = Exclude<keyof typeof SKILL_DEFAULTS, 'tipo' | 'frases'>;
const CFG_FIELDS = Object.keys(SKILL_DEFAULTS).filter((k) => k !== 'tipo' && k !== 'frases') as CfgField[];
/** Every field a save may carry, in the order an audit line names them. */
const SKILL_FIELDS: ReadonlyArray<keyof Skill> = [...COLUMN_FIELDS, ...CFG_FIELDS];
/** What a user without isBotEdit may change (the common decision: phrases and keywords are theirs to curate). */
const USER_FIELDS: ReadonlyArray<keyof Skill> = ['frases', 'keywordIncluye', 'keywordExcluye'];
export const SKILL_TEXTS = {
  missingRev: 'rev: falta la revisión del skill que se leyó',
} as const;

// ---------------------------------------------------------------------------------------------
// Shared by the skill, action and requirement services

/** The ev 1 row of a change inside a skill: `Bot «bot»: skill «nm»: <detail>`. */
export function recordSkillEvent(trx: DB, user: SessionUser, bot: Pick<BotRecord, 'nm' | 'idE'>, skillNm: string, detail: string, now: number): Promise<string> {
  return recordBotEvent(trx, user, bot, `skill «${skillNm}»: ${detail}`, now);
}

/** A QnA's answer changed: its 'Actualizado' is now (a skill of another kind has no such date). */
export async function touchQna(trx: DB, idSkill: string, now: number): Promise<void> {
  await trx.updateTable('skill').set({ fa: new Date(now).toISOString() }).where('id', '=', idSkill).where('tipo', '=', 2).execute();
}

/** 400 with the first broken rule, naming its field. */
export function refuseFirst(problems: readonly Problem[]): void {
  if (problems.length) throw invalidField(problems[0]);
}

// ---------------------------------------------------------------------------------------------
// Reading

export function toSkillSummary(row: Pick<SkillRecord, 'id' | 'idBot' | 'nm' | 'dsc' | 'tipo' | 'frases'>): SkillSummary {
  return { id: row.id, idBot: row.idBot, nm: row.nm, dsc: row.dsc, tipo: Number(row.tipo), nFrases: parseList(row.frases).length };
}

/** GET /skill: the columns, every cfg field (a missing or unreadable one as its default) and rev. */
export function toSkill(row: SkillRecord): Skill {
  const cfg = fitting(Skill.properties, parseObject(row.cfg), CFG_FIELDS);
  const skill: Record<string, unknown> = {};
  for (const k of CFG_FIELDS) skill[k] = k in cfg ? cfg[k] : structuredClone(SKILL_DEFAULTS[k]);
  const frases = parseList(row.frases).filter((f): f is string => typeof f === 'string');
  return { ...(skill as Omit<Skill, 'id' | 'idBot' | 'nm' | 'dsc' | 'tipo' | 'frases' | 'fc' | 'rev'>), id: row.id, idBot: row.idBot, nm: row.nm, dsc: row.dsc, tipo: Number(row.tipo), frases, fc: row.fc, rev: Number(row.rev) };
}

/** A skill within the user's reach: 404 'Skill no encontrado' when missing or of another company's bot. */
export async function findSkillFor(db: DB, user: SessionUser, id: string, need: BotNeed): Promise<SkillRecord> {
  const row = await db.selectFrom('skill').selectAll().where('id', '=', id).executeTakeFirst();
  // The role is checked first, so a role without bots gets 403 whether the skill exists or not.
  await findBotFor(db, user, row?.idBot ?? '', need, BOT_MESSAGES.skillNotFound);
  if (!row) throw notFound(BOT_MESSAGES.skillNotFound);
  return row;
}

/** The skill `idSkill` of bot `idBot`, or undefined. */
export function skillOfBot(db: DB, idBot: string, idSkill: string) {
  return db.selectFrom('skill').select(['id', 'nm']).where('id', '=', idSkill).where('idBot', '=', idBot).executeTakeFirst();
}

/** GET /skills: the diagram's skills; QnAs, thousands in a bot, are listed by the QnA table instead. */
export async function listSkills(db: DB, user: SessionUser, idBot: string): Promise<SkillSummary[]> {
  await findBotFor(db, user, idBot, 'read');
  const rows = await db
    .selectFrom('skill')
    .select(['id', 'idBot', 'nm', 'dsc', 'tipo', 'frases'])
    .where('idBot', '=', idBot)
    .where('tipo', '<>', QNA_TIPO)
    .orderBy('fc')
    .orderBy('id')
    .execute();
  return rows.map(toSkillSummary);
}

// ---------------------------------------------------------------------------------------------
// Saving

/** The skill as stored: columns and the cfg JSON. */
function toColumns(skill: Skill) {
  const cfg: Record<string, unknown> = {};
  for (const k of CFG_FIELDS) cfg[k] = skill[k];
  return { nm: skill.nm, dsc: skill.dsc, tipo: skill.tipo, frases: JSON.stringify(skill.frases), cfg: JSON.stringify(cfg) };
}

/** `skill` with the fields of `body` that `fields` lets through (a field left out keeps its value); names and descriptions trimmed. */
function applyBody(skill: Skill, body: SkillBody, fields: ReadonlyArray<keyof Skill>): Skill {
  const next: Record<string, unknown> = { ...skill };
  for (const k of fields) {
    const value = (body as Record<string, unknown>)[k];
    if (value !== undefined) next[k] = value;
  }
  const out = next as Skill;
  return { ...out, nm: out.nm.trim(), dsc: out.dsc?.trim() || null };
}

/** The rules of the Skill tab (only on the fields this save may change), a QnA's tags, and the KB menu's skill. */
async function checkSkill(db: DB, idBot: string, skill: Skill, fields: ReadonlyArray<keyof Skill>, body: SkillBody): Promise<void> {
  refuseFirst(validateSkill(skill).filter((p) => fields.includes(p.field.split('.')[0] as keyof Skill)));
  if (skill.tipo === QNA_TIPO && fields.includes('tagsKb')) await refuseUnknownTags(db, idBot, skill.tagsKb);
  if (fields.includes('kbResultsMenu') && body.kbResultsMenu && !(await skillOfBot(db, idBot, body.kbResultsMenu))) {
    throw invalidField({ field: 'kbResultsMenu', message: SKILL_MESSAGES.kbMenuAjeno });
  }
}

/** POST /skill: creates (no id; isBotEdit) or updates (id and the rev read); one transaction with its audit row. */
export function saveSkill(services: BotServices, user: SessionUser, body: SkillBody): Promise<Skill> {
  return services.db.transaction().execute((trx) => (body.id ? updateSkill(trx, services, user, body.id, body) : createSkill(trx, services, user, body)));
}

/** 'Agregar Skill' and a new skill with any fields: the skill and its node (right of the rightmost); a QnA, made by a person, without a node. */
async function createSkill(trx: DB, { config }: BotServices, user: SessionUser, body: SkillBody): Promise<Skill> {
  const bot = await findBotFor(trx, user, body.idBot, 'edit');
  const at = config.now();
  const blank: Skill = { ...structuredClone(SKILL_DEFAULTS), id: crypto.randomUUID(), idBot: bot.id, nm: '', dsc: null, fc: new Date(at).toISOString(), rev: 0 } as Skill;
  const skill = applyBody(blank, body, SKILL_FIELDS);
  await checkSkill(trx, bot.id, skill, SKILL_FIELDS, body);
  await refuseBotOverLimits(trx, bot.id, config, { id: skill.id, frases: skill.frases.length, tipo: skill.tipo });
  if (skill.tipo === QNA_TIPO) {
    await trx.insertInto('skill').values({ id: skill.id, idBot: bot.id, fc: skill.fc, fa: skill.fc, origen: 0, rev: 0, ...toColumns(skill) }).execute();
    await recordBotEvent(trx, user, bot, `agregó la QnA «${skill.nm}»`, at);
    return toSkill(await trx.selectFrom('skill').selectAll().where('id', '=', skill.id).executeTakeFirstOrThrow());
  }
  await trx.insertInto('skill').values({ id: skill.id, idBot: bot.id, fc: skill.fc, rev: 0, ...toColumns(skill) }).execute();
  // The editor adds the node on its side too; the bot's rev stays, so its next save is not refused.
  const diagram = withNodeAtRight(parseDiagram(bot.diagram), skill.id);
  await trx.updateTable('bot').set({ diagram: JSON.stringify(diagram) }).where('id', '=', bot.id).execute();
  await recordBotEvent(trx, user, bot, `agregó el skill «${skill.nm}»; cambió diagrama`, at);
  return toSkill(await trx.selectFrom('skill').selectAll().where('id', '=', skill.id).executeTakeFirstOrThrow());
}

async function updateSkill(trx: DB, { config }: BotServices, user: SessionUser, id: string, body: SkillBody): Promise<Skill> {
  const row = await findSkillFor(trx, user, id, 'read');
  if (row.idBot !== body.idBot) throw notFound(BOT_MESSAGES.skillNotFound);
  if (body.rev === undefined) throw badRequest(SKILL_TEXTS.missingRev);
  if (body.rev !== row.rev) throw conflict(SKILL_MESSAGES.stale);
  const fields = user.flags.isBotEdit ? SKILL_FIELDS : USER_FIELDS;
  const before = toSkill(row);
  const after = applyBody(before, body, fields);
  await checkSkill(trx, row.idBot, after, fields, body);
  // Fewer phrases than before is always allowed: a bot over a lowered cap can be brought under it.
  // A skill that becomes a QnA, or stops being one, moves between the skill and the QnA caps.
  const qna = after.tipo === QNA_TIPO;
  if (after.frases.length > before.frases.length || qna !== (before.tipo === QNA_TIPO)) {
    await refuseBotOverLimits(trx, row.idBot, config, { id, frases: after.frases.length, tipo: after.tipo });
  }
  const result = await trx
    .updateTable('skill')
    .set({ ...toColumns(after), ...(qna ? { fa: new Date(config.now()).toISOString() } : {}), rev: sql`rev + 1` })
    .where('id', '=', id)
    .where('rev', '=', body.rev)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw conflict(SKILL_MESSAGES.stale);
  const changed = changedNames(before, after, SKILL_FIELDS);
  const bot = await trx.selectFrom('bot').select(['nm', 'idE']).where('id', '=', row.idBot).executeTakeFirstOrThrow();
  await recordSkillEvent(trx, user, bot, after.nm, changed.length ? `cambió ${changed.join(', ')}` : 'guardado sin cambios', config.now());
  return toSkill(await trx.selectFrom('skill').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
}

// ---------------------------------------------------------------------------------------------
// Training phrases

/** GET /skill.frases: one of the server's phrase sets, for a skill the user may open. */
export async function presetPhrases(db: DB, user: SessionUser, id: string, tipo: PresetType): Promise<{ tipo: PresetType; frases: string[] }> {
  await findSkillFor(db, user, id, 'read');
  return { tipo, frases: [...PHRASE_SETS[tipo]] };
}

/**
 * POST /skill.frases: lines merged into the stored phrases without repeats (mergePhrases). Open to
 * every user who opens the skill. A merge cannot lose anyone's change, so the rev the console read
 * is not required: a merge that meets a concurrent save reads the skill again and retries.
 */
export async function addPhrases(services: BotServices, user: SessionUser, id: string, lines: readonly string[]): Promise<PhrasesAnswer> {
  for (let attempt = 0; ; attempt++) {
    const answer = await services.db.transaction().execute((trx) => mergeOnce(trx, services, user, id, lines));
    if (answer) return answer;
    if (attempt === 2) throw conflict(SKILL_MESSAGES.stale);
  }
}

/** One merge on the skill as read now; undefined when another save changed it meanwhile. */
async function mergeOnce(trx: DB, { config }: BotServices, user: SessionUser, id: string, lines: readonly string[]): Promise<PhrasesAnswer | undefined> {
  const row = await findSkillFor(trx, user, id, 'read');
  if (!lines.some((line) => line.trim())) throw badRequest(SKILL_MESSAGES.seleccioneFrases);
  const stored = toSkill(row).frases;
  const { list, added } = mergePhrases(stored, lines);
  if (added === 0) return { message: addedMessage(0), added, frases: stored, rev: row.rev };
  await refuseBotOverLimits(trx, row.idBot, config, { id, frases: list.length });
  const result = await trx
    .updateTable('skill')
    .set({ frases: JSON.stringify(list), rev: sql`rev + 1` })
    .where('id', '=', id)
    .where('rev', '=', row.rev)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return undefined;
  const bot = await trx.selectFrom('bot').select(['nm', 'idE']).where('id', '=', row.idBot).executeTakeFirstOrThrow();
  await recordSkillEvent(trx, user, bot, row.nm, `agregó ${added} ${added === 1 ? 'frase' : 'frases'} de entrenamiento`, config.now());
  return { message: addedMessage(added), added, frases: list, rev: row.rev + 1 };
}

// ---------------------------------------------------------------------------------------------
// Deleting from the diagram

/** Skill ids per DELETE: well within what one statement may bind on either database. */
const DELETE_SLICE = 500;

/** Deletes skills of a bot by id; their actions and requirements cascade. Inside the caller's transaction. */
export async function deleteSkillRows(trx: DB, idBot: string, ids: readonly string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += DELETE_SLICE) {
    await trx.deleteFrom('skill').where('idBot', '=', idBot).where('id', 'in', ids.slice(i, i + DELETE_SLICE)).execute();
  }
}

/** Deletes skills (their actions and requirements cascade), their nodes, the links touching them and the links listed. */
export async function deleteSkills({ db, config }: BotServices, user: SessionUser, body: Static<typeof SkillDeleteBody>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const bot = await findBotFor(trx, user, body.idBot, 'edit');
    const ids = [...new Set(body.skills)];
    const found = ids.length ? await trx.selectFrom('skill').select(['id', 'nm']).where('idBot', '=', bot.id).where('id', 'in', ids).execute() : [];
    const missing = ids.find((id) => !found.some((s) => s.id === id));
    if (missing) throw notFound(`${BOT_MESSAGES.skillNotFound}: ${missing}`);
    if (ids.length === 0 && !body.links?.length) throw badRequest('Seleccione skills o enlaces para eliminar');
    if (ids.length) await deleteSkillRows(trx, bot.id, ids);
    const diagram = withoutSkills(parseDiagram(bot.diagram), ids, body.links);
    await trx.updateTable('bot').set({ diagram: JSON.stringify(diagram) }).where('id', '=', bot.id).execute();
    const names = found.map((s) => `«${s.nm}»`).join(', ');
    await recordBotEvent(trx, user, bot, `${names ? `eliminó los skills ${names}; ` : ''}cambió diagrama`, config.now());
  });
}
