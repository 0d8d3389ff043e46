import { defaultPageSize, type PageData, type PageQuery } from '@platform/shared';

export interface PageParams {
  currentPage: number;
  pageSize: number;
  offset: number;
  keyword: string;
  sort: 'asc' | 'desc';
  /** The requested sort field, already checked against the list's own sortable fields; null for the default. */
  sidx: string | null;
}

/**
 * Turns the list query of protocol.md into page parameters. `sortable` names the fields a list
 * may be sorted by; anything else falls back to the list's default order rather than failing.
 */
export function pageParams(query: PageQuery, sortable: readonly string[] = []): PageParams {
  const currentPage = query.currentPage ?? 1;
  const pageSize = query.pageSize ?? defaultPageSize;
  const sidx = query.sidx && sortable.includes(query.sidx) ? query.sidx : null;
  return {
    currentPage,
    pageSize,
    offset: (currentPage - 1) * pageSize,
    keyword: query.keyword?.trim() ?? '',
    sort: query.sort ?? 'desc',
    sidx,
  };
}

export function page<T>(list: T[], total: number, params: Pick<PageParams, 'currentPage' | 'pageSize'>): PageData<T> {
  return { list, pagination: { currentPage: params.currentPage, pageSize: params.pageSize, total } };
}

/** Escapes LIKE wildcards so a keyword is matched as typed. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function toMillis(value: Date | null | undefined): number | null {
  return value ? value.getTime() : null;
}
