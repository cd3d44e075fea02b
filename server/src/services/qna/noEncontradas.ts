// The questions a bot's knowledge base could not answer (Monitoreo, 'Preguntas no encontradas (KB)'):
// the paged table filtered by entry skill and by the company's days they were last asked, deleting
// some, and making some variants of a QnA. Open to ROLE_USER too, as the unrecognised phrases are;
// each change writes ev 1.
import { sql, type Expression, type SqlBool } from 'kysely';
import { addDays, dayStart, isDay } from '../../../../common/dias';
import { BOT_MESSAGES } from '../../../../common/schemas/bots';
import { HISTORY_TEXTS } from '../../../../common/schemas/historial';
import type { Page } from '../../../../common/schemas/paging';
import { QNA_MESSAGES, QNA_NF_FILTERS, QNA_NF_PAGE_SIZE, QNA_NF_SORTS, QNA_NF_TEXTS, QNA_TIPO, type QnaNfAssignBody, type QnaNfRow, type QnaNfSearchBody } from '../../../../common/schemas/qna';
import type { DB } from '../../db';
import { checkFilters, checkSorts, containsText, planWindow, type SortTerm } from '../../db/paging';
import { parseList } from '../../db/storedJson';
import { ApiError, badRequest, notFound } from '../../errors';
import type { SessionUser } from '../../types';
import { findBotFor, recordBotEvent, type BotRecord, type BotServices } from '../bots/bots';
import { refuseBotOverLimits } from '../bots/limits';
import { DELETED_SKILL } from '../dashboard/consultas';
import { companyTimeZone } from '../empresas/empresas';

type NfSort = (typeof QNA_NF_SORTS)[number];

/** What selects and orders a bot's rows: kept as is in an export's informe.datos. */
export interface NfSelection {
  idBot: string;
  idSkill: string | null;
  /** The instants [from, to) of the chosen company days, ISO-8601; null for an open end. */
  from: string | null;
  to: string | null;
  sorts: SortTerm<NfSort>[];
  /** Part of the text, any case. */
  txt: string | null;
}

const fieldError = (field: string, message: string) => new ApiError(400, message, undefined, field);

/** The bot (as reading it needs) and what the table's body selects, its days read in the company's zone. */
export async function nfSelection(ctx: { db: DB; config: { chatTimeZone: string } }, user: SessionUser, idBot: string, body: QnaNfSearchBody): Promise<{ bot: BotRecord; timeZone: string; selection: NfSelection }> {
  const sorts = checkSorts(body.sorted, QNA_NF_SORTS);
  const filters = checkFilters(body.filtered, QNA_NF_FILTERS);
  const from = body.from?.trim() || null;
  const to = body.to?.trim() || null;
  if (from && !isDay(from)) throw fieldError('from', HISTORY_TEXTS.fdDia);
  if (to && !isDay(to)) throw fieldError('to', HISTORY_TEXTS.fhDia);
  if (from && to && to < from) throw fieldError('to', HISTORY_TEXTS.hastaMayor);
  const bot = await findBotFor(ctx.db, user, idBot, 'read');
  const timeZone = await companyTimeZone(ctx, bot.idE);
  const instant = (ms: number) => new Date(ms).toISOString();
  return {
    bot,
    timeZone,
    selection: {
      idBot: bot.id,
      idSkill: body.idSkill?.trim() || null,
      from: from ? instant(dayStart(from, timeZone)) : null,
      to: to ? instant(dayStart(addDays(to, 1), timeZone)) : null,
      sorts,
      txt: filters.find((f) => f.id === 'txt')?.value ?? null,
    },
  };
}

/** The rows of the selection with their entry skill's current name, in its order (most repeated first unless asked otherwise). */
export function nfRows(db: DB, s: NfSelection) {
  const conditions: Expression<SqlBool>[] = [sql<SqlBool>`n."idBot" = ${s.idBot}`];
  if (s.idSkill) conditions.push(sql<SqlBool>`n."idSkill" = ${s.idSkill}`);
  if (s.from) conditions.push(sql<SqlBool>`n.fc >= ${s.from}`);
  if (s.to) conditions.push(sql<SqlBool>`n.fc < ${s.to}`);
  if (s.txt) conditions.push(containsText(sql.ref('n.txt'), s.txt));
  const where = sql<SqlBool>`${sql.join(conditions, sql` and `)}`;
  const terms = s.sorts.length ? s.sorts : [{ id: 'c' as const, desc: true }, { id: 'fc' as const, desc: true }];
  let query = db
    .selectFrom('qna_nf as n')
    .leftJoin('skill as s', (join) => join.onRef('s.id', '=', 'n.idSkill').onRef('s.idBot', '=', 'n.idBot'))
    .select(['n.id', 'n.idSkill', 's.nm as skill', 'n.txt', 'n.c', 'n.fc'])
    .where(where);
  for (const t of terms) query = query.orderBy(`n.${t.id}`, t.desc ? 'desc' : 'asc');
  return { query: query.orderBy('n.txt').orderBy('n.id'), where };
}

