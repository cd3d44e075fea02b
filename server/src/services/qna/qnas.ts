// A bot's QnAs (skills of tipo 2) as the QnA tab lists and deletes them: the paged table filtered
// by tags and name, deleting one or all those of some tags, and the bot's KB-mode skills that the
// Monitoreo panel filters by. Saving a QnA is POST /skill (services/bots/skills.ts).
import { PostgresAdapter, sql, type Expression, type SqlBool } from 'kysely';
import type { DB } from '../../db';
import { invalidField, notFound } from '../../errors';
import { checkFilters, checkSorts, planWindow } from '../../db/paging';
import { parseList, parseObject } from '../../db/storedJson';
import { GLOBAL_TAG, GLOBAL_TAG_NAME, QNA_MESSAGES, QNA_TIPO, type KbSkill, type QnaRow, type QnaSearchBody } from '../../../../common/schemas/qna';
import type { Page } from '../../../../common/schemas/paging';
import type { SessionUser } from '../../types';
import { findBotFor, recordBotEvent, type BotServices } from '../bots/bots';
import { deleteSkillRows } from '../bots/skills';

/** The QnA table's rows per page when the console names none. */
export const QNA_PAGE_SIZE = 5;
export const QNA_SORTS = ['nm', 'fa'] as const;
export const QNA_FILTERS = ['nm'] as const;

const isPostgres = (db: DB) => db.getExecutor().adapter instanceof PostgresAdapter;

/** `text` matched literally by a LIKE whose escape character is the backslash. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * True for a QnA carrying any of `tags` in cfg.tagsKb (one without tagsKb carries the global tag).
 * Read with each database's JSON functions, so a code inside another option never matches.
 */
export function carriesAnyTag(db: DB, tags: readonly string[]): Expression<SqlBool> {
  const list = [...new Set(tags)];
  const global = list.includes(GLOBAL_TAG);
  // A cheap text test first: only the rows whose cfg holds one of the codes as a JSON string are parsed.
  const named = sql<SqlBool>`(${sql.join(list.map((sg) => sql`skill.cfg like ${`%${likeEscaped(JSON.stringify(sg))}%`} escape '\\'`), sql` or `)})`;
  if (isPostgres(db)) {
    const any = sql<SqlBool>`(${named} and (cast(skill.cfg as jsonb) -> 'tagsKb') ?| cast(${list} as text[]))`;
    return global ? sql<SqlBool>`(${any} or not (cast(skill.cfg as jsonb) ? 'tagsKb'))` : any;
  }
  const any = sql<SqlBool>`(${named} and exists (select 1 from json_each(skill.cfg, '$.tagsKb') as t where t.value in (${sql.join(list)})))`;
  return global ? sql<SqlBool>`(${any} or json_type(skill.cfg, '$.tagsKb') is null)` : any;
}

// Accented letters and their plain small ones, so a name filter ignores case and accents on both databases.
const ACCENTED = 'ÁÉÍÓÚÜÑÀÈÌÒÙÂÊÎÔÛÄËÏÖÇÃÕáéíóúüñàèìòùâêîôûäëïöçãõ';
const PLAIN = [...ACCENTED].map((c) => c.normalize('NFD')[0].toLowerCase()).join('');
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The name contains `text`, whatever the case and accents of either; % and _ typed match themselves. */
function nameContains(text: string): Expression<SqlBool> {
  const pattern = `%${likeEscaped(folded(text))}%`;
  return sql<SqlBool>`lower(translate(skill.nm, ${ACCENTED}, ${PLAIN})) like ${pattern} escape '\\'`;
}

/** The tags a QnA carries as stored (the global one when none are). */
function tagsOf(cfg: string): string[] {
  const tags = parseObject(cfg).tagsKb;
  return Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string') : [GLOBAL_TAG];
}

