// A skill's actions: the list in order, save (a new one goes last), delete and reorder. Only
// isBotEdit changes actions; every change writes ev 1 in its transaction, and a save on a stale rev
// is refused (409). What a kind checks is its module's (common/actions, engine/actions).
import { sql, type Selectable } from 'kysely';
import type { DB } from '../../db';
import type { AccionTable } from '../../db/schema';
import { ApiError, badRequest, conflict, invalidField, notFound } from '../../errors';
import { BOT_MESSAGES } from '../../../../common/schemas/bots';
import type { AccionOrderBody } from '../../../../common/schemas/skills';
import { DEFAULT_RED, moveItem, SKILL_MESSAGES, type ActionType } from '../../../../common/schemas/skillRules';
import { Accion, ACCION_RULES, AccionBody, accionInput, ACTION_LABELS, firstActionProblem, fittingFields, linkOf, orderProblem, validateAccion } from '../../../../common/actions';
import { refuseAccion } from '../../engine/actions';
import type { SessionUser } from '../../types';
import { findBotFor, type BotNeed, type BotRecord, type BotServices } from './bots';
import { conditionPatternProblems } from './entidades';
import { findSkillFor, recordSkillEvent, refuseFirst, skillOfBot, touchQna } from './skills';
import { changedNames, fitting, parseObject } from '../../db/storedJson';

export type AccionRecord = Selectable<AccionTable>;

/** The fields kept in cfg: every action field but its identity, type, order and rev, in the order an audit line names them. */
const CFG_FIELDS = Object.keys(AccionBody.properties).filter((k) => !['id', 'idBot', 'idSkill', 'type', 'order', 'rev'].includes(k));

export const ACCION_TEXTS = {
  missingRev: 'rev: falta la revisión de la acción que se leyó',
  typeFixed: 'El tipo de una acción no se puede cambiar',
  outOfList: 'La posición no está en la lista de acciones',
} as const;

/** GET /acciones: the columns, the cfg fields (those that fit their schema) and rev. */
export function toAccion(row: AccionRecord): Accion {
  const cfg = fitting(Accion.properties, parseObject(row.cfg), CFG_FIELDS);
  return { ...fittingFields(cfg), id: row.id, idBot: row.idBot, idSkill: row.idSkill, type: row.type as ActionType, order: Number(row.ord), rev: Number(row.rev) };
}

/** An action within the user's reach: 403 for the role (checked first), 404 'Acción no encontrada' when missing or another company's. */
async function findAccionFor(db: DB, user: SessionUser, id: string, need: BotNeed): Promise<{ row: AccionRecord; bot: BotRecord }> {
  const row = await db.selectFrom('accion').selectAll().where('id', '=', id).executeTakeFirst();
  const bot = await findBotFor(db, user, row?.idBot ?? '', need, SKILL_MESSAGES.accionNoEncontrada);
  if (!row) throw notFound(SKILL_MESSAGES.accionNoEncontrada);
  return { row, bot };
}

/** A skill's actions in their order. */
function actionsOf(db: DB, idSkill: string): Promise<AccionRecord[]> {
  return db.selectFrom('accion').selectAll().where('idSkill', '=', idSkill).orderBy('ord').orderBy('id').execute();
}

/** Stores positions 0..n-1 in the order given (only the rows whose position moved). */
async function renumber(trx: DB, rows: readonly AccionRecord[]): Promise<AccionRecord[]> {
  const out: AccionRecord[] = [];
  for (const [i, row] of rows.entries()) {
    if (Number(row.ord) !== i) await trx.updateTable('accion').set({ ord: i }).where('id', '=', row.id).execute();
    out.push({ ...row, ord: i });
  }
  return out;
}

export async function listAcciones(db: DB, user: SessionUser, skillId: string): Promise<Accion[]> {
  await findSkillFor(db, user, skillId, 'read');
  return (await actionsOf(db, skillId)).map(toAccion);
}

