import type { FormField } from '@platform/shared';
import { describe, expect, test } from 'vitest';
import {
  cellText,
  hasFetchedOptions,
  isGroupRow,
  listKind,
  openGroups,
  pageSizeOf,
  UNPAGED,
  withTreeFilter,
} from './record-list.ts';
import { toSideNodes } from './tree-panel.ts';

describe('generated list kinds', () => {
  test.each([
    [{}, 'plain'],
    [{ type: 1 }, 'plain'],
    [{ type: 3, groupField: 'region' }, 'grouped'],
    [{ type: 3 }, 'plain'],
    [{ type: 5, parentField: 'parent' }, 'tree'],
    [{ type: 5, groupField: 'region' }, 'plain'],
    [{ type: 4, groupField: 'region' }, 'inline'],
  ])('%j is %s', (list, kind) => {
    expect(listKind(list)).toBe(kind);
  });

  test('group head rows are open unless closed; records are not head rows', () => {
    const rows = [
      { id: 'group:"1"', top: true, children: [{ id: 'a' }] },
      { id: 'group:"2"', top: true, children: [] },
      { id: 'b' },
    ];
    expect(openGroups(rows, new Set(['group:"2"']))).toEqual(['group:"1"']);
    expect(rows.map(isGroupRow)).toEqual([true, true, false]);
  });
});

describe('the page size a generated list asks for', () => {
  test('the designed size until the person picks one; every record when the list is not paged', () => {
    expect(pageSizeOf({ pageSize: 30 }, 20, false)).toBe(30);
    expect(pageSizeOf({ pageSize: 30 }, 50, true)).toBe(50);
    expect(pageSizeOf({}, 20, false)).toBe(20);
    expect(pageSizeOf({ hasPage: false, pageSize: 30 }, 20, true)).toBe(UNPAGED);
  });
});

describe('the tree beside a type 2 list', () => {
  test('the chosen node’s values join the search of the list, over a search of the same field', () => {
    expect(withTreeFilter('', 'region', ['east', 'sh'])).toBe('{"region":["east","sh"]}');
    expect(JSON.parse(withTreeFilter('{"name":"A","region":"x"}', 'region', ['east']))).toEqual({
      name: 'A',
      region: ['east'],
    });
    expect(withTreeFilter('{"name":"A"}', 'region', [])).toBe('{"name":"A"}');
    expect(withTreeFilter('', undefined, ['east'])).toBe('');
  });

  test('nodes are told apart by position, so a value repeated in two branches is two nodes', () => {
    const tree = toSideNodes([
      { value: 'east', label: '华东', children: [{ value: 'sh', label: '上海', children: [] }] },
      { value: 'sh', label: '另一个上海', children: [] },
    ]);
    expect(tree.nodes).toEqual([
      { id: '0', fullName: '华东', children: [{ id: '0-0', fullName: '上海', children: [] }] },
      { id: '1', fullName: '另一个上海', children: [] },
    ]);
    expect(tree.valuesOf('0')).toEqual(['east', 'sh']);
    expect(tree.valuesOf('1')).toEqual(['sh']);
    expect(tree.valuesOf('9')).toEqual([]);
  });
});

describe('a list cell', () => {
  const grade: FormField = {
    __vModel__: 'grade',
    __config__: { jnpfKey: 'select', label: '等级', dataType: 'dictionary', dictionaryType: 'vd.grade' },
  };
  test('a dictionary-backed choice shows the names of the entries the page read, not the stored ids', () => {
    expect(hasFetchedOptions(grade)).toBe(true);
    const options = [
      { value: 'id-a', label: '甲等' },
      { value: 'id-b', label: '乙等' },
    ];
    expect(cellText(grade, 'id-b', options)).toBe('乙等');
    expect(
      cellText({ ...grade, __config__: { ...grade.__config__, jnpfKey: 'checkbox' } }, ['id-a', 'id-b'], options),
    ).toBe('甲等,乙等');
    // Before the entries arrive the stored value shows, as it did.
    expect(cellText(grade, 'id-b', [])).toBe('id-b');
  });
  test('static options need nothing fetched', () => {
    const level: FormField = {
      __vModel__: 'level',
      __config__: { jnpfKey: 'select', label: '级别' },
      options: [{ id: '1', fullName: '一级' }],
    };
    expect(hasFetchedOptions(level)).toBe(false);
    expect(cellText(level, '1')).toBe('一级');
  });
});
