import { describe, expect, test } from 'vitest';
import { editableRows, editCell, hasProblems, progressPercent } from './sheet-import-api.ts';

describe('preview rows in the wizard', () => {
  const rows = editableRows({
    headerRow: [],
    dataRow: [
      { account: 'a1', realName: '' },
      { account: 'a2', realName: '乙' },
    ],
    cellErrors: [{ realName: '姓名不能为空', account: '账户已存在' }, {}],
  });

  test('each row carries its cells and the server’s problems with them', () => {
    expect(rows.map((r) => [r.key, hasProblems(r)])).toEqual([
      [0, true],
      [1, false],
    ]);
  });

  test('editing a cell changes that cell and drops only that cell’s problem', () => {
    const edited = editCell(rows[0]!, 'realName', '甲');
    expect(edited.cells).toEqual({ account: 'a1', realName: '甲' });
    expect(edited.errors).toEqual({ account: '账户已存在' });
    expect(rows[0]!.errors).toEqual({ realName: '姓名不能为空', account: '账户已存在' });
    expect(hasProblems(editCell(edited, 'account', 'a3'))).toBe(false);
  });

  test('a preview without cellErrors (an older server) shows every row as fine', () => {
    const plain = editableRows({ headerRow: [], dataRow: [{ account: 'x' }], cellErrors: [] });
    expect(plain[0]!.errors).toEqual({});
  });
});

test.each([
  [0, 0, 0],
  [0, 10_000, 0],
  [999, 10_000, 9],
  [10_000, 10_000, 100],
  [12, 10, 100],
])('progress %i of %i is %i %%', (done, total, percent) => {
  expect(progressPercent(done, total)).toBe(percent);
});