/**
 * The rules of the action's own fields, the conditions' expressions the linear-time engine must be
 * able to run, what the kind refuses on the server (a literal internal address), then what only the
 * database knows: the skill or bot the action names.
 */
async function checkAccion(trx: DB, bot: BotRecord, idSkill: string, type: ActionType, cfg: Readonly<Record<string, unknown>>, allow: readonly string[]): Promise<void> {
  const accion = accionInput(type, cfg);
  refuseFirst(validateAccion(accion, { idBot: bot.id, idSkill }));
  // Any action may carry conditions; their expressions must run on the linear-time engine.
  refuseFirst(conditionPatternProblems(accion.cond, 'cond', 'Condición'));
  const refused = refuseAccion(accion, allow);
  if (refused) throw invalidField(refused);
  // A skill named is one of this bot; a bot named (a jump's, or the one that takes a conversation back) one of the company.
  const link = linkOf(type, cfg);
  if (!link || !(link.required || link.id)) return;
  const target =
    link.field === 'sk'
      ? await skillOfBot(trx, bot.id, link.id)
      : await trx.selectFrom('bot').select('id').where('id', '=', link.id).where('idE', '=', bot.idE).executeTakeFirst();
  if (!target) throw invalidField({ field: link.field, message: link.missing });
}

/** The fields of `body` that go to cfg (those given). */
function givenFields(body: AccionBody): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const given: Readonly<Record<string, unknown>> = body;
  for (const k of CFG_FIELDS) if (given[k] !== undefined) out[k] = given[k];
  return out;
}

