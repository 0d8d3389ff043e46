import type { PageData, RecordPageConfig } from '@platform/shared';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { i18n } from '../../../../shared/i18n/index.ts';
import { clearQueries, HookProviders } from '../../../../test-providers.tsx';
import { type RecordRow, visualdevApi } from '../../api.ts';
import { queryJsonOf, useRecordPage } from './useRecordPage.ts';

/** A released model with one text field, a list of 20 a page and a search box on it. */
const config = (list: Record<string, unknown> = {}): RecordPageConfig => ({
  id: 'm1',
  fullName: '订单',
  webType: '2',
  enableFlow: 0,
  flowId: '',
  formData: JSON.stringify({
    fields: [{ __vModel__: 'name', __config__: { jnpfKey: 'input', label: '名称', required: false } }],
  }),
  columnData: JSON.stringify({
    columnList: [{ prop: 'name', label: '名称' }],
    searchList: [{ prop: 'name', label: '名称' }],
    pageSize: 20,
    ...list,
  }),
  appColumnData: '',
});
const page = (rows: RecordRow[]): PageData<RecordRow> => ({
  list: rows,
  pagination: { currentPage: 1, pageSize: 20, total: rows.length },
});
const saved = { code: 200, msg: '保存成功', data: null };

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
  await i18n.loadNamespaces(['visualdev', 'workflow']);
});
beforeEach(clearQueries);
afterEach(() => vi.restoreAllMocks());

// The menu id is left empty: the column settings then stay local and ask the server nothing.
const renderPage = async (list?: Record<string, unknown>) => {
  vi.spyOn(visualdevApi, 'config').mockResolvedValue(config(list));
  const fetchList = vi.spyOn(visualdevApi, 'list').mockResolvedValue(page([{ id: 'r1', name: '甲' }]));
  const hook = renderHook(() => useRecordPage('m1', ''), { wrapper: HookProviders });
  await waitFor(() => expect(hook.result.current.list.rows).toHaveLength(1));
  return { hook, fetchList };
};

describe('useRecordPage', () => {
  test('reads the released model, then asks the first page with the designed size', async () => {
    const { hook, fetchList } = await renderPage();
    expect(hook.result.current.model?.fields.has('name')).toBe(true);
    expect(hook.result.current.listColumns.map((c) => c.prop)).toEqual(['name']);
    expect(fetchList).toHaveBeenCalledWith(
      'm1',
      expect.objectContaining({ currentPage: 1, pageSize: 20, menuId: '', sidx: '' }),
      expect.anything(),
    );
  });

  test('a search sends its values as queryJson, a reset sends none', async () => {
    const { hook, fetchList } = await renderPage();
    act(() => hook.result.current.search({ name: '甲', empty: '' }));
    await waitFor(() =>
      expect(fetchList).toHaveBeenLastCalledWith(
        'm1',
        expect.objectContaining({ queryJson: '{"name":"甲"}' }),
        expect.anything(),
      ),
    );
    act(() => hook.result.current.search({}));
    await waitFor(() => expect(fetchList.mock.lastCall?.[1].queryJson).toBeFalsy());
  });

  test('add opens an empty form; saving it creates the record, closes the form and reloads the list', async () => {
    const { hook, fetchList } = await renderPage();
    const create = vi.spyOn(visualdevApi, 'create').mockResolvedValue(saved);
    act(() => hook.result.current.add());
    await waitFor(() => expect(hook.result.current.editing).toMatchObject({ kind: 'form', id: null }));
    hook.result.current.editing?.store.set('name', '乙');
    const calls = fetchList.mock.calls.length;
    await act(() => hook.result.current.save());
    expect(create).toHaveBeenCalledWith('m1', expect.objectContaining({ name: '乙' }), '');
    expect(hook.result.current.editing).toBeNull();
    await waitFor(() => expect(fetchList.mock.calls.length).toBeGreaterThan(calls));
  });

  test('edit loads the record into the form and saving updates it; detail opens it read-only', async () => {
    const { hook } = await renderPage();
    vi.spyOn(visualdevApi, 'info').mockResolvedValue({ id: 'r1', data: JSON.stringify({ name: '甲' }) });
    const update = vi.spyOn(visualdevApi, 'update').mockResolvedValue(saved);
    act(() => hook.result.current.edit('r1'));
    await waitFor(() => expect(hook.result.current.editing).toMatchObject({ kind: 'form', id: 'r1' }));
    await act(() => hook.result.current.save());
    expect(update).toHaveBeenCalledWith('m1', 'r1', expect.objectContaining({ name: '甲' }), '');
    await act(() => hook.result.current.openDetail('r1'));
    expect(hook.result.current.editing).toMatchObject({ kind: 'detail', id: 'r1' });
    act(() => hook.result.current.close());
    expect(hook.result.current.editing).toBeNull();
  });

  test('a failed save keeps the form open with what was typed', async () => {
    const { hook } = await renderPage();
    vi.spyOn(visualdevApi, 'create').mockRejectedValue(new Error('refused'));
    act(() => hook.result.current.add());
    await waitFor(() => expect(hook.result.current.editing).not.toBeNull());
    await act(() => hook.result.current.save());
    expect(hook.result.current.editing).toMatchObject({ kind: 'form' });
    expect(hook.result.current.saving).toBe(false);
  });

  test('picking another page size in the pager keeps it over the designed one', async () => {
    const { hook, fetchList } = await renderPage();
    act(() => hook.result.current.setPage(1, 50));
    await waitFor(() =>
      expect(fetchList).toHaveBeenLastCalledWith('m1', expect.objectContaining({ pageSize: 50 }), expect.anything()),
    );
    expect(hook.result.current.pageSize).toBe(50);
  });

  test('a group closes and opens again; batch remove without a selection asks nothing', async () => {
    const { hook } = await renderPage();
    const remove = vi.spyOn(visualdevApi, 'remove');
    act(() => hook.result.current.toggleGroup(false, 'g1'));
    expect([...hook.result.current.closedGroups]).toEqual(['g1']);
    act(() => hook.result.current.toggleGroup(true, 'g1'));
    expect(hook.result.current.closedGroups.size).toBe(0);
    act(() => hook.result.current.batchRemove());
    expect(remove).not.toHaveBeenCalled();
  });

  test('the import wizard opens, and closing it after a change reloads the list', async () => {
    const { hook, fetchList } = await renderPage();
    act(() => hook.result.current.openImport());
    expect(hook.result.current.importing).toBe(true);
    const calls = fetchList.mock.calls.length;
    act(() => hook.result.current.closeImport(true));
    expect(hook.result.current.importing).toBe(false);
    await waitFor(() => expect(fetchList.mock.calls.length).toBeGreaterThan(calls));
  });
});

test('queryJsonOf leaves empty values out and sends nothing for an empty form', () => {
  expect(queryJsonOf({ a: '', b: null, c: [], d: 'x', e: [1, 2] })).toBe('{"d":"x","e":[1,2]}');
  expect(queryJsonOf({})).toBe('');
});
