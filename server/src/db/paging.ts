// Paged searches: the whitelists of sortable and filterable columns, and the two ways a
// total is obtained without counting a whole table. The request and answer schemas are in
// schemas/paging.ts.
import { SqliteAdapter, sql, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { DB } from './';
import type { Database } from './schema';
import { badRequest } from '../errors';
import type { Page, PageRequest } from '../../../common/schemas/paging';

export { MAX_PAGE_SIZE, PageRequestSchema, pageRequestFields, pageResponse, type Page, type PageRequest } from '../../../common/schemas/paging';

/**
 * A filtered total is counted up to this many rows past the current page and reported as
 * 'at least' beyond that, so a broad filter never counts a million rows to show ten.
 */
export const COUNT_AHEAD = 10_000;

export interface SortTerm<K extends string> {
  id: K;
  desc: boolean;
}

/** The requested order, refusing any column outside the whitelist. */
export function checkSorts<K extends string>(sorted: PageRequest['sorted'], allowed: readonly K[]): SortTerm<K>[] {
  return (sorted ?? []).map((s) => {
    if (!(allowed as readonly string[]).includes(s.id)) {
      throw badRequest(`sorted: no se puede ordenar por el campo '${s.id}' (campos permitidos: ${allowed.join(', ')})`);
    }
    return { id: s.id as K, desc: !!s.desc };
  });
}

/** The requested filters with their text trimmed; empty ones are dropped, unknown ones refused. */
/** The filter react-admin's getMany sends: one search for a list of record ids. */
export const IDS_FILTER = 'ids';

/** The ids of an `ids` filter, or undefined when there is none. */
export function idsFilter(filtered: PageRequest['filtered']): string[] | undefined {
  const f = filtered?.find((item) => item.id === IDS_FILTER);
  if (!f) return undefined;
  // Fastify's AJV coerces a one-element list to its element for the union's text branch.
  if (typeof f.value === 'string') return [f.value];
  if (!Array.isArray(f.value)) throw badRequest(`filtered: '${IDS_FILTER}' es una lista de identificadores`);
  return f.value;
}

/** A condition limiting rows to a list of ids (none matches an empty list). */
export function idIn(column: string, ids: string[]): Expression<SqlBool> {
  return ids.length ? sql<SqlBool>`${sql.ref(column)} in (${sql.join(ids)})` : sql<SqlBool>`1 = 0`;
}

export function checkFilters<K extends string>(filtered: PageRequest['filtered'], allowed: readonly K[]): { id: K; value: string }[] {
  const out: { id: K; value: string }[] = [];
  for (const f of filtered ?? []) {
    if (f.id === IDS_FILTER) continue;
    if (Array.isArray(f.value)) throw badRequest(`filtered: el campo '${f.id}' no admite una lista de valores`);
    if (!(allowed as readonly string[]).includes(f.id)) {
      throw badRequest(`filtered: no se puede filtrar por el campo '${f.id}' (campos permitidos: ${allowed.join(', ')})`);
    }
    const value = String(f.value).trim();
    if (value !== '') out.push({ id: f.id as K, value });
  }
  return out;
}

/**
 * The full order of a list: the requested terms, then fc and id as tie-breakers in the
 * direction of the last term, so one index (…, column, fc, id) serves the whole ORDER BY.
 */
export function fullOrder<K extends string>(terms: SortTerm<K>[], fallback: SortTerm<K>): SortTerm<K | 'fc' | 'id'>[] {
  const order: SortTerm<K | 'fc' | 'id'>[] = terms.length ? [...terms] : [fallback];
  const desc = order[order.length - 1].desc;
  for (const tie of ['fc', 'id'] as const) {
    if (!order.some((t) => t.id === tie)) order.push({ id: tie, desc });
  }
  return order;
}

/**
 * Capital letters of Spanish (and Portuguese and French) names with their small ones. SQLite's
 * lower() changes only A–Z, and so does PostgreSQL's in a C locale; translate() does the rest.
 */
const CAPITALS = 'ÁÉÍÓÚÜÑÀÈÌÒÙÂÊÎÔÛÄËÏÖÇÃÕ';
const SMALL = 'áéíóúüñàèìòùâêîôûäëïöçãõ';

/** A case-insensitive "contains" on a column ('ÁLVAREZ' holds 'álvarez'); % and _ typed by the user match themselves. */
export function containsText(column: Expression<unknown>, text: string): Expression<SqlBool> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // translate() maps letters outside ASCII to letters outside ASCII, one for one, so text that is
  // all ASCII matches the same rows without it (and SQLite spares a call per row).
  if (!/[\u0080-\uffff]/.test(text)) return sql<SqlBool>`lower(${column}) like ${pattern} escape '\\'`;
  return sql<SqlBool>`translate(lower(${column}), ${CAPITALS}, ${SMALL}) like ${pattern} escape '\\'`;
}

