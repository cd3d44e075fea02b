// Paged searches: the request and answer schemas every paged list shares.
import { Type, type Static, type TSchema } from 'typebox';
import { closed } from './common';

export const MAX_PAGE_SIZE = 500;

const SortItem = Type.Object({
  id: Type.String({ maxLength: 40 }),
  desc: Type.Optional(Type.Boolean()),
}, closed);
const FilterItem = Type.Object({
  id: Type.String({ maxLength: 40 }),
  // A list only for `ids` (react-admin's getMany: one call for many records).
  value: Type.Union([Type.String({ maxLength: 200 }), Type.Number(), Type.Boolean(), Type.Array(Type.String({ maxLength: 64 }), { maxItems: 500 })]),
}, closed);

/** The fields every paged search body shares; areas add their own. */
export const pageRequestFields = {
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
  sorted: Type.Optional(Type.Array(SortItem, { maxItems: 5 })),
  filtered: Type.Optional(Type.Array(FilterItem, { maxItems: 10 })),
  idE: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
};
export const PageRequestSchema = Type.Object(pageRequestFields, closed);
export type PageRequest = Static<typeof PageRequestSchema>;

export function pageResponse<T extends TSchema>(row: T) {
  return Type.Object({
    content: Type.Array(row),
    totalPages: Type.Integer(),
    totalElements: Type.Integer(),
    /** False when totalElements is a lower bound (a filtered count that stopped early). */
    totalExact: Type.Boolean(),
  });
}

export interface Page<T> {
  content: T[];
  totalPages: number;
  totalElements: number;
  totalExact: boolean;
}
