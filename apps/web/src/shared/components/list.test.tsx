import type { PageData } from '@platform/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { applyColumnSettings } from './ColumnSettingsDrawer.tsx';
import { mergeColumnSettings, moveItem } from './column-settings.ts';
import { compactParams, type ListState, listReducer, pruneEmptyChildren, useListQuery } from './list.ts';

type Search = { keyword: string; enabledMark?: number };
type Fixed = { organizeId?: string };
const start: ListState<Search, Fixed> = {
  currentPage: 3,
  pageSize: 50,
  search: { keyword: 'a' },
  fixed: { organizeId: 'o1' },
};

describe('listReducer (admin.md §9 paging)', () => {
  test('a search goes back to page 1 and keeps the page size and the tree filter', () => {
    expect(listReducer(start, { type: 'search', search: { keyword: 'b' } })).toEqual({
      ...start,
      currentPage: 1,
      search: { keyword: 'b' },
    });
  });
  test('reset clears the search bar but keeps the organisation chosen on the left', () => {
    expect(listReducer(start, { type: 'reset', search: { keyword: '' } })).toEqual({
      ...start,
      currentPage: 1,
      search: { keyword: '' },
    });
  });
  test('choosing another organisation goes back to page 1', () => {
    expect(listReducer(start, { type: 'fixed', fixed: { organizeId: 'o2' } })).toMatchObject({
      currentPage: 1,
      fixed: { organizeId: 'o2' },
    });
  });
  test('paging: a new page keeps the size; a new size goes to page 1; sizes outside 20/50/100/500 are ignored', () => {
    expect(listReducer(start, { type: 'page', currentPage: 4, pageSize: 50 })).toMatchObject({
      currentPage: 4,
      pageSize: 50,
    });
    expect(listReducer(start, { type: 'page', currentPage: 4, pageSize: 100 })).toMatchObject({
      currentPage: 1,
      pageSize: 100,
    });
    expect(listReducer(start, { type: 'page', currentPage: 2, pageSize: 1000 })).toMatchObject({
      currentPage: 2,
      pageSize: 50,
    });
  });
});

test('compactParams drops empty and trims text', () => {
  expect(compactParams({ keyword: '  ', a: undefined, b: null, c: ' x ', d: 0 })).toEqual({ c: 'x', d: 0 });
});

test('pruneEmptyChildren leaves leaves without children', () => {
  expect(pruneEmptyChildren([{ id: '1', children: [{ id: '2', children: [] }] }])).toEqual([
    { id: '1', children: [{ id: '2' }] },
  ]);
});

describe('useListQuery', () => {
  const page = (rows: string[], total: number): PageData<{ id: string }> => ({
    list: rows.map((id) => ({ id })),
    pagination: { currentPage: 1, pageSize: 20, total },
  });
  function setup(fetch = vi.fn(async (_params: Record<string, unknown>, _signal: AbortSignal) => page(['u1'], 41))) {
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const initialSearch: Search = { keyword: '' };
    const hook = renderHook(
      () => useListQuery<{ id: string }, Search, Fixed>({ queryKey: ['test'], fetch, initialSearch }),
      { wrapper },
    );
    return { fetch, hook };
  }

  test('first call: page 1, 20 rows, no empty keyword', async () => {
    const { fetch, hook } = setup();
    await waitFor(() => expect(hook.result.current.rows).toHaveLength(1));
    expect(fetch.mock.calls[0]?.[0]).toEqual({ currentPage: 1, pageSize: 20 });
    expect(hook.result.current.total).toBe(41);
  });

  test('search, organisation, paging and reset each send what the list shows', async () => {
    const { fetch, hook } = setup();
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    act(() => hook.result.current.setFixed({ organizeId: 'o1' }));
    await waitFor(() =>
      expect(fetch).toHaveBeenLastCalledWith({ currentPage: 1, pageSize: 20, organizeId: 'o1' }, expect.anything()),
    );
    act(() => hook.result.current.setPage(3, 20));
    await waitFor(() =>
      expect(fetch).toHaveBeenLastCalledWith({ currentPage: 3, pageSize: 20, organizeId: 'o1' }, expect.anything()),
    );
    act(() => hook.result.current.search({ keyword: ' zhang ' }));
    await waitFor(() =>
      expect(fetch).toHaveBeenLastCalledWith(
        { currentPage: 1, pageSize: 20, organizeId: 'o1', keyword: 'zhang' },
        expect.anything(),
      ),
    );
    act(() => hook.result.current.reset());
    await waitFor(() =>
      expect(fetch).toHaveBeenLastCalledWith({ currentPage: 1, pageSize: 20, organizeId: 'o1' }, expect.anything()),
    );
  });

  test('a failed call stops loading and keeps the error for the error state', async () => {
    const { hook } = setup(vi.fn(async () => Promise.reject<PageData<{ id: string }>>(new Error('boom'))));
    await waitFor(() => expect(hook.result.current.error).toBeInstanceOf(Error));
    expect(hook.result.current.loading).toBe(false);
    expect(hook.result.current.rows).toEqual([]);
  });
});

describe('column settings (admin.md 2.6, 3.15)', () => {
  const defaults = [
    { prop: 'account', label: '账户' },
    { prop: 'realName', label: '姓名' },
    { prop: 'mobilePhone', label: '手机' },
  ];
  test('saved order and visibility, columnVisible of older clients, unknown columns dropped, new ones appended', () => {
    expect(
      mergeColumnSettings(defaults, [
        { prop: 'realName', label: 'x', columnVisible: false },
        { prop: 'gone', label: 'y', visible: true },
        { prop: 'account', label: 'z', visible: true },
      ]),
    ).toEqual([
      { prop: 'realName', label: '姓名', visible: false },
      { prop: 'account', label: '账户', visible: true },
      { prop: 'mobilePhone', label: '手机', visible: true },
    ]);
  });
  test('a column pinned left or right keeps its edge; anything else is not pinned', () => {
    expect(
      mergeColumnSettings(defaults, [
        { prop: 'account', fixed: 'left' },
        { prop: 'realName', fixed: 'middle' },
      ]),
    ).toEqual([
      { prop: 'account', label: '账户', visible: true, fixed: 'left' },
      { prop: 'realName', label: '姓名', visible: true },
      { prop: 'mobilePhone', label: '手机', visible: true },
    ]);
  });
  test('applied to a table: saved order, hidden columns out, pinned ones fixed, unkeyed columns last', () => {
    const columns = [{ key: 'account' }, { key: 'realName' }, { key: 'mobilePhone' }, { title: 'actions' }];
    expect(
      applyColumnSettings(columns, [
        { prop: 'mobilePhone', label: '手机', visible: true, fixed: 'right' },
        { prop: 'account', label: '账户', visible: true },
        { prop: 'realName', label: '姓名', visible: false },
      ]),
    ).toEqual([{ key: 'mobilePhone', fixed: 'right' }, { key: 'account' }, { title: 'actions' }]);
  });
  test('dragging moves one item', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
  });
});
