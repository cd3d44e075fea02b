// The history's client cards: who wrote to the bot in the range, newest last message first. Read
// only from chat_cliente_dia (one row per bot, company day and client), never from the messages.
import { sql } from 'kysely';
import { HISTORY_PAGE_SIZE, type ClientCard } from '../../../../common/schemas/historial';
import type { Page } from '../../../../common/schemas/paging';
import { COUNT_AHEAD, containsText } from '../../db/paging';
import type { BotRange, HistoryContext } from './rango';

export interface CardsPage {
  page?: number;
  pageSize?: number;
  name?: string | null;
}

export async function clientCards(ctx: HistoryContext, range: BotRange, req: CardsPage): Promise<Page<ClientCard>> {
  const pageSize = req.pageSize ?? HISTORY_PAGE_SIZE;
  const offset = (req.page ?? 0) * pageSize;
  const name = req.name?.trim() || undefined;
  const oneDay = range.fd === range.fh;

  let filtered = ctx.db.selectFrom('chat_cliente_dia').where('idBot', '=', range.idBot);
  filtered = oneDay ? filtered.where('dia', '=', range.fd) : filtered.where('dia', '>=', range.fd).where('dia', '<=', range.fh);
  if (name) filtered = filtered.where((eb) => containsText(eb.ref('nm'), name));

  // One day holds one row per client: the index (idBot, dia, ultimo) walks them in order. A
  // longer range adds up each client's days.
  const rows = oneDay
    ? await filtered
        .select(['idClt', 'nm', 'red', 'ultimo', 'ses as sesiones'])
        .orderBy('ultimo', 'desc')
        .orderBy('idClt', 'desc')
        .limit(pageSize)
        .offset(offset)
        .execute()
    : await filtered
        .select((eb) => [
          'idClt',
          eb.fn.max('nm').as('nm'),
          eb.fn.max('red').as('red'),
          eb.fn.max('ultimo').as('ultimo'),
          eb.fn.sum<number>('ses').as('sesiones'),
        ])
        .groupBy('idClt')
        .orderBy(sql`max(ultimo)`, 'desc')
        .orderBy('idClt', 'desc')
        .limit(pageSize)
        .offset(offset)
        .execute();
  const content: ClientCard[] = rows.map((r) => ({ idClt: r.idClt, nm: r.nm ?? null, red: Number(r.red), ultimo: r.ultimo, sesiones: Number(r.sesiones) }));
  const page = (total: number, exact: boolean): Page<ClientCard> => ({ content, totalElements: total, totalPages: Math.ceil(total / pageSize), totalExact: exact });

  // A short page is the last one: its total needs no count.
  if (content.length < pageSize && (content.length > 0 || offset === 0)) return page(offset + content.length, true);
  // Counted no further than a little past this page: a broad filter or range stops early.
  const limit = offset + pageSize + COUNT_AHEAD;
  const counted = oneDay ? filtered.select('idClt') : filtered.select('idClt').groupBy('idClt');
  const row = await ctx.db.selectFrom(counted.limit(limit).as('t')).select(sql<number>`count(*)`.as('n')).executeTakeFirst();
  const total = Number(row?.n ?? 0);
  return page(total, total < limit);
}
