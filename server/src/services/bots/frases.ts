// Unrecognised phrases of a bot (the Monitoreo tab): the paged list, assigning some to
// a skill as training phrases, and deleting them. Open to ROLE_USER too; each change writes ev 1.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Static } from 'typebox';
import type { DB } from '../../db';
import { badRequest, notFound } from '../../errors';
import { BOT_MESSAGES, type FrasesBody, type FrasesDeleteBody, type FrasesIntentBody } from '../../../../common/schemas/bots';
import type { Page } from '../../../../common/schemas/paging';
import type { SessionUser } from '../../types';
import { findBotFor, recordBotEvent, type BotServices } from './bots';
import { refuseBotOverLimits } from './limits';

export const FRASES_PAGE_SIZE = 20;

/** The key of an unrecognised phrase's text in its bot (frase_nr.fh, unique per bot): its SHA-256, hex. */
export function phraseHash(f: string): string {
  return createHash('sha256').update(f, 'utf8').digest('hex');
}

type FraseNr = { id: string; f: string; c: number };

/** One page, most repeated first, then alphabetical. */
export async function listFrases(db: DB, user: SessionUser, body: Static<typeof FrasesBody>): Promise<Page<FraseNr>> {
  const bot = await findBotFor(db, user, body.botId, 'read');
  const pageSize = body.pageSize ?? FRASES_PAGE_SIZE;
  const [content, counted] = await Promise.all([
    db.selectFrom('frase_nr').select(['id', 'f', 'c']).where('idBot', '=', bot.id)
      .orderBy('c', 'desc').orderBy('f').orderBy('id')
      .limit(pageSize).offset((body.page ?? 0) * pageSize).execute(),
    db.selectFrom('frase_nr').select(sql<number>`count(*)`.as('n')).where('idBot', '=', bot.id).executeTakeFirst(),
  ]);
  const total = Number(counted?.n ?? 0);
  return { content, totalElements: total, totalPages: Math.ceil(total / pageSize), totalExact: true };
}

function selectedIds(ids: readonly string[]): string[] {
  if (ids.length === 0) throw badRequest(BOT_MESSAGES.selectPhrases);
  return [...new Set(ids)];
}

/** The selected phrases become training phrases of the skill (trimmed, no repeats) and leave the list. */
export async function assignFrases({ db, config }: BotServices, user: SessionUser, body: Static<typeof FrasesIntentBody>): Promise<void> {
  const ids = selectedIds(body.ids);
  if (!body.skillId) throw badRequest(BOT_MESSAGES.selectSkill);
  const skillId = body.skillId;
  await db.transaction().execute(async (trx) => {
    const bot = await findBotFor(trx, user, body.botId, 'read');
    const skill = await trx.selectFrom('skill').select(['id', 'nm', 'frases']).where('id', '=', skillId).where('idBot', '=', bot.id).executeTakeFirst();
    if (!skill) throw notFound(BOT_MESSAGES.skillNotFound);
    const rows = await trx.selectFrom('frase_nr').select(['id', 'f']).where('idBot', '=', bot.id).where('id', 'in', ids).execute();
    if (rows.length === 0) throw badRequest(BOT_MESSAGES.selectPhrases);

    const frases = JSON.parse(skill.frases) as string[];
    const stored = frases.length;
    const known = new Set(frases.map((f) => f.trim().toLocaleLowerCase('es')));
    for (const { f } of rows) {
      const text = f.trim();
      const folded = text.toLocaleLowerCase('es');
      if (text && !known.has(folded)) {
        known.add(folded);
        frases.push(text);
      }
    }
    if (frases.length > stored) await refuseBotOverLimits(trx, bot.id, config, { id: skill.id, frases: frases.length });
    await trx.updateTable('skill').set({ frases: JSON.stringify(frases) }).where('id', '=', skill.id).execute();
    await trx.deleteFrom('frase_nr').where('idBot', '=', bot.id).where('id', 'in', rows.map((r) => r.id)).execute();
    await recordBotEvent(trx, user, bot, `asignó ${rows.length} ${rows.length === 1 ? 'frase no reconocida' : 'frases no reconocidas'} al skill «${skill.nm}»`, config.now());
  });
}

export async function deleteFrases({ db, config }: BotServices, user: SessionUser, body: Static<typeof FrasesDeleteBody>): Promise<void> {
  const ids = selectedIds(body.ids);
  await db.transaction().execute(async (trx) => {
    const bot = await findBotFor(trx, user, body.botId, 'read');
    const result = await trx.deleteFrom('frase_nr').where('idBot', '=', bot.id).where('id', 'in', ids).executeTakeFirst();
    const n = Number(result.numDeletedRows);
    if (n > 0) await recordBotEvent(trx, user, bot, `eliminó ${n} ${n === 1 ? 'frase no reconocida' : 'frases no reconocidas'}`, config.now());
  });
}