/** POST /skill/qna-search: a page of the bot's QnAs carrying any of `tags` (all when none), newest change first. */
export async function searchQnas(db: DB, user: SessionUser, body: QnaSearchBody): Promise<Page<QnaRow>> {
  const bot = await findBotFor(db, user, body.idBot, 'read');
  const sorts = checkSorts(body.sorted, QNA_SORTS);
  const filters = checkFilters(body.filtered, QNA_FILTERS);
  const { pageSize, offset } = planWindow(body, QNA_PAGE_SIZE);
  const conditions: Expression<SqlBool>[] = [sql<SqlBool>`skill."idBot" = ${bot.id}`, sql<SqlBool>`skill.tipo = ${QNA_TIPO}`];
  if (body.tags?.length) conditions.push(carriesAnyTag(db, body.tags));
  for (const f of filters) conditions.push(nameContains(f.value));
  const where = sql<SqlBool>`${sql.join(conditions, sql` and `)}`;

  const terms = sorts.length ? sorts : [{ id: 'fa' as const, desc: true }];
  const last = terms[terms.length - 1].desc ? 'desc' : 'asc';
  let rows = db
    .selectFrom('skill')
    .select(['id', 'nm', 'fa', 'fc', 'origen', 'cfg', 'frases', sql<number>`count(*) over ()`.as('total')])
    .where(where);
  for (const t of terms) rows = rows.orderBy(t.id === 'fa' ? sql`coalesce(skill.fa, skill.fc)` : sql.ref('skill.nm'), t.desc ? 'desc' : 'asc');
  rows = rows.orderBy('skill.fc', last).orderBy('skill.id', last);
  const found = await rows.limit(pageSize).offset(offset).execute();
  // A page past the end carries no total: count on its own.
  const total = found.length
    ? Number(found[0].total)
    : Number((await db.selectFrom('skill').select(sql<number>`count(*)`.as('n')).where(where).executeTakeFirst())?.n ?? 0);
  return {
    content: found.map((r) => ({ id: r.id, nm: r.nm, fa: r.fa ?? r.fc, origen: Number(r.origen), tagsKb: tagsOf(r.cfg), nFrases: parseList(r.frases).length })),
    totalElements: total,
    totalPages: Math.ceil(total / pageSize),
    totalExact: true,
  };
}

/** DELETE /skill/qna: one QnA of the bot, with its actions and requirements. */
export async function deleteQna({ db, config }: BotServices, user: SessionUser, idBot: string, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const bot = await findBotFor(trx, user, idBot, 'edit', QNA_MESSAGES.qnaNoEncontrada);
    const qna = await trx.selectFrom('skill').select(['id', 'nm']).where('id', '=', id).where('idBot', '=', bot.id).where('tipo', '=', QNA_TIPO).executeTakeFirst();
    if (!qna) throw notFound(QNA_MESSAGES.qnaNoEncontrada);
    await deleteSkillRows(trx, bot.id, [qna.id]);
    await recordBotEvent(trx, user, bot, `eliminó la QnA «${qna.nm}»`, config.now());
  });
}

/** POST /skill/qna-delete: every QnA of the bot carrying any of the tags; answers how many went. */
export async function deleteQnasByTags({ db, config }: BotServices, user: SessionUser, idBot: string, tags: readonly string[]): Promise<{ msg: string; n: number }> {
  return db.transaction().execute(async (trx) => {
    const bot = await findBotFor(trx, user, idBot, 'edit');
    if (tags.length === 0) throw invalidField({ field: 'tags', message: QNA_MESSAGES.seleccioneTag });
    const ids = (await trx.selectFrom('skill').select('id').where('idBot', '=', bot.id).where('tipo', '=', QNA_TIPO).where(carriesAnyTag(trx, tags)).execute()).map((r) => r.id);
    if (ids.length) {
      await deleteSkillRows(trx, bot.id, ids);
      const stored = new Map((await trx.selectFrom('tag_kb').select(['sg', 'nm']).where('idBot', '=', bot.id).execute()).map((t) => [t.sg, t.nm]));
      const names = [...new Set(tags)].map((sg) => `«${sg === GLOBAL_TAG ? GLOBAL_TAG_NAME : (stored.get(sg) ?? sg)}»`).join(', ');
      await recordBotEvent(trx, user, bot, `eliminó ${ids.length} QnA de los tags ${names}`, config.now());
    }
    return { msg: QNA_MESSAGES.eliminadas(ids.length), n: ids.length };
  });
}

/** GET /skills/kb: the bot's skills in KB mode, by name. */
export async function listKbSkills(db: DB, user: SessionUser, idBot: string): Promise<KbSkill[]> {
  const bot = await findBotFor(db, user, idBot, 'read');
  const rows = await db.selectFrom('skill').select(['id', 'nm', 'cfg']).where('idBot', '=', bot.id).where('tipo', '<>', QNA_TIPO).orderBy('nm').orderBy('id').execute();
  return rows.filter((r) => parseObject(r.cfg).modKb === true).map((r) => ({ id: r.id, nm: r.nm }));
}