/** Rows of a counted table (db/counters.ts; a new one is added to CountedTable) for one company, or for all. */
export async function countedRows(db: DB, tabla: CountedTable, idE: string | undefined): Promise<number> {
  let query = db.selectFrom('conteo').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), sql<number>`0`).as('n')).where('tabla', '=', tabla);
  if (idE !== undefined) query = query.where('idE', '=', idE);
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}

export type CountedTable = 'usuario' | 'auditoria';

/** COUNT(*) of a filtered query that stops at `limit` rows. */
export function cappedCount<TB extends keyof Database>(db: DB, filtered: SelectQueryBuilder<Database, TB, object>, limit: number): CountQuery {
  return db
    .selectFrom(filtered.select(sql<number>`1`.as('uno')).limit(limit).as('t'))
    .select(sql<number>`count(*)`.as('n'));
}

export interface CountQuery {
  executeTakeFirst(): Promise<{ n: number } | undefined>;
}

/**
 * Trigram indexes (migration 003, SQLite only) behind the "contains" filters: a term of at least
 * this many characters is looked up in `<table>_fts`; a shorter one keeps the LIKE scan.
 */
export const FTS_MIN_CHARS = 3;
/**
 * A filter matching fewer rows than this is read through its index and sorted; a broader one walks
 * the list's order index with the LIKE filter instead, which finds a page of it within a few rows.
 */
export const FTS_RARE = 2000;

type FtsTable = `${CountedTable}_fts`;
type FtsDatabase = Database & Record<FtsTable, { rowid: number }>;
/** A search's filtered query, whichever tables it reads. */
type AnyQuery = SelectQueryBuilder<Database, keyof Database, object>;

/**
 * The FTS5 query for a "contains" filter on `columns`, or null when the LIKE scan must do (another
 * dialect, or a term too short for trigrams). The term is lowercased as for LIKE and quoted as one
 * phrase, so FTS5 syntax typed by the user matches itself.
 */
export function ftsMatch(db: DB, columns: readonly string[], text: string): string | null {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return null;
  const term = text.toLowerCase();
  if ([...term].length < FTS_MIN_CHARS) return null;
  return `{${columns.join(' ')}} : "${term.replace(/"/g, '""')}"`;
}

export interface TextSearch<Row> {
  table: CountedTable;
  idE: string | undefined;
  /** Every filter (the LIKE "contains" included: on the index path it rechecks the candidates). */
  conditions: Expression<SqlBool>[];
  /** The FTS5 queries of the filters that have one (ANDed). */
  matches: string[];
  order: SortTerm<string>[];
  window: { pageSize: number; offset: number; countLimit: number };
  fetch: (ids: string[]) => { execute(): Promise<Row[]> };
}

/**
 * A list's search. Without an FTS term, one query walks the order index, filtering as it goes.
 * With one, a probe first counts the matches (up to FTS_RARE) from the trigram index: a rare term's
 * rows are read from the index and sorted (and that count is the exact total); a common one walks
 * the order index as before, and its capped total streams from the index.
 */
export function textSearchPlan<Row extends { id: string }>(db: DB, s: TextSearch<Row>): SearchPlan<Row> {
  const id = sql.ref(`${s.table}.id`);
  let filtered = db.selectFrom(s.table);
  if (s.idE !== undefined) filtered = filtered.where(sql<SqlBool>`${sql.ref(`${s.table}.idE`)} = ${s.idE}`);
  for (const c of s.conditions) filtered = filtered.where(c);
  const page = (query: AnyQuery, from: number, limit: number, fromEnd: boolean) =>
    deferredRows(applyOrder(query.select(sql<string>`${id}`.as('pid')), s.table, s.order, fromEnd).limit(limit).offset(from), s.fetch);
  const likeQuery = filtered as unknown as AnyQuery;
  const { pageSize, offset, countLimit } = s.window;
  const base = { countLimit, counter: { tabla: s.table, idE: s.idE }, pageSize, offset };

  if (s.matches.length === 0) {
    return { ...base, rows: (from, limit, fromEnd) => page(likeQuery, from, limit, fromEnd), count: s.conditions.length ? cappedCount(db, filtered, countLimit) : null };
  }

  // FTS5 drives: CROSS JOIN keeps SQLite from walking the company's index and probing the matches.
  const fts = db as unknown as Kysely<FtsDatabase>;
  const ftsTable: FtsTable = `${s.table}_fts`;
  let indexed = (fts.selectFrom(ftsTable as 'auditoria_fts').crossJoin(s.table as 'auditoria') as unknown as AnyQuery)
    .where(sql<SqlBool>`${sql.ref(`${s.table}.rowid`)} = ${sql.ref(`${ftsTable}.rowid`)}`)
    .where(sql<SqlBool>`${sql.table(ftsTable)} match ${s.matches.join(' AND ')}`);
  if (s.idE !== undefined) indexed = indexed.where(sql<SqlBool>`${sql.ref(`${s.table}.idE`)} = ${s.idE}`);
  for (const c of s.conditions) indexed = indexed.where(c);
  const indexedQuery = indexed;

  let probed: Promise<number> | undefined;
  const probe = () => (probed ??= cappedCount(db, indexedQuery, FTS_RARE).executeTakeFirst().then((r) => Number(r?.n ?? 0)));
  return {
    ...base,
    rows: (from, limit, fromEnd) => ({
      async execute() {
        const rare = (await probe()) < FTS_RARE;
        return page(rare ? indexedQuery : likeQuery, from, limit, fromEnd).execute();
      },
    }),
    count: {
      async executeTakeFirst() {
        const n = await probe();
        return n < FTS_RARE ? { n } : cappedCount(db, indexedQuery, countLimit).executeTakeFirst();
      },
    },
  };
}