/** POST /accion: creates (no id; appended last) or updates (id and the rev read). isBotEdit only. */
export function saveAccion(services: BotServices, user: SessionUser, body: AccionBody): Promise<Accion> {
  return services.db.transaction().execute(async (trx) => {
    const existing = body.id ? await findAccionFor(trx, user, body.id, 'edit') : undefined;
    const bot = existing?.bot ?? (await findBotFor(trx, user, body.idBot, 'edit'));
    const skill = await skillOfBot(trx, bot.id, body.idSkill);
    if (!skill || (existing && (existing.row.idBot !== body.idBot || existing.row.idSkill !== body.idSkill))) {
      throw new ApiError(400, SKILL_MESSAGES.otroSkill, undefined, 'idSkill');
    }
    const write: AccionWrite = { trx, user, bot, skill, body, at: services.config.now(), allow: services.config.outboundAllow };
    const id = existing ? await updateAccion(write, existing.row) : await createAccion(write);
    return toAccion(await trx.selectFrom('accion').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
  });
}

interface AccionWrite {
  trx: DB;
  user: SessionUser;
  bot: BotRecord;
  skill: { id: string; nm: string };
  body: AccionBody;
  at: number;
  /** OUTBOUND_ALLOW. */
  allow: readonly string[];
}

/** A new action, last in its skill, with the default channels (and a webhook's method and headers) where none are given. */
async function createAccion({ trx, user, bot, skill, body, at, allow }: AccionWrite): Promise<string> {
  const rows = await actionsOf(trx, skill.id);
  const first = firstActionProblem(rows.map((r) => r.type as ActionType), body.type);
  if (first) throw invalidField({ field: 'type', message: first });
  const defaults = { red: [...DEFAULT_RED], ...ACCION_RULES[body.type].defaults?.() };
  const cfg = { ...defaults, ...givenFields(body) };
  await checkAccion(trx, bot, skill.id, body.type, cfg, allow);
  const id = crypto.randomUUID();
  const ord = rows.reduce((max, r) => Math.max(max, Number(r.ord)), -1) + 1;
  await trx.insertInto('accion').values({ id, idBot: bot.id, idSkill: skill.id, type: body.type, ord, cfg: JSON.stringify(cfg), rev: 0 }).execute();
  await recordSkillEvent(trx, user, bot, skill.nm, `agregó la acción ${ACTION_LABELS[body.type]}`, at);
  await touchQna(trx, skill.id, at);
  return id;
}

/** The stored action with the fields given (the others kept), on the rev read; its type stays. */
async function updateAccion({ trx, user, bot, skill, body, at, allow }: AccionWrite, row: AccionRecord): Promise<string> {
  if (body.rev === undefined) throw badRequest(ACCION_TEXTS.missingRev);
  if (body.rev !== Number(row.rev)) throw conflict(SKILL_MESSAGES.stale);
  if (body.type !== row.type) throw invalidField({ field: 'type', message: ACCION_TEXTS.typeFixed });
  const { id: _id, idBot: _b, idSkill: _s, type: _t, order: _o, rev: _r, ...before } = toAccion(row);
  const cfg = { ...before, ...givenFields(body) };
  await checkAccion(trx, bot, skill.id, body.type, cfg, allow);
  const result = await trx
    .updateTable('accion')
    .set({ cfg: JSON.stringify(cfg), rev: sql`rev + 1` })
    .where('id', '=', row.id)
    .where('rev', '=', body.rev)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw conflict(SKILL_MESSAGES.stale);
  const changed = changedNames(before, cfg, CFG_FIELDS);
  const label = ACTION_LABELS[body.type];
  await recordSkillEvent(trx, user, bot, skill.nm, changed.length ? `cambió la acción ${label} (${changed.join(', ')})` : `guardó la acción ${label} sin cambios`, at);
  if (changed.length) await touchQna(trx, skill.id, at);
  return row.id;
}

/** DELETE /accion: the action goes and the others close ranks (0..n-1). isBotEdit only. */
export async function deleteAccion({ db, config }: BotServices, user: SessionUser, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { row, bot } = await findAccionFor(trx, user, id, 'edit');
    await trx.deleteFrom('accion').where('id', '=', id).execute();
    await renumber(trx, await actionsOf(trx, row.idSkill));
    const skill = await trx.selectFrom('skill').select('nm').where('id', '=', row.idSkill).executeTakeFirstOrThrow();
    await recordSkillEvent(trx, user, bot, skill.nm, `eliminó la acción ${ACTION_LABELS[row.type as ActionType] ?? row.type}`, config.now());
    await touchQna(trx, row.idSkill, config.now());
  });
}

/**
 * POST /accion.order: moves the action at `source` to `destination` and stores 0..n-1. Refused
 * when someone else changed the list (the action at `source` is not `id`: 409), when a position is
 * outside the list, and when the new order puts a jump first ahead of other kinds.
 */
export function orderAcciones({ db, config }: BotServices, user: SessionUser, body: AccionOrderBody): Promise<Accion[]> {
  return db.transaction().execute(async (trx) => {
    const bot = await findBotFor(trx, user, body.idBot, 'edit');
    const skill = await skillOfBot(trx, bot.id, body.skillId);
    if (!skill) throw notFound(BOT_MESSAGES.skillNotFound);
    const rows = await actionsOf(trx, skill.id);
    if (body.id !== undefined && rows[body.source]?.id !== body.id) throw conflict(SKILL_MESSAGES.ordenCambiado);
    for (const field of ['source', 'destination'] as const) {
      if (body[field] >= rows.length) throw new ApiError(400, ACCION_TEXTS.outOfList, undefined, field);
    }
    const moved = moveItem(rows, body.source, body.destination);
    const problem = orderProblem(moved.map((r) => r.type as ActionType));
    if (problem) throw new ApiError(400, problem, undefined, 'destination');
    const stored = await renumber(trx, moved);
    if (body.source !== body.destination) {
      await recordSkillEvent(trx, user, bot, skill.nm, 'ordenó las acciones', config.now());
      await touchQna(trx, skill.id, config.now());
    }
    return stored.map(toAccion);
  });
}
