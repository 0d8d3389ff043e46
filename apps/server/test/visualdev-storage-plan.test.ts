import { FIELD_KINDS, type FormDefinition, type FormField } from '@platform/shared';
import { describe, expect, test } from 'vitest';
import { checkedIdentifier, columnTypeOf, FEW_VALUES, planStorage } from '../src/modules/visualdev/storage-plan.ts';

/** The record tables' plan: names made by the server, the steps a release runs, in their order. */

const field = (jnpfKey: string, name: string, rest: object = {}): FormField => ({
  __vModel__: name,
  __config__: { jnpfKey, label: name },
  ...rest,
});
const form = (...fields: FormField[]): FormDefinition => ({ fields });

describe('storage plan', () => {
  test('a first release makes the table, one generated column per field, a child table per sub-table', () => {
    const { plan, steps } = planStorage(
      '42',
      null,
      form(
        field('input', 'a"; drop table x; --'),
        field('inputNumber', 'price'),
        field('checkbox', 'tags'),
        { __vModel__: 'items', __config__: { jnpfKey: 'table', children: [field('input', 'item')] } },
        { __config__: { jnpfKey: 'row', children: [field('datePicker', 'day')] } },
      ),
      {
        searchList: [
          { prop: 'a"; drop table x; --', label: '', searchType: 2 },
          { prop: 'tags', label: '' },
        ],
      },
    );
    expect(plan.table).toBe('vd_42');
    expect(plan.columns.map((c) => [c.field, c.column, c.type])).toEqual([
      ['a"; drop table x; --', 'f1', 'text'],
      ['price', 'f2', 'numeric'],
      ['tags', 'f3', 'jsonb'],
      ['day', 'f4', 'timestamptz'],
    ]);
    expect(plan.children).toEqual([expect.objectContaining({ field: 'items', table: 'vd_42_c1' })]);
    expect(steps.map((s) => s.op)).toEqual([
      'createTable',
      'addColumn',
      'addColumn',
      'addColumn',
      'addColumn',
      'createTable',
      'addColumn',
      'createIndex',
      'createIndex',
    ]);
    expect(plan.indexes).toEqual(['f1:trgm', 'f3:gin']);
  });

  test('a changed kind converts its column after its old index is dropped; removed fields keep their column', () => {
    const first = planStorage('7', null, form(field('input', 'amount'), field('input', 'gone')), {
      searchList: [{ prop: 'amount', label: '', searchType: 2 }],
    });
    const { plan, steps } = planStorage(
      '7',
      first.plan,
      form(field('inputNumber', 'amount'), field('select', 'level')),
      {
        searchList: [{ prop: 'amount', label: '', searchType: 3 }],
      },
    );
    expect(steps).toEqual([
      { op: 'dropIndex', table: 'vd_7', column: 'f1', method: 'trgm' },
      { op: 'convertColumn', table: 'vd_7', column: 'f1', from: 'text', to: 'numeric' },
      { op: 'addColumn', table: 'vd_7', column: 'f3', type: 'jsonb' },
      { op: 'createIndex', table: 'vd_7', column: 'f1', method: 'btree' },
    ]);
    expect(plan.columns.find((c) => c.field === 'gone')).toMatchObject({ column: 'f2', retired: true });
  });

  test('a searched field of few values gets no index: a switch, a choice of up to FEW_VALUES static options', () => {
    const options = (n: number) => ({
      options: Array.from({ length: n }, (_, i) => ({ id: `v${i}`, fullName: `值${i}` })),
    });
    const searched = ['active', 'level', 'region', 'owner', 'grade'];
    const { plan } = planStorage(
      '9',
      null,
      form(
        field('switch', 'active'),
        field('select', 'level', options(3)),
        field('radio', 'region', options(FEW_VALUES + 1)),
        // Options from a dictionary are not known at release: they may be many.
        field('select', 'owner', { __config__: { jnpfKey: 'select', label: 'owner', dataType: 'dictionary' } }),
        field('radio', 'grade', options(FEW_VALUES)),
      ),
      { searchList: searched.map((prop) => ({ prop, label: '', searchType: 1 })) },
    );
    const columnOf = (name: string) => plan.columns.find((c) => c.field === name)?.column;
    expect(plan.indexes).toEqual([`${columnOf('owner')}:jsontext`, `${columnOf('region')}:jsontext`].sort());
  });

  test('a select set to hold several values keeps them as JSON; one set so later has its column converted', () => {
    const single = planStorage('8', null, form(field('popupTableSelect', 'partners')), null);
    expect(single.plan.columns[0]).toMatchObject({ field: 'partners', type: 'text' });
    const { plan, steps } = planStorage(
      '8',
      single.plan,
      form(field('popupTableSelect', 'partners', { multiple: true })),
      null,
    );
    expect(steps).toEqual([
      { op: 'convertColumn', table: 'vd_8', column: 'f1', from: 'text', to: 'jsonb', list: true },
    ]);
    expect(plan.columns[0]).toMatchObject({ field: 'partners', type: 'jsonb', list: true });
  });

  test('only names of the generated shapes pass towards SQL', () => {
    for (const name of ['vd_1', 'vd_123_c4', 'f12']) expect(checkedIdentifier(name)).toBe(name);
    for (const name of ['vd_1; drop', 'f1"', 'name', 'vd_x', 'F1', '']) expect(() => checkedIdentifier(name)).toThrow();
    expect(() => planStorage('1; drop table x', null, form(field('input', 'a')), null)).toThrow();
  });

  test.each([
    ['inputNumber', 'numeric'],
    ['calculate', 'numeric'],
    ['date', 'timestamptz'],
    ['createTime', 'timestamptz'],
    ['input', 'text'],
    ['billRule', 'text'],
    ['select', 'jsonb'],
    ['uploadFile', 'jsonb'],
  ])('%s is stored as %s', (kind, type) => {
    expect(columnTypeOf(kind)).toBe(type);
  });

  test('every value kind of the field-kind table has the column its value type names; unknown keys keep JSON', () => {
    const byKind = Object.fromEntries(
      Object.entries(FIELD_KINDS).flatMap(([key, kind]) =>
        kind.facets && kind.facets.value !== 'rows' ? [[key, columnTypeOf(key)]] : [],
      ),
    );
    // The columns records had before the table: numbers, times and plain text typed, the rest JSON.
    const typed = (type: string) =>
      Object.entries(byKind)
        .filter(([, t]) => t === type)
        .map(([k]) => k)
        .sort();
    expect(typed('numeric')).toEqual(['calculate', 'inputNumber', 'rate', 'slider']);
    expect(typed('timestamptz')).toEqual(['createTime', 'date', 'modifyTime']);
    expect(typed('text')).toEqual(
      [
        'input',
        'textarea',
        'PsdInput',
        'editor',
        'colorPicker',
        'time',
        'signature',
        'billRule',
        'createUser',
        'modifyUser',
        'currOrganize',
        'currPosition',
        'relationForm',
        'popupSelect',
        'popupTableSelect',
        'autoComplete',
        'location',
      ].sort(),
    );
    for (const [key, kind] of Object.entries(FIELD_KINDS))
      for (const alias of kind.aliases) expect(columnTypeOf(alias), alias).toBe(columnTypeOf(key));
    expect(columnTypeOf('someNewKind')).toBe('jsonb');
    expect(columnTypeOf('input', true)).toBe('jsonb');
  });
});