/**
 * Applies a list's order to a query on `table`; `fromEnd` reads it backwards (every term flipped,
 * so the same index is walked from its other end).
 */
export function applyOrder<DBT, TB extends keyof DBT, O>(
  query: SelectQueryBuilder<DBT, TB, O>,
  table: CountedTable,
  order: SortTerm<string>[],
  fromEnd = false,
): SelectQueryBuilder<DBT, TB, O> {
  let ordered = query;
  for (const t of order) ordered = ordered.orderBy(sql.ref(`${table}.${t.id}`), t.desc !== fromEnd ? 'desc' : 'asc');
  return ordered;
}

/**
 * A deferred join in two steps: the page's ids, read from a covering index, then only those rows,
 * put back in the ids' order. (As one SQL join, SQLite may drive it from the whole table to save
 * a sort of ten rows; two steps keep the plan fixed on both dialects.)
 */
export function deferredRows<Row extends { id: string }>(
  ids: { execute(): Promise<Array<{ pid: string }>> },
  fetch: (ids: string[]) => { execute(): Promise<Row[]> },
): { execute(): Promise<Row[]> } {
  return {
    async execute() {
      const order = (await ids.execute()).map((r) => r.pid);
      if (order.length === 0) return [];
      const byId = new Map((await fetch(order).execute()).map((row) => [row.id, row]));
      // A row deleted between the two steps is simply left out.
      return order.flatMap((id) => byId.get(id) ?? []);
    },
  };
}

/** Everything a search runs; the benchmark times these same queries bare. */
export interface SearchPlan<Row> {
  /**
   * `limit` rows from `offset` in the list's order (or, `fromEnd`, counted from the last row and
   * returned last first), through deferredRows.
   */
  rows(offset: number, limit: number, fromEnd: boolean): { execute(): Promise<Row[]> };
  /** A capped count of the filtered rows, or null when the per-company counter is exact. */
  count: CountQuery | null;
  countLimit: number;
  counter: { tabla: CountedTable; idE: string | undefined };
  pageSize: number;
  offset: number;
}

export function planWindow(req: PageRequest, defaultSize: number) {
  const pageSize = req.pageSize ?? defaultSize;
  const offset = (req.page ?? 0) * pageSize;
  // Count far enough past this page to say whether more pages follow.
  return { pageSize, offset, countLimit: offset + pageSize + COUNT_AHEAD };
}

export async function runSearch<Row>(db: DB, plan: SearchPlan<Row>): Promise<Page<Row>> {
  const { offset, pageSize } = plan;
  const page = (content: Row[], total: number, exact: boolean): Page<Row> => ({
    content,
    totalElements: total,
    totalPages: Math.ceil(total / pageSize),
    totalExact: exact,
  });

  if (!plan.count) {
    // Unfiltered: the exact total comes first, so a page past the middle is read from the end
    // and no page walks more than half the company's rows.
    const total = await countedRows(db, plan.counter.tabla, plan.counter.idE);
    const limit = Math.min(pageSize, total - offset);
    if (limit <= 0) return page([], total, true);
    const content =
      offset > total / 2 ? (await plan.rows(total - offset - limit, limit, true).execute()).reverse() : await plan.rows(offset, pageSize, false).execute();
    return page(content, total, true);
  }

  const content = await plan.rows(offset, pageSize, false).execute();
  // A short page is the last one: its total needs no count.
  if (content.length < pageSize && (content.length > 0 || offset === 0)) return page(content, offset + content.length, true);
  const counted = Number((await plan.count.executeTakeFirst())?.n ?? 0);
  return page(content, counted, counted < plan.countLimit);
}
