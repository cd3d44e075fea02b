// Skills as the bot editor's diagram handles them: the list, one skill, adding one from the
// diagram (with its node) and deleting several (with their nodes and links). The full skill
// editor's save belongs to the skill issue.
import type { Selectable } from 'kysely';
import type { Static } from 'typebox';
import type { DB } from '../db';
import type { SkillTable } from '../db/schema';
import { badRequest, notFound } from '../errors';
import { BOT_MESSAGES, type SkillCreateBody, type SkillDeleteBody, type SkillSummary } from '../schemas/bots';
import type { SessionUser } from '../types';
import { parseDiagram, withNodeAtRight, withoutSkills } from './botDiagram';
import { findBotFor, recordBotEvent, type BotNeed, type BotServices } from './bots';

export type SkillRecord = Selectable<SkillTable>;
/** GET /skill: the row with its JSON parsed and the cfg fields spread beside the columns. */
export type SkillView = Record<string, unknown> & { id: string; idBot: string; nm: string; dsc: string | null; tipo: number; frases: string[]; fc: string };

export function toSkillSummary(row: Pick<SkillRecord, 'id' | 'idBot' | 'nm' | 'dsc' | 'tipo' | 'frases'>): SkillSummary {
  return { id: row.id, idBot: row.idBot, nm: row.nm, dsc: row.dsc, tipo: row.tipo, nFrases: (JSON.parse(row.frases) as unknown[]).length };
}

export function toSkillView(row: SkillRecord): SkillView {
  const cfg = JSON.parse(row.cfg) as Record<string, unknown>;
  return { ...cfg, id: row.id, idBot: row.idBot, nm: row.nm, dsc: row.dsc, tipo: row.tipo, frases: JSON.parse(row.frases) as string[], fc: row.fc };
}

/** A skill within the user's reach: 404 'Skill no encontrado' when missing or of another company's bot. */
export async function findSkillFor(db: DB, user: SessionUser, id: string, need: BotNeed): Promise<SkillRecord> {
  const row = await db.selectFrom('skill').selectAll().where('id', '=', id).executeTakeFirst();
  // The role is checked first, so a role without bots gets 403 whether the skill exists or not.
  await findBotFor(db, user, row?.idBot ?? '', need, BOT_MESSAGES.skillNotFound);
  if (!row) throw notFound(BOT_MESSAGES.skillNotFound);
  return row;
}

export async function listSkills(db: DB, user: SessionUser, idBot: string): Promise<SkillSummary[]> {
  await findBotFor(db, user, idBot, 'read');
  const rows = await db.selectFrom('skill').select(['id', 'idBot', 'nm', 'dsc', 'tipo', 'frases']).where('idBot', '=', idBot).orderBy('fc').orderBy('id').execute();
  return rows.map(toSkillSummary);
}

/** 'Agregar Skill': the skill and its node (right of the rightmost) in one transaction, with the audit row. */
export async function createSkill({ db, config }: BotServices, user: SessionUser, body: Static<typeof SkillCreateBody>): Promise<SkillSummary> {
  return db.transaction().execute(async (trx) => {
    const bot = await findBotFor(trx, user, body.idBot, 'edit');
    const at = config.now();
    const row = { id: crypto.randomUUID(), idBot: bot.id, nm: body.nm.trim(), dsc: body.dsc?.trim() || null, tipo: body.tipo ?? 0, frases: '[]', cfg: '{}', fc: new Date(at).toISOString() };
    await trx.insertInto('skill').values(row).execute();
    // The editor adds the node on its side too; rev stays, so its next save is not refused.
    const diagram = withNodeAtRight(parseDiagram(bot.diagram), row.id);
    await trx.updateTable('bot').set({ diagram: JSON.stringify(diagram) }).where('id', '=', bot.id).execute();
    await recordBotEvent(trx, user, bot, `agregó el skill «${row.nm}»; cambió diagrama`, at);
    return toSkillSummary(row);
  });
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
    if (ids.length) await trx.deleteFrom('skill').where('idBot', '=', bot.id).where('id', 'in', ids).execute();
    const diagram = withoutSkills(parseDiagram(bot.diagram), ids, body.links);
    await trx.updateTable('bot').set({ diagram: JSON.stringify(diagram) }).where('id', '=', bot.id).execute();
    const names = found.map((s) => `«${s.nm}»`).join(', ');
    await recordBotEvent(trx, user, bot, `${names ? `eliminó los skills ${names}; ` : ''}cambió diagrama`, config.now());
  });
}
