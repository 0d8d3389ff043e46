import { type FormDefinition, listPermissions } from '@platform/shared';
import { describe, expect, test } from 'vitest';
import {
  candidatesOf,
  listOf,
  patchColumn,
  patchSearch,
  setButton,
  setColumn,
  setSearch,
  syncList,
} from './list-state.ts';

const form: FormDefinition = {
  fields: [
    { __vModel__: 'name', __config__: { jnpfKey: 'input', label: '名称' } },
    {
      __config__: {
        jnpfKey: 'card',
        children: [
          {
            __vModel__: 'level',
            __config__: { jnpfKey: 'select', label: '级别' },
            options: [{ id: '1', fullName: '一' }],
          },
          { __vModel__: 'amount', __config__: { jnpfKey: 'inputNumber', label: '金额' } },
        ],
      },
    },
    { __vModel__: 'lines', __config__: { jnpfKey: 'table', label: '明细', children: [] } },
  ],
};
const label = (value: string) => `L-${value}`;

describe('the list designer', () => {
  test('candidates are the value fields inside containers, without sub-tables', () => {
    expect(candidatesOf(form).map((c) => [c.prop, c.choice, c.ranged])).toEqual([
      ['name', false, false],
      ['level', true, false],
      ['amount', false, true],
    ]);
  });

  test('a new list is paged by 20 with the default buttons; a stored one keeps its settings', () => {
    const fresh = listOf('', label);
    expect(fresh).toMatchObject({ type: 1, hasPage: true, pageSize: 20, sort: 'desc' });
    expect(fresh.btnsList?.map((b) => b.label)).toEqual(['L-add', 'L-download', 'L-batchRemove']);
    expect(listOf('{"pageSize":50,"type":3}', label)).toMatchObject({ pageSize: 50, type: 3 });
    expect(listOf('not json', label).pageSize).toBe(20);
  });

  test('widths older definitions wrote as text are read as numbers, so saving writes numbers', () => {
    const stored = {
      columnList: [
        { prop: 'a', label: 'A', width: '120' },
        { prop: 'b', label: 'B', width: '90px' },
        { prop: 'c', label: 'C', width: '' },
      ],
    };
    expect(listOf(JSON.stringify(stored), label).columnList?.map((c) => c.width)).toEqual([120, 90, null]);
  });

  test('columns and searches are added in form order with their settings, and removed', () => {
    const candidates = candidatesOf(form);
    let list = listOf('', label);
    list = setColumn(list, candidates, 'amount', true);
    list = setColumn(list, candidates, 'name', true);
    list = patchColumn(list, 'amount', { width: 120, align: 'right', fixed: 'right', sortable: true });
    expect(list.columnList).toEqual([
      { prop: 'name', label: '名称', jnpfKey: 'input', width: null, align: 'left', fixed: 'none', sortable: false },
      {
        prop: 'amount',
        label: '金额',
        jnpfKey: 'inputNumber',
        width: 120,
        align: 'right',
        fixed: 'right',
        sortable: true,
      },
    ]);
    list = setSearch(list, candidates, 'level', true);
    list = setSearch(list, candidates, 'amount', true);
    list = setSearch(list, candidates, 'name', true);
    list = patchSearch(list, 'level', { searchMultiple: true });
    expect(list.searchList?.map((s) => [s.prop, s.searchType, s.searchMultiple])).toEqual([
      ['name', 2, false],
      ['level', 1, true],
      ['amount', 3, false],
    ]);
    list = setColumn(list, candidates, 'name', false);
    expect(list.columnList?.map((c) => c.prop)).toEqual(['amount']);
  });

  test('buttons keep the page order; permissions follow buttons, columns and fields', () => {
    let list = listOf('', label);
    list = setButton(list, 'btnsList', 'add', 'L-add', false);
    list = setButton(list, 'btnsList', 'add', 'L-add', true);
    list = setButton(list, 'btnsList', 'upload', 'L-upload', true);
    expect(list.btnsList?.map((b) => b.value)).toEqual(['add', 'download', 'upload', 'batchRemove']);
    list = setColumn(list, candidatesOf(form), 'name', true);
    const entries = listPermissions(form, list);
    expect(entries.buttons.map((b) => b.enCode)).toEqual([
      'btn_add',
      'btn_export',
      'btn_upload',
      'btn_remove',
      'btn_edit',
      'btn_detail',
    ]);
    expect(entries.columns).toEqual([{ enCode: 'name', fullName: '名称' }]);
    expect(entries.forms.map((f) => f.enCode)).toEqual(['name', 'level', 'amount', 'lines']);
  });

  test('saving follows the form: a removed field leaves the list, a renamed label is taken over', () => {
    const candidates = candidatesOf(form);
    let list = setColumn(listOf('', label), candidates, 'name', true);
    list = setColumn(list, candidates, 'amount', true);
    list = { ...list, defaultSidx: 'amount', groupField: 'amount' };
    const changed: FormDefinition = {
      fields: [{ __vModel__: 'name', __config__: { jnpfKey: 'input', label: '新名称' } }],
    };
    const synced = syncList(list, candidatesOf(changed));
    expect(synced.columnList?.map((c) => [c.prop, c.label])).toEqual([['name', '新名称']]);
    expect(synced).toMatchObject({ defaultSidx: '', groupField: '' });
  });
});
