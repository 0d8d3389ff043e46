import { describe, expect, test } from 'vitest';
import {
  cellText,
  fixedSearch,
  isGroupRow,
  listKind,
  openGroups,
  pageSizeOf,
  UNPAGED,
  withFixedSearch,
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
  const row = {
    id: 'r1',
    owner: '职员/clerk',
    level: '金牌',
    day: '2024-01-15',
    files: [{ name: '合同.pdf', fileId: 'f1', url: '/api/file/x' }],
    tags: ['甲', '乙'],
    score: 40,
    empty: null,
  };
  test('prints what the server answers: names, labels and dates as a person reads them', () => {
    expect(cellText(row, 'owner', false)).toBe('职员/clerk');
    expect(cellText(row, 'level', false)).toBe('金牌');
    expect(cellText(row, 'day', false)).toBe('2024-01-15');
    expect(cellText(row, 'score', false)).toBe('40');
    expect(cellText(row, 'tags', false)).toBe('甲,乙');
    expect(cellText(row, 'files', false)).toBe('合同.pdf');
    expect(cellText(row, 'empty', false)).toBe('');
    expect(cellText(row, 'missing', false)).toBe('');
  });
  test('a list edited in place shows the text beside the stored value, never the stored id', () => {
    const inline = { id: 'r2', owner: 'u-1', owner_name: '职员/clerk', level: 'd-9', level_name: '金牌', note: '备注' };
    expect(cellText(inline, 'owner', true)).toBe('职员/clerk');
    expect(cellText(inline, 'level', true)).toBe('金牌');
    // A field without a text beside it shows its own value.
    expect(cellText(inline, 'note', true)).toBe('备注');
  });
});

describe('a list held to fixed values (a report’s drill-through)', () => {
  const list = {
    searchList: [
      { prop: 'day', label: '日期', searchType: 3 },
      { prop: 'city', label: '城市', searchType: 2 },
    ],
  };
  test('each value an equality, a range search from it to it, empty values left out', () => {
    expect(fixedSearch(list, { city: '杭州', amount: 50, day: 1767225600000, note: '', owner: null })).toEqual({
      city: ['杭州'],
      amount: [50],
      day: [1767225600000, 1767225600000],
    });
  });
  test('laid over the search form’s queryJson, winning over a search of the same field', () => {
    expect(withFixedSearch('', {})).toBe('');
    expect(withFixedSearch('{"city":"上","note":"急"}', { city: ['杭州'] })).toBe('{"city":["杭州"],"note":"急"}');
  });
});
