// The history's client cards: who wrote to the bot in the range, newest last message first. Read
// only from chat_cliente_dia (one row per bot, company day and client), never from the messages.
// The total is the count of clients, or, where counting would read too many rows, a bound that
// says more follow (totalExact false: there are more than totalElements).
import { SqliteAdapter, sql, type Expression, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { HISTORY_PAGE_SIZE, type ClientCard } from '../../../../common/schemas/historial';
import type { Page } from '../../../../common/schemas/paging';
import { EXACT_CLIENT_DAYS } from '../../db/hll';
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

  let inRange = ctx.db.selectFrom('chat_cliente_dia').where('idBot', '=', range.idBot);
  inRange = oneDay ? inRange.where('dia', '=', range.fd) : inRange.where('dia', '>=', range.fd).where('dia', '<=', range.fh);
  const filtered = name ? inRange.where((eb) => containsText(eb.ref('nm'), name)) : inRange;

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

  // Filtered or longer, with few client-days: counted.
  const counted = await countWhenFew(ctx, inRange, filtered);
  if (counted !== undefined) {
    if (offset >= counted) return page([], counted, true);
    const rows = oneDay ? await dayRows(offset, pageSize, false) : await rangeRows(ctx, range, filtered, sqlite, offset, pageSize);
    return page(rows, counted, true);
  }

  // Else one read of this page, a few after it and one row more says how many follow, or that more do.
  const ahead = pageSize * (LOOKAHEAD_PAGES + 1);
  const rows = oneDay ? await dayRows(offset, ahead + 1, false) : await rangeRows(ctx, range, filtered, sqlite, offset, ahead + 1);
  if (rows.length > 0 || offset === 0) return page(rows, offset + Math.min(rows.length, ahead), rows.length <= ahead);
  // Past the end: how far the list goes, counted no further than a little past this page.
  const cap = offset + pageSize + COUNT_AHEAD;
  const upTo = await ctx.db.selectFrom(filtered.select('idClt').distinct().limit(cap + 1).as('t')).select(sql<number>`count(*)`.as('n')).executeTakeFirst();
  const total = Number(upTo?.n ?? 0);
  return page([], Math.min(total, cap), total <= cap);
}

type RangeRows = SelectQueryBuilder<Database, 'chat_cliente_dia', object>;

/** The clients of `filtered`, when the range (`inRange`) holds at most EXACT_CLIENT_DAYS client-days; else undefined. */
async function countWhenFew(ctx: HistoryContext, inRange: RangeRows, filtered: RangeRows): Promise<number | undefined> {
  const days = await ctx.db.selectFrom(inRange.select('idClt').limit(EXACT_CLIENT_DAYS + 1).as('t')).select(sql<number>`count(*)`.as('n')).executeTakeFirst();
  if (Number(days?.n ?? 0) > EXACT_CLIENT_DAYS) return undefined;
  const clients = await filtered.select(sql<number>`count(distinct "idClt")`.as('n')).executeTakeFirst();
  return Number(clients?.n ?? 0);
}

/** Rows read per query while walking a longer range. */
const WALK_BATCH = 1_000;

/**
 * `limit` cards from `offset` over several days. Days follow one another in time, so walking the
 * rows newest day first and newest message first (the index idBot, dia, ultimo) meets each client
 * first at its last message: the walk stops once it has met enough clients, and only their
 * sessions are counted.
 */
async function rangeRows(
  ctx: HistoryContext, range: BotRange, filtered: RangeRows, sqlite: boolean, offset: number, limit: number,
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
  // A session written on two days has a row on each: the cards count the sessions themselves,
  // those active in the range as the client's session list shows them. Grouped by bot rather than
  // filtered on it, so the clients' index is the one read (the bot's would read all its sessions).
  const summed = await ctx.db
    .selectFrom('chat_sesion')
    .select((eb) => ['idClt', 'idBot', eb.fn.countAll<number>().as('n')])
    .where('idClt', 'in', found.map((r) => r.idClt))
    .where('test', '=', 0)
    .where('fi', '<', range.to)
    .where((eb) => eb.or([eb('ff', 'is', null), eb('ff', '>=', range.from)]))
    .groupBy(['idClt', 'idBot'])
    .execute();
  const sessions = new Map(summed.filter((r) => r.idBot === range.idBot).map((r) => [r.idClt, Number(r.n)]));
  return found.map((r) => ({ ...r, sesiones: sessions.get(r.idClt) ?? Number(r.sesiones) }));
}
