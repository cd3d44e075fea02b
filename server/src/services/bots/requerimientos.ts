// A skill's requirements (tp 0) and memory (tp 1): the
// list, save and delete. Each field must name one of the bot's entities or an internal one, with a
// path that entity has. Only isBotEdit changes them; every change writes ev 1 in its transaction.
import { randomBytes } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { DB } from '../../db';
import type { RequerimientoTable } from '../../db/schema';
import { ApiError, badRequest, conflict, invalidField, notFound } from '../../errors';
import { ENTITY_PATHS, INTERNAL_ENTITIES } from '../../../../common/schemas/rules';
import { Field, type Requerimiento, type RequerimientoBody } from '../../../../common/schemas/skills';
import { SKILL_MESSAGES, validateRequerimiento, type EntityCatalogue } from '../../../../common/schemas/skillRules';
import type { SessionUser } from '../../types';
import { findBotFor, type BotNeed, type BotRecord, type BotServices } from './bots';
import { conditionPatternProblems } from './entidades';
import { findSkillFor, recordSkillEvent, refuseFirst, skillOfBot } from './skills';
import { changedNames, fitting, parseList } from '../../db/storedJson';

export type RequerimientoRecord = Selectable<RequerimientoTable>;

export const REQUERIMIENTO_TEXTS = {
  missingRev: 'rev: falta la revisión del requerimiento que se leyó',
  tpFixed: 'Un requerimiento no puede pasar a memoria ni una memoria a requerimiento',
} as const;

/** The fields an audit line names, in this order. */
const AUDITED = ['op', 'fields', 'replyMissing'] as const;
const PATH_NAMES = ENTITY_PATHS.map((p) => p.nm);

let lastIdTime = 0;
/**
 * A UUID version 7: its first 48 bits are the time (strictly increasing within the process), so
 * ordering by id lists a skill's requirements in the order they were created.
 */