export const toNfRow = (r: { id: string; idSkill: string; skill: string | null; txt: string; c: number; fc: string }): QnaNfRow => ({
  id: r.id, idSkill: r.idSkill, skill: r.skill ?? DELETED_SKILL, txt: r.txt, c: Number(r.c), fc: r.fc,
});

/** POST /qna-not-found/table: one page of the selection. */
export async function listNoEncontradas(ctx: { db: DB; config: { chatTimeZone: string } }, user: SessionUser, idBot: string, body: QnaNfSearchBody): Promise<Page<QnaNfRow>> {
  const { selection } = await nfSelection(ctx, user, idBot, body);
  const { pageSize, offset } = planWindow(body, QNA_NF_PAGE_SIZE);
  const { query, where } = nfRows(ctx.db, selection);
  const [rows, counted] = await Promise.all([
    query.limit(pageSize).offset(offset).execute(),
    ctx.db.selectFrom('qna_nf as n').select(sql<number>`count(*)`.as('n')).where(where).executeTakeFirst(),
  ]);
  const total = Number(counted?.n ?? 0);
  return { content: rows.map(toNfRow), totalElements: total, totalPages: Math.ceil(total / pageSize), totalExact: true };
}

function selectedIds(ids: readonly string[]): string[] {
  if (ids.length === 0) throw badRequest(BOT_MESSAGES.selectPhrases);
  return [...new Set(ids)];
}

const preguntas = (n: number) => (n === 1 ? '1 pregunta no encontrada' : `${n} preguntas no encontradas`);

/** POST /qna-not-found/delete: the bot's rows among `ids` (of entry skill `idSkill` when given) go. */
export async function deleteNoEncontradas({ db, config }: BotServices, user: SessionUser, idBot: string, idSkill: string | undefined, ids: readonly string[]): Promise<void> {
  const chosen = selectedIds(ids);
  await db.transaction().execute(async (trx) => {
    const bot = await findBotFor(trx, user, idBot, 'read');
    let query = trx.deleteFrom('qna_nf').where('idBot', '=', bot.id).where('id', 'in', chosen);
    if (idSkill?.trim()) query = query.where('idSkill', '=', idSkill.trim());
    const n = Number((await query.executeTakeFirst()).numDeletedRows);
    if (n > 0) await recordBotEvent(trx, user, bot, `eliminó ${preguntas(n)}`, config.now());
  });
}

/**
 * POST /qna-not-found/assign: the chosen questions become variants of the QnA (trimmed, no repeats,
 * within the caps), its last change is now, and they leave the list.
 */
export async function assignNoEncontradas({ db, config }: BotServices, user: SessionUser, idBot: string, body: QnaNfAssignBody): Promise<void> {
  const ids = selectedIds(body.ids);
  const idQna = body.idQna.trim();
  if (!idQna) throw badRequest(QNA_NF_TEXTS.seleccioneQna);
  await db.transaction().execute(async (trx) => {
    const bot = await findBotFor(trx, user, idBot, 'read');
    const qna = await trx.selectFrom('skill').select(['id', 'nm', 'frases']).where('id', '=', idQna).where('idBot', '=', bot.id).where('tipo', '=', QNA_TIPO).executeTakeFirst();
    if (!qna) throw notFound(QNA_MESSAGES.qnaNoEncontrada);
    const rows = await trx.selectFrom('qna_nf').select(['id', 'txt']).where('idBot', '=', bot.id).where('id', 'in', ids).execute();
    if (rows.length === 0) throw badRequest(BOT_MESSAGES.selectPhrases);

    const frases = parseList(qna.frases).filter((f): f is string => typeof f === 'string');
    const stored = frases.length;
    const known = new Set(frases.map((f) => f.trim().toLocaleLowerCase('es')));
    for (const { txt } of rows) {
      const text = txt.trim();
      const folded = text.toLocaleLowerCase('es');
      if (text && !known.has(folded)) {
        known.add(folded);
        frases.push(text);
      }
    }
    const now = config.now();
    if (frases.length > stored) await refuseBotOverLimits(trx, bot.id, config, { id: qna.id, frases: frases.length, tipo: QNA_TIPO });
    await trx.updateTable('skill').set({ frases: JSON.stringify(frases), fa: new Date(now).toISOString() }).where('id', '=', qna.id).execute();
    await trx.deleteFrom('qna_nf').where('idBot', '=', bot.id).where('id', 'in', rows.map((r) => r.id)).execute();
    await recordBotEvent(trx, user, bot, `asignó ${preguntas(rows.length)} a la QnA «${qna.nm}»`, now);
  });
}
