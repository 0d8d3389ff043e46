import { describe, expect, test } from 'vitest';
import { isGroupRow, listKind, openGroups, pageSizeOf, UNPAGED, withTreeFilter } from './record-list.ts';
import { toSideNodes } from './tree-panel.ts';

describe('generated list kinds', () => {
  test.each([
    [{}, 'plain'],
    [{ type: 1 }, 'plain'],
    [{ type: 3, groupField: 'region' }, 'grouped'],
    [{ type: 3 }, 'plain'],
    [{ type: 5, parentField: 'parent' }, 'tree'],
    [{ type: 5, groupField: 'region' }, 'plain'],
    [{ type: 4, groupField: 'region' }, 'plain'],
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
