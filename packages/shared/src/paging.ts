import { type Static, type TSchema, Type } from 'typebox';

/** Page sizes the lists offer; the server refuses anything larger than the largest. */
export const pageSizes = [20, 50, 100, 500] as const;
export const defaultPageSize = 20;
export const maxPageSize = 500;

/**
 * The list query of protocol.md. Query strings arrive as text, so numbers are coerced by the
 * server's validator; `n` and `_t` are cache-busting timestamps that are accepted and ignored.
 */
export const PageQuery = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
  currentPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: maxPageSize })),
  sort: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  sidx: Type.Optional(Type.String({ maxLength: 200, pattern: '^[A-Za-z0-9_,-]*$' })),
});
export type PageQuery = Static<typeof PageQuery>;

export const Pagination = Type.Object({
  currentPage: Type.Integer(),
  pageSize: Type.Integer(),
  total: Type.Integer(),
});
export type Pagination = Static<typeof Pagination>;

export interface PageData<T> {
  list: T[];
  pagination: Pagination;
}
export interface ListData<T> {
  list: T[];
}

export const PageOf = <T extends TSchema>(row: T) => Type.Object({ list: Type.Array(row), pagination: Pagination });
export const ListOf = <T extends TSchema>(row: T) => Type.Object({ list: Type.Array(row) });
