// The history's client cards: who wrote to the bot in the range, newest last message first. Read
// only from chat_cliente_dia (one row per bot, company day and client), never from the messages.
import { SqliteAdapter, sql, type Expression, type SelectQueryBuilder } from 'kysely';
import { addDays } from '../../../../common/dias';
import type { Database } from '../../db/schema';
import { HISTORY_PAGE_SIZE, type ClientCard } from '../../../../common/schemas/historial';
import type { Page } from '../../../../common/schemas/paging';
import { COUNT_AHEAD, containsText } from '../../db/paging';
import type { BotRange, HistoryContext } from './rango';

/** A filtered list reads this many pages past the one asked for, to say how many follow; each more reads further into the rows. */
export const LOOKAHEAD_PAGES = 4;

export interface CardsPage {
  page?: number;
  pageSize?: number;
  name?: string | null;
}

type Row = { idClt: string; nm: string | null; red: number; ultimo: string; sesiones: number };

const card = (r: Row): ClientCard => ({ idClt: r.idClt, nm: r.nm ?? null, red: Number(r.red), ultimo: r.ultimo, sesiones: Number(r.sesiones) });

export async function clientCards(ctx: HistoryContext, range: BotRange, req: CardsPage): Promise<Page<ClientCard>> {
  const pageSize = req.pageSize ?? HISTORY_PAGE_SIZE;
  const offset = (req.page ?? 0) * pageSize;
  const name = req.name?.trim() || undefined;
  const oneDay = range.fd === range.fh;
  const sqlite = ctx.db.getExecutor().adapter instanceof SqliteAdapter;
  const page = (rows: Row[], total: number, exact: boolean): Page<ClientCard> => ({
    content: rows.slice(0, pageSize).map(card), totalElements: total, totalPages: Math.ceil(total / pageSize), totalExact: exact,
  });

  let filtered = ctx.db.selectFrom('chat_cliente_dia').where('idBot', '=', range.idBot);
  filtered = oneDay ? filtered.where('dia', '=', range.fd) : filtered.where('dia', '>=', range.fd).where('dia', '<=', range.fh);
  if (name) filtered = filtered.where((eb) => containsText(eb.ref('nm'), name));

  // One day holds one row per client: the index (idBot, dia, ultimo) walks them in order. On
  // SQLite that index ends in the rowid, so with it as the tie-break no row is read to be skipped.
  const tie: Expression<unknown> = sqlite ? sql`rowid` : sql.ref('idClt');
  const dayRows = (from: number, limit: number, ascending: boolean) =>
    filtered
      .select(['idClt', 'nm', 'red', 'ultimo', 'ses as sesiones'])
      .orderBy('ultimo', ascending ? 'asc' : 'desc')
      .orderBy(tie, ascending ? 'asc' : 'desc')
      .limit(limit)
      .offset(from)
      .execute();
  if (oneDay && !name) {
    // Exact and cheap (the primary key's index holds it); a page past the middle is read from the end.
    const counted = await filtered.select(sql<number>`count(*)`.as('n')).executeTakeFirst();
    const total = Number(counted?.n ?? 0);
    const limit = Math.min(pageSize, total - offset);
    if (limit <= 0) return page([], total, true);
    const rows = offset > total / 2 ? (await dayRows(total - offset - limit, limit, true)).reverse() : await dayRows(offset, pageSize, false);
    return page(rows, total, true);
  }

  // Filtered or longer: one read of this page and a few after it says how many follow.
  const ahead = pageSize * (LOOKAHEAD_PAGES + 1);
  const rows = oneDay ? await dayRows(offset, ahead, false) : await rangeRows(ctx, range, filtered, sqlite, offset, ahead);
  if (rows.length > 0 || offset === 0) return page(rows, offset + rows.length, rows.length < ahead);
  // Past the end: how far the list goes, counted no further than a little past this page.
  const cap = offset + pageSize + COUNT_AHEAD;
  const counted = await ctx.db.selectFrom(filtered.select('idClt').distinct().limit(cap).as('t')).select(sql<number>`count(*)`.as('n')).executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  return page([], total, total < cap);
}

/** Rows read per query while walking a longer range. */
const WALK_BATCH = 1_000;
const MAX_NAMED_DAYS = 400;

/**
 * `limit` cards from `offset` over several days. Days follow one another in time, so walking the
 * rows newest day first and newest message first (the index idBot, dia, ultimo) meets each client
 * first at its last message: the walk stops once it has met enough clients, and only their
 * sessions are added up.
 */
async function rangeRows(
  ctx: HistoryContext, range: BotRange, filtered: SelectQueryBuilder<Database, 'chat_cliente_dia', object>, sqlite: boolean, offset: number, limit: number,
): Promise<Row[]> {
  const tie = sqlite ? sql`rowid` : sql.ref('idClt');
  const met = new Map<string, Row>();
  let after: { dia: string; ultimo: string; tie: unknown } | undefined;
  while (met.size < offset + limit) {
    let query = filtered.select(['idClt', 'nm', 'red', 'ultimo', 'dia', 'ses as sesiones', tie.as('tie')]);
    if (after) query = query.where(sql<boolean>`(dia, ultimo, ${tie}) < (${after.dia}, ${after.ultimo}, ${after.tie})`);
    const rows = await query.orderBy('dia', 'desc').orderBy('ultimo', 'desc').orderBy(tie, 'desc').limit(WALK_BATCH).execute();
    for (const r of rows) if (!met.has(r.idClt)) met.set(r.idClt, r);
    if (rows.length < WALK_BATCH) break;
    const last = rows[rows.length - 1];
    after = { dia: last.dia, ultimo: last.ultimo, tie: last.tie };
  }
  const found = [...met.values()].slice(offset, offset + limit);
  if (found.length === 0) return [];
  // Each day by name, so both columns of the key are sought rather than the range scanned (a
  // range of years, rarer, scans it).
  const days: string[] = [];
  for (let d = range.fd; d <= range.fh && days.length <= MAX_NAMED_DAYS; d = addDays(d, 1)) days.push(d);
  let sums = ctx.db
    .selectFrom('chat_cliente_dia')
    .select((eb) => ['idClt', eb.fn.sum<number>('ses').as('n')])
    .where('idBot', '=', range.idBot)
    .where('idClt', 'in', found.map((r) => r.idClt));
  sums = days.length <= MAX_NAMED_DAYS ? sums.where('dia', 'in', days) : sums.where('dia', '>=', range.fd).where('dia', '<=', range.fh);
  const summed = await sums
    .groupBy('idClt')
    .execute();
  const sessions = new Map(summed.map((r) => [r.idClt, Number(r.n)]));
  return found.map((r) => ({ ...r, sesiones: sessions.get(r.idClt) ?? Number(r.sesiones) }));
}
