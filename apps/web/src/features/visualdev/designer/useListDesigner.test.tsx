import type { ColumnDefinition, FormDefinition } from '@platform/shared';
import { renderHook } from '@testing-library/react';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/index.ts';
import { HookProviders } from '../../../test-providers.tsx';
import { useListDesigner } from './useListDesigner.ts';

const form: FormDefinition = {
  fields: [
    { __vModel__: 'name', __config__: { jnpfKey: 'input', label: '名称' } },
    {
      __vModel__: 'level',
      __config__: { jnpfKey: 'select', label: '级别' },
      options: [{ id: '1', fullName: '一' }],
    },
    { __vModel__: 'amount', __config__: { jnpfKey: 'inputNumber', label: '金额' } },
  ],
};

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
  await i18n.loadNamespaces('visualdev');
});

/** The hook over `list`; each edit's list is what `onChange` received last. */
const renderDesigner = (list: ColumnDefinition) => {
  const onChange = vi.fn<(next: ColumnDefinition) => void>();
  const hook = renderHook(() => useListDesigner({ form, list, onChange }), { wrapper: HookProviders });
  return { state: hook.result.current, changed: () => onChange.mock.lastCall?.[0] };
};

describe('useListDesigner', () => {
  test('offers the value fields by label and code, and reads the list by field', () => {
    const { state } = renderDesigner({ columnList: [{ prop: 'name', label: '名称', width: 120 }] });
    expect(state.fieldOptions).toEqual([
      { value: 'name', label: '名称 (name)' },
      { value: 'level', label: '级别 (level)' },
      { value: 'amount', label: '金额 (amount)' },
    ]);
    expect(state.column('name')?.width).toBe(120);
    expect(state.column('amount')).toBeUndefined();
    expect(state.treeSource).toBe('dictionary');
  });

  test('showing a column keeps the form order; a column setting changes that column only', () => {
    const shown = renderDesigner({ columnList: [{ prop: 'amount', label: '金额' }] });
    shown.state.showColumn('name', true);
    expect(shown.changed()?.columnList?.map((c) => c.prop)).toEqual(['name', 'amount']);
    const patched = renderDesigner({
      columnList: [
        { prop: 'name', label: '名称' },
        { prop: 'amount', label: '金额' },
      ],
    });
    patched.state.patchColumn('amount', { align: 'right' });
    expect(patched.changed()?.columnList?.map((c) => c.align)).toEqual([undefined, 'right']);
  });

  test('a choice field is searched by its options; its search type can change', () => {
    const searched = renderDesigner({});
    searched.state.searchBy('level', true);
    expect(searched.changed()?.searchList).toMatchObject([{ prop: 'level', searchType: 1 }]);
    const typed = renderDesigner({ searchList: [{ prop: 'level', label: '级别', searchType: 1 }] });
    typed.state.patchSearch('level', { searchMultiple: true });
    expect(typed.changed()?.searchList?.[0]?.searchMultiple).toBe(true);
  });

  test('a button turned on is named in the user language and kept in the page order', () => {
    const { state, changed } = renderDesigner({ btnsList: [{ value: 'batchRemove', label: '批量删除' }] });
    expect(state.hasButton('btnsList', 'batchRemove')).toBe(true);
    expect(state.hasButton('columnBtnsList', 'edit')).toBe(false);
    state.setButton('btnsList', 'add', true);
    expect(changed()?.btnsList).toEqual([
      { value: 'add', label: i18n.t('designer.list.buttons.add', { ns: 'visualdev' }) },
      { value: 'batchRemove', label: '批量删除' },
    ]);
  });

  test('a setting is merged into the list as it is', () => {
    const { state, changed } = renderDesigner({ pageSize: 20, sort: 'desc' });
    state.set({ pageSize: 50 });
    expect(changed()).toEqual({ pageSize: 50, sort: 'desc' });
  });
});
