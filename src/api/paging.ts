// react-admin's list parameters to the server's paged query and back (the server's page is 0-based).
import type { GetListParams, GetListResult, RaRecord } from 'ra-core';
import type { Page, PageRequest } from '../../common/schemas/paging';

/** The server's paged request (schemas/paging.ts), with filter values as react-admin gives them. */
export type PagedQuery = Required<Pick<PageRequest, 'page' | 'pageSize' | 'sorted'>> & {
  filtered: Array<{ id: string; value: unknown }>;
  idE: string | undefined;
};

/** The server's page answer; the totals may be missing from an older server. */
export type PagedAnswer<T> = Pick<Page<T>, 'content'> & Partial<Pick<Page<T>, 'totalPages' | 'totalElements' | 'totalExact'>>;

export function toPagedQuery({ pagination, sort, filter }: GetListParams, idE: string | undefined): PagedQuery {
  const page = pagination?.page ?? 1;
  const perPage = pagination?.perPage ?? 10;
  return {
    page: page - 1,
    pageSize: perPage,
    sorted: sort?.field ? [{ id: sort.field, desc: sort.order === 'DESC' }] : [],
    filtered: Object.entries(filter ?? {}).map(([id, value]) => ({ id, value })),
    idE,
  };
}

export function fromPagedAnswer<T extends RaRecord>(answer: PagedAnswer<T>, params: GetListParams): GetListResult<T> {
  const content = answer.content ?? [];
  const perPage = params.pagination?.perPage ?? content.length;
  const total = answer.totalElements ?? (answer.totalPages ?? 1) * perPage;
  return { data: content, total };
}

/** For the calls that answer a plain array (GET /empresa): filter, sort and page here. */
export function pageLocally<T extends RaRecord>(rows: T[], { pagination, sort, filter }: GetListParams): GetListResult<T> {
  const contains = (cell: unknown, value: unknown) => String(cell ?? '').toLowerCase().includes(String(value).toLowerCase());
  const matches = rows.filter((row) =>
    Object.entries(filter ?? {}).every(([field, value]) =>
      // 'q' is react-admin's full-text search: any field may match.
      field === 'q' ? Object.values(row).some((cell) => contains(cell, value)) : contains((row as Record<string, unknown>)[field], value),
    ),
  );
  if (sort?.field) {
    const direction = sort.order === 'DESC' ? -1 : 1;
    const key = (row: T) => String((row as Record<string, unknown>)[sort.field] ?? '');
    matches.sort((a, b) => direction * key(a).localeCompare(key(b), 'es', { numeric: true }));
  }
  const page = pagination?.page ?? 1;
  const perPage = pagination?.perPage ?? matches.length;
  return { data: matches.slice((page - 1) * perPage, page * perPage), total: matches.length };
}