export function timeOrderedId(now: number): string {
  lastIdTime = Math.max(now, lastIdTime + 1);
  const hex = lastIdTime.toString(16).padStart(12, '0') + randomBytes(10).toString('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A stored field as the wire has it: what does not fit is dropped, the required parts blank. */
function toField(stored: unknown): Field | undefined {
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return undefined;
  return { id: '', type: 0, op: '', ...fitting(Field.properties, stored as Record<string, unknown>) } as Field;
}

/** GET /requerimientos: fields and replyMissing parsed, rev. */
export function toRequerimiento(row: RequerimientoRecord): Requerimiento {
  return {
    id: row.id,
    idBot: row.idBot,
    idSkill: row.idSkill,
    op: row.op === 'OR' ? 'OR' : 'AND',
    tp: Number(row.tp) === 1 ? 1 : 0,
    fields: parseList(row.fields).map(toField).filter((f): f is Field => !!f),
    replyMissing: parseList(row.replyMissing).filter((m): m is string => typeof m === 'string'),
    rev: Number(row.rev),
  };
}

/** What a field may name: the bot's own entities (their paths, or text and length) and the internal ones. */
export async function entityCatalogue(db: DB, idBot: string): Promise<EntityCatalogue> {
  const rows = await db.selectFrom('entidad').select(['id', 'paths']).where('idBot', '=', idBot).execute();
  const names = (paths: string) => {
    const nms = parseList(paths).map((p) => (p && typeof p === 'object' ? (p as { nm?: unknown }).nm : undefined)).filter((nm): nm is string => typeof nm === 'string');
    return nms.length ? nms : PATH_NAMES;
  };
  return {
    custom: new Map(rows.map((r) => [r.id, names(r.paths)])),
    internal: new Map(INTERNAL_ENTITIES.map((e) => [e.id, PATH_NAMES])),
  };
}

/** A requirement within the user's reach: 403 for the role (checked first), 404 when missing or another company's. */
async function findRequerimientoFor(db: DB, user: SessionUser, id: string, need: BotNeed): Promise<{ row: RequerimientoRecord; bot: BotRecord }> {
  const row = await db.selectFrom('requerimiento').selectAll().where('id', '=', id).executeTakeFirst();
  const bot = await findBotFor(db, user, row?.idBot ?? '', need, SKILL_MESSAGES.requerimientoNoEncontrado);
  if (!row) throw notFound(SKILL_MESSAGES.requerimientoNoEncontrado);
  return { row, bot };
}

export async function listRequerimientos(db: DB, user: SessionUser, idSkill: string, tp: number): Promise<Requerimiento[]> {
  await findSkillFor(db, user, idSkill, 'read');
  const rows = await db.selectFrom('requerimiento').selectAll().where('idSkill', '=', idSkill).where('tp', '=', tp).orderBy('id').execute();
  return rows.map(toRequerimiento);
}

/** 'un requerimiento' or 'un requerimiento de memoria', for the audit line. */
const kind = (tp: number, article: 'un' | 'el') => `${article} requerimiento${tp === 1 ? ' de memoria' : ''}`;

/** POST /requerimiento: creates (no id) or updates (id and the rev read). isBotEdit only. */
export function saveRequerimiento(services: BotServices, user: SessionUser, body: RequerimientoBody): Promise<Requerimiento> {
  return services.db.transaction().execute(async (trx) => {
    const existing = body.id ? await findRequerimientoFor(trx, user, body.id, 'edit') : undefined;
    const bot = existing?.bot ?? (await findBotFor(trx, user, body.idBot, 'edit'));
    const skill = await skillOfBot(trx, bot.id, body.idSkill);
    if (!skill || (existing && (existing.row.idBot !== body.idBot || existing.row.idSkill !== body.idSkill))) {
      throw new ApiError(400, SKILL_MESSAGES.otroSkill, undefined, 'idSkill');
    }
    const before = existing && toRequerimiento(existing.row);
    if (before) {
      if (body.rev === undefined) throw badRequest(REQUERIMIENTO_TEXTS.missingRev);
      if (body.rev !== before.rev) throw conflict(SKILL_MESSAGES.stale);
      if (body.tp !== before.tp) throw invalidField({ field: 'tp', message: REQUERIMIENTO_TEXTS.tpFixed });
    }
    const next = { op: body.op ?? before?.op ?? 'AND', tp: body.tp, fields: body.fields, replyMissing: body.replyMissing ?? before?.replyMissing ?? [] };
    refuseFirst(validateRequerimiento(next, await entityCatalogue(trx, bot.id)));
    refuseFirst(conditionPatternProblems(next.fields, 'fields', 'Campo'));
    const columns = { op: next.op, fields: JSON.stringify(next.fields), replyMissing: JSON.stringify(next.replyMissing) };
    const at = services.config.now();
    let id: string;
    if (!before) {
      id = timeOrderedId(at);
      await trx.insertInto('requerimiento').values({ id, idBot: bot.id, idSkill: skill.id, tp: next.tp, rev: 0, ...columns }).execute();
      await recordSkillEvent(trx, user, bot, skill.nm, `agregó ${kind(next.tp, 'un')}`, at);
    } else {
      id = before.id;
      const result = await trx
        .updateTable('requerimiento')
        .set({ ...columns, rev: sql`rev + 1` })
        .where('id', '=', id)
        .where('rev', '=', before.rev)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw conflict(SKILL_MESSAGES.stale);
      const changed = changedNames(before, next, AUDITED);
      await recordSkillEvent(trx, user, bot, skill.nm, changed.length ? `cambió ${kind(next.tp, 'el')} (${changed.join(', ')})` : `guardó ${kind(next.tp, 'el')} sin cambios`, at);
    }
    return toRequerimiento(await trx.selectFrom('requerimiento').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
  });
}

/** DELETE /requerimiento. isBotEdit only. */
export async function deleteRequerimiento({ db, config }: BotServices, user: SessionUser, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { row, bot } = await findRequerimientoFor(trx, user, id, 'edit');
    await trx.deleteFrom('requerimiento').where('id', '=', id).execute();
    const skill = await trx.selectFrom('skill').select('nm').where('id', '=', row.idSkill).executeTakeFirstOrThrow();
    await recordSkillEvent(trx, user, bot, skill.nm, `eliminó ${kind(Number(row.tp), 'el')}`, config.now());
  });
}
