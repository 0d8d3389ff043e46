import { describe, expect, test } from 'vitest';
import { isGroupRow, listKind, openGroups, pageSizeOf, UNPAGED } from './record-list.ts';

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
