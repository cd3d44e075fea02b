// A bot's KB tags: the list (the global tag t0 first), creating one by name (or answering the one
// of that name, whatever its case and accents), the codes of names a copy or an import brings,
// and the refusal of a QnA naming a tag the bot lacks.
import type { DB } from '../../db';
import { invalidField } from '../../errors';
import { GLOBAL_TAG, GLOBAL_TAG_NAME, QNA_MESSAGES, type TagKb } from '../../../../common/schemas/qna';
import type { SessionUser } from '../../types';
import { findBotFor, recordBotEvent, type BotServices } from '../bots/bots';

/** A tag name as compared: no accents, lowercase, single spaces. */
export function tagKey(nm: string): string {
  return nm.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** A tag name as stored: trimmed, single spaces. */
const tagName = (nm: string) => nm.trim().replace(/\s+/g, ' ');

const GLOBAL: TagKb = { sg: GLOBAL_TAG, nm: GLOBAL_TAG_NAME };

/** The bot's tags by name, the global one not included. */
export function storedTags(db: DB, idBot: string): Promise<TagKb[]> {
  return db.selectFrom('tag_kb').select(['sg', 'nm']).where('idBot', '=', idBot).orderBy('nm').orderBy('sg').execute();
}

/** GET /tag-kb: the global tag, then the bot's by name. */
export async function listTags(db: DB, user: SessionUser, idBot: string): Promise<TagKb[]> {
  const bot = await findBotFor(db, user, idBot, 'read');
  return [GLOBAL, ...(await storedTags(db, bot.id))];
}

/** The lowest code t1, t2 … the bot does not use. */
async function nextCode(trx: DB, idBot: string): Promise<string> {
  const used = new Set((await trx.selectFrom('tag_kb').select('sg').where('idBot', '=', idBot).execute()).map((r) => r.sg));
  let n = 1;
  while (used.has(`t${n}`)) n++;
  return `t${n}`;
}

/**
 * The tag named `nm` in the bot, created when missing; `created` tells which. Two requests creating
 * tags at once may pick the same code or name: the loser's insert does nothing and it reads again.
 */
export async function ensureTag(trx: DB, idBot: string, nm: string): Promise<TagKb & { created: boolean }> {
  const name = tagName(nm);
  const key = tagKey(name);
  if (key === tagKey(GLOBAL_TAG_NAME)) return { ...GLOBAL, created: false };
  for (let attempt = 0; ; attempt++) {
    const found = await trx.selectFrom('tag_kb').select(['sg', 'nm']).where('idBot', '=', idBot).where('nmKey', '=', key).executeTakeFirst();
    if (found) return { ...found, created: false };
    const sg = await nextCode(trx, idBot);
    const result = await trx.insertInto('tag_kb').values({ idBot, sg, nm: name, nmKey: key }).onConflict((oc) => oc.doNothing()).executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) return { sg, nm: name, created: true };
    if (attempt === 5) throw new Error(`tag_kb: no se pudo crear el tag ${name}`);
  }
}

/** POST /tag-kb: the tag of that name, created (with its audit row) when the bot lacks it. */
export async function createTag({ db, config }: BotServices, user: SessionUser, idBot: string, nm: string): Promise<TagKb> {
  return db.transaction().execute(async (trx) => {
    const bot = await findBotFor(trx, user, idBot, 'edit');
    if (!tagKey(nm)) throw invalidField({ field: 'nm', message: QNA_MESSAGES.tagVacio });
    const tag = await ensureTag(trx, bot.id, nm);
    if (tag.created) await recordBotEvent(trx, user, bot, `agregó el tag «${tag.nm}» (${tag.sg})`, config.now());
    return { sg: tag.sg, nm: tag.nm };
  });
}

/** 400 naming the first of `tags` the bot does not have (t0 it always has). */
export async function refuseUnknownTags(db: DB, idBot: string, tags: readonly string[]): Promise<void> {
  const wanted = [...new Set(tags)].filter((sg) => sg !== GLOBAL_TAG);
  if (wanted.length === 0) return;
  const found = new Set((await db.selectFrom('tag_kb').select('sg').where('idBot', '=', idBot).where('sg', 'in', wanted).execute()).map((r) => r.sg));
  const missing = wanted.find((sg) => !found.has(sg));
  if (missing) throw invalidField({ field: 'tagsKb', message: QNA_MESSAGES.tagNoExiste(missing) });
}
