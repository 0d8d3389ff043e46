import { defaultPageSize, type PageData, pageSizes } from '@platform/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useReducer } from 'react';

/**
 * The list conventions of DESIGN.md (admin.md §9), once: page 1, 20 rows, sizes 20/50/100/500,
 * keyword search with Enter, search and reset. Every administration list uses `useListQuery`.
 */
export const listPageSizes: readonly number[] = pageSizes;
export const firstPage = 1;

/** What a list call is sent: paging, the search bar's fields and the page's fixed filters (a tree's selection). */
export type ListParams<Search, Fixed> = { currentPage: number; pageSize: number } & Search & Fixed;

export interface ListState<Search, Fixed> {
  currentPage: number;
  pageSize: number;
  /** The fields of the search bar, as last searched. */
  search: Search;
  /** Filters the page sets outside the search bar (the organisation chosen on the left); reset keeps them. */
  fixed: Fixed;
}

export type ListAction<Search, Fixed> =
  | { type: 'search'; search: Partial<Search> }
  | { type: 'reset'; search: Search }
  | { type: 'fixed'; fixed: Partial<Fixed> }
  | { type: 'page'; currentPage: number; pageSize: number };

/** Pure: every change of the search or the filters goes back to page 1; a new page size too. */
export function listReducer<Search, Fixed>(
  state: ListState<Search, Fixed>,
  action: ListAction<Search, Fixed>,
): ListState<Search, Fixed> {
  switch (action.type) {
    case 'search':
      return { ...state, currentPage: firstPage, search: { ...state.search, ...action.search } };
    case 'reset':
      return { ...state, currentPage: firstPage, search: action.search };
    case 'fixed':
      return { ...state, currentPage: firstPage, fixed: { ...state.fixed, ...action.fixed } };
    case 'page': {
      const pageSize = listPageSizes.includes(action.pageSize) ? action.pageSize : state.pageSize;
      return {
        ...state,
        pageSize,
        currentPage: pageSize !== state.pageSize ? firstPage : Math.max(firstPage, action.currentPage),
      };
    }
  }
}

/** Drops empty strings and undefined, so an empty keyword is not sent. */
export function compactParams<T extends Record<string, unknown>>(params: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    out[key] = typeof value === 'string' ? value.trim() : value;
  }
  return out as T;
}

interface ListQueryOptionsBase<Search, Fixed> {
  /** The query-cache key of the list; the parameters are appended to it. */
  queryKey: readonly unknown[];
  initialSearch: Search;
  initialFixed?: Fixed;
  enabled?: boolean;
}

export interface UseListQueryOptions<Row, Search, Fixed> extends ListQueryOptionsBase<Search, Fixed> {
  fetch: (params: ListParams<Search, Fixed>, signal: AbortSignal) => Promise<PageData<Row>>;
}

/** A list shown whole (a tree, a short list): no paging; the call gets the search and filters as they are. */
export interface UseUnpagedListQueryOptions<Row, Search, Fixed> extends ListQueryOptionsBase<Search, Fixed> {
  fetch: (params: Search & Fixed, signal: AbortSignal) => Promise<Row[]>;
}

export interface ListController<Row, Search, Fixed> {
  state: ListState<Search, Fixed>;
  params: ListParams<Search, Fixed>;
  /** False for lists shown whole (no pager below the table). */
  paged: boolean;
  rows: Row[];
  total: number;
  loading: boolean;
  error: unknown;
  /** When the rows last arrived (a tree table is keyed by it to expand the new rows). */
  updatedAt: number;
  search: (search: Partial<Search>) => void;
  reset: () => void;
  setFixed: (fixed: Partial<Fixed>) => void;
  setPage: (currentPage: number, pageSize: number) => void;
  refetch: () => void;
}

type ListStateControls<Search, Fixed> = Pick<
  ListController<unknown, Search, Fixed>,
  'state' | 'search' | 'reset' | 'setFixed' | 'setPage'
>;

/** The search bar, filter and paging state every list keeps, with its actions. */
function useListState<Search extends object, Fixed extends object>({
  initialSearch,
  initialFixed,
}: ListQueryOptionsBase<Search, Fixed>): ListStateControls<Search, Fixed> {
  const [state, dispatch] = useReducer(listReducer<Search, Fixed>, undefined, () => ({
    currentPage: firstPage,
    pageSize: defaultPageSize,
    search: initialSearch,
    fixed: initialFixed ?? ({} as Fixed),
  }));
  return {
    state,
    search: useCallback((search) => dispatch({ type: 'search', search }), []),
    reset: useCallback(() => dispatch({ type: 'reset', search: initialSearch }), [initialSearch]),
    setFixed: useCallback((fixed) => dispatch({ type: 'fixed', fixed }), []),
    setPage: useCallback((currentPage, pageSize) => dispatch({ type: 'page', currentPage, pageSize }), []),
  };
}

function useRefetch(query: { refetch: () => Promise<unknown> }): () => void {
  const { refetch } = query;
  return useCallback(() => {
    void refetch();
  }, [refetch]);
}

export function useListQuery<
  Row,
  Search extends object = Record<string, never>,
  Fixed extends object = Record<string, never>,
>(options: UseListQueryOptions<Row, Search, Fixed>): ListController<Row, Search, Fixed> {
  const { queryKey, fetch, enabled = true } = options;
  const controls = useListState(options);
  const { state } = controls;
  const params = useMemo(
    () =>
      compactParams({
        currentPage: state.currentPage,
        pageSize: state.pageSize,
        ...state.search,
        ...state.fixed,
      }) as ListParams<Search, Fixed>,
    [state],
  );
  const query = useQuery({
    queryKey: [...queryKey, params],
    queryFn: ({ signal }) => fetch(params, signal),
    enabled,
    placeholderData: keepPreviousData,
    // A failed list shows its error state with a retry button; no automatic retries behind it.
    retry: false,
  });
  return {
    ...controls,
    params,
    paged: true,
    rows: query.data?.list ?? [],
    total: query.data?.pagination.total ?? 0,
    loading: query.isFetching,
    error: query.error,
    updatedAt: query.dataUpdatedAt,
    refetch: useRefetch(query),
  };
}

/** `useListQuery` for lists shown whole: the same search state, no paging, rows without empty `children`. */
export function useUnpagedListQuery<
  Row extends object,
  Search extends object = Record<string, never>,
  Fixed extends object = Record<string, never>,
>(options: UseUnpagedListQueryOptions<Row, Search, Fixed>): ListController<Row, Search, Fixed> {
  const { queryKey, fetch, enabled = true } = options;
  const controls = useListState(options);
  const { state } = controls;
  const filters = useMemo(() => ({ ...state.search, ...state.fixed }), [state.search, state.fixed]);
  const query = useQuery({
    queryKey: [...queryKey, filters],
    queryFn: ({ signal }) => fetch(filters, signal),
    select: pruneEmptyChildren,
    enabled,
    retry: false,
  });
  const rows = query.data ?? [];
  return {
    ...controls,
    params: { currentPage: firstPage, pageSize: rows.length, ...filters },
    paged: false,
    rows,
    total: rows.length,
    loading: query.isFetching,
    error: query.error,
    updatedAt: query.dataUpdatedAt,
    refetch: useRefetch(query),
  };
}

/** Tree rows: an empty `children` array would draw an expand icon with nothing under it. */
export function pruneEmptyChildren<T extends object>(rows: readonly T[]): T[] {
  return rows.map((row) => {
    const { children, ...rest } = row as T & { children?: T[] };
    return (children?.length ? { ...rest, children: pruneEmptyChildren(children) } : rest) as T;
  });
}
