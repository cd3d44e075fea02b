// The history's client cards: who wrote to the bot in the range, newest last message first. Read
// only from chat_cliente_dia (one row per bot, company day and client), never from the messages.
import { SqliteAdapter, sql, type Expression } from 'kysely';
import { HISTORY_PAGE_SIZE, type ClientCard } from '../../../../common/schemas/historial';
import type { Page } from '../../../../common/schemas/paging';
import { COUNT_AHEAD, containsText } from '../../db/paging';
import type { BotRange, HistoryContext } from './rango';

/** A filtered list reads this many pages past the one asked for, to say how many follow. */
export const LOOKAHEAD_PAGES = 10;

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
  // A longer range adds up each client's days.
  const groupedRows = (from: number, limit: number) =>
    filtered
      .select((eb) => ['idClt', eb.fn.max('nm').as('nm'), eb.fn.max('red').as('red'), eb.fn.max('ultimo').as('ultimo'), eb.fn.sum<number>('ses').as('sesiones')])
      .groupBy('idClt')
      .orderBy(sql`max(ultimo)`, 'desc')
      .orderBy('idClt', 'desc')
      .limit(limit)
      .offset(from)
      .execute() as Promise<Row[]>;

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
  const rows = oneDay ? await dayRows(offset, ahead, false) : await groupedRows(offset, ahead);
  if (rows.length > 0 || offset === 0) return page(rows, offset + rows.length, rows.length < ahead);
  // Past the end: how far the list goes, counted no further than a little past this page.
  const cap = offset + pageSize + COUNT_AHEAD;
  const inner = oneDay ? filtered.select('idClt') : filtered.select('idClt').groupBy('idClt');
  const counted = await ctx.db.selectFrom(inner.limit(cap).as('t')).select(sql<number>`count(*)`.as('n')).executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  return page([], total, total < cap);
}
