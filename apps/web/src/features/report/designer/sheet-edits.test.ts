import { type ReportLayout, reportSheetProblems } from '@platform/shared';
import { describe, expect, test } from 'vitest';
import {
  bindField,
  cellLabel,
  clearContents,
  deleteColumn,
  deleteRow,
  groupColumnsFor,
  insertColumn,
  insertRow,
  mergeCells,
  moveReferences,
  patchCell,
  rangeWithMerges,
  setColumnWidth,
  setFrozenRows,
  setRowKind,
  setStyle,
  stepFrom,
  typeIntoCell,
  unmergeCells,
} from './sheet-edits.ts';

/**
 * The designer's sheet edits (issue 39): what Excel does to rows, columns, merges and formulas when
 * a row or column is inserted or deleted, and what binding a field does to its row.
 */

/** A title merged over A1:C1, a header, a grouped detail row with a ratio formula, a subtotal and a total. */
const sheet = (): ReportLayout => ({
  columns: [{ width: 80 }, { width: 90 }, { width: 100 }, { width: 110 }],
  rows: [
    { kind: 'static', cells: [{ text: '销售' }] },
    { kind: 'static', cells: [{ text: '地区' }, { text: '城市' }, { text: '金额' }, { text: '占比' }] },
    {
      kind: 'detail',
      dataset: 'sales',
      cells: [{ field: 'region', group: true }, { field: 'city' }, { field: 'amount' }, { text: '=C3/B3' }],
    },
    { kind: 'subtotal', groupColumn: 0, cells: [{ text: '小计' }, null, { aggregate: 'sum' }] },
    { kind: 'total', cells: [{ text: '合计' }, null, { aggregate: 'sum' }] },
  ],
  merges: [
    { row: 0, col: 0, rowSpan: 1, colSpan: 3 },
    { row: 3, col: 0, rowSpan: 2, colSpan: 1 },
  ],
  frozenRows: 2,
});

describe('rows', () => {
  test('a row inserted above the detail row moves merges, formulas and frozen rows', () => {
    const next = insertRow(sheet(), 1);
    expect(next.rows?.map((r) => r.kind)).toEqual(['static', 'static', 'static', 'detail', 'subtotal', 'total']);
    expect(next.rows?.[3]?.cells[3]).toEqual({ text: '=C4/B4' });
    expect(next.merges).toEqual([
      { row: 0, col: 0, rowSpan: 1, colSpan: 3 },
      { row: 4, col: 0, rowSpan: 2, colSpan: 1 },
    ]);
    expect(next.frozenRows).toBe(3);
    expect(reportSheetProblems(next, ['sales'])).toEqual([]);
  });

  test('a row inserted inside a merge grows it; below the frozen rows leaves them', () => {
    const next = insertRow(sheet(), 4);
    expect(next.merges?.[1]).toEqual({ row: 3, col: 0, rowSpan: 3, colSpan: 1 });
    expect(next.frozenRows).toBe(2);
  });

  test('a deleted row takes its merge cells with it and moves the rows below up', () => {
    const next = deleteRow(sheet(), 0);
    expect(next.rows?.[1]?.cells[3]).toEqual({ text: '=C2/B2' });
    expect(next.merges).toEqual([{ row: 2, col: 0, rowSpan: 2, colSpan: 1 }]);
    expect(next.frozenRows).toBe(1);
    // A merge of two rows losing one is no merge at all.
    expect(deleteRow(sheet(), 3).merges).toEqual([{ row: 0, col: 0, rowSpan: 1, colSpan: 3 }]);
  });

  test('a formula that read a deleted cell shows #REF!, which the engine names as a problem', () => {
    expect(moveReferences('=C3/B3', (r, c) => (c === 1 ? null : { row: r, col: c }))).toBe('=C3/#REF!');
    const next = deleteColumn(sheet(), 1);
    expect(next.rows?.[2]?.cells[2]).toEqual({ text: '=B3/#REF!' });
    expect(reportSheetProblems(next, ['sales'])).toEqual([{ key: 'badFormula', row: 2, col: 2 }]);
  });

  test('a text that is no formula is never rewritten', () => {
    expect(moveReferences('A1 区域', () => ({ row: 5, col: 5 }))).toBe('A1 区域');
  });
});

describe('columns', () => {
  test('a column inserted before the group column moves cells, widths, merges, group column and formulas', () => {
    const next = insertColumn(sheet(), 0);
    expect(next.columns?.map((c) => c.width)).toEqual([100, 80, 90, 100, 110]);
    expect(next.rows?.[2]?.cells).toEqual([
      null,
      { field: 'region', group: true },
      { field: 'city' },
      { field: 'amount' },
      { text: '=D3/C3' },
    ]);
    expect(next.rows?.[3]?.groupColumn).toBe(1);
    expect(next.merges?.[0]).toEqual({ row: 0, col: 1, rowSpan: 1, colSpan: 3 });
    expect(reportSheetProblems(next, ['sales'])).toEqual([]);
  });

  test('a column inserted inside a merge widens it', () => {
    expect(insertColumn(sheet(), 1).merges?.[0]).toEqual({ row: 0, col: 0, rowSpan: 1, colSpan: 4 });
  });

  test('deleting the group column leaves the subtotal without one (a problem the list names)', () => {
    const next = deleteColumn(sheet(), 0);
    expect(next.rows?.[3]?.groupColumn).toBeUndefined();
    expect(next.merges).toEqual([{ row: 0, col: 0, rowSpan: 1, colSpan: 2 }]);
    expect(reportSheetProblems(next, ['sales'])).toContainEqual({ key: 'groupColumn', row: 3 });
  });

  test('a width is kept within the model (20 to 1000 px), earlier columns given theirs', () => {
    expect(setColumnWidth({}, 2, 5).columns).toEqual([{ width: 100 }, { width: 100 }, { width: 20 }]);
    expect(setColumnWidth(sheet(), 0, 4000).columns?.[0]).toEqual({ width: 1000 });
  });
});

describe('merges and styles', () => {
  test('merging keeps the top-left cell and replaces the merges it touches', () => {
    const next = mergeCells(sheet(), { top: 0, left: 0, bottom: 1, right: 1 });
    expect(next.merges).toEqual([
      { row: 3, col: 0, rowSpan: 2, colSpan: 1 },
      { row: 0, col: 0, rowSpan: 2, colSpan: 2 },
    ]);
    expect(next.rows?.[1]?.cells).toEqual([null, null, { text: '金额' }, { text: '占比' }]);
    expect(unmergeCells(next, { top: 1, left: 1, bottom: 1, right: 1 }).merges).toEqual([
      { row: 3, col: 0, rowSpan: 2, colSpan: 1 },
    ]);
  });

  test('a selection touching a merge grows over all of it', () => {
    expect(rangeWithMerges({ top: 1, left: 2, bottom: 1, right: 2 }, sheet().merges ?? [])).toEqual({
      top: 1,
      left: 2,
      bottom: 1,
      right: 2,
    });
    expect(rangeWithMerges({ top: 0, left: 2, bottom: 0, right: 3 }, sheet().merges ?? [])).toEqual({
      top: 0,
      left: 0,
      bottom: 0,
      right: 3,
    });
  });

  test('a style is laid over every cell of a range, empty cells included; undefined removes it', () => {
    const bold = setStyle(sheet(), { top: 1, left: 2, bottom: 2, right: 4 }, { bold: true, align: 'right' });
    expect(bold.rows?.[1]?.cells[4]).toEqual({ style: { bold: true, align: 'right' } });
    expect(bold.rows?.[2]?.cells[2]).toEqual({ field: 'amount', style: { bold: true, align: 'right' } });
    const plain = setStyle(bold, { top: 1, left: 4, bottom: 1, right: 4 }, { bold: undefined, align: undefined });
    expect(plain.rows?.[1]?.cells).toHaveLength(4);
  });

  test('Delete clears the contents and keeps the look', () => {
    const styled = setStyle(sheet(), { top: 2, left: 2, bottom: 2, right: 2 }, { bold: true });
    expect(clearContents(styled, { top: 2, left: 2, bottom: 2, right: 2 }).rows?.[2]?.cells[2]).toEqual({
      style: { bold: true },
    });
  });
});

describe('binding and row kinds', () => {
  test('a field bound on a static row makes it a detail row of the dataset', () => {
    const next = bindField({ rows: [{ kind: 'static', cells: [{ text: 'x' }] }] }, 0, 1, 'sales', 'city');
    expect(next.rows?.[0]).toEqual({ kind: 'detail', dataset: 'sales', cells: [{ text: 'x' }, { field: 'city' }] });
    expect(cellLabel(next, 0, 1)).toBe('[city]');
  });

  test('a field bound on a subtotal row binds the detail cell and sums it there', () => {
    const next = bindField(sheet(), 3, 3, 'sales', 'profit');
    expect(next.rows?.[2]?.cells[3]).toEqual({ field: 'profit' });
    expect(next.rows?.[3]?.cells[3]).toEqual({ aggregate: 'sum' });
    expect(cellLabel(next, 3, 3)).toBe('SUM(profit)');
  });

  test('a cross-tab measure (a detail cell that aggregates) is written with its own field', () => {
    const next = patchCell(sheet(), 2, 3, { field: 'profit', aggregate: 'sum' });
    expect(cellLabel(next, 2, 3)).toBe('SUM(profit)');
  });

  test('a subtotal row closes a group column of the detail row above', () => {
    const layout = sheet();
    expect(groupColumnsFor(layout, 3)).toEqual([0]);
    expect(groupColumnsFor(layout, 1)).toEqual([]);
    const next = setRowKind(layout, 4, { kind: 'subtotal', groupColumn: 0 });
    expect(next.rows?.[4]).toEqual({ kind: 'subtotal', groupColumn: 0, cells: layout.rows?.[4]?.cells });
    expect(setRowKind(next, 4, { kind: 'static' }).rows?.[4]).toEqual({
      kind: 'static',
      cells: layout.rows?.[4]?.cells,
    });
  });

  test('frozen rows stay within the sheet', () => {
    expect(setFrozenRows(sheet(), 9).frozenRows).toBe(5);
    expect(setFrozenRows(sheet(), 0)).not.toHaveProperty('frozenRows');
  });
});

describe('typing into a cell', () => {
  test('text, a formula, [field] and SUM(field) are read as the grid writes them', () => {
    let layout = typeIntoCell(sheet(), 0, 1, '=A1*2');
    expect(layout.rows?.[0]?.cells[1]).toEqual({ text: '=A1*2' });
    layout = typeIntoCell(layout, 1, 0, '[region]', 'sales');
    expect(layout.rows?.[1]).toMatchObject({ kind: 'detail', dataset: 'sales' });
    expect(layout.rows?.[1]?.cells[0]).toEqual({ field: 'region' });
    layout = typeIntoCell(sheet(), 4, 3, 'avg(ratio)');
    expect(layout.rows?.[4]?.cells[3]).toEqual({ aggregate: 'avg' });
    // The detail cell of the column holds a formula: it is not turned into a field.
    expect(layout.rows?.[2]?.cells[3]).toEqual({ text: '=C3/B3' });
    expect(typeIntoCell(sheet(), 3, 1, 'SUM(city)').rows?.[2]?.cells[1]).toEqual({ field: 'city' });
    expect(typeIntoCell(sheet(), 2, 2, '').rows?.[2]?.cells[2]).toBeNull();
  });
});

describe('moving the selection', () => {
  test('the arrows step over a merge and land on its top-left cell, within the sheet', () => {
    const layout = sheet();
    expect(stepFrom(layout, { row: 0, col: 0 }, 0, 1)).toEqual({ row: 0, col: 3 });
    expect(stepFrom(layout, { row: 1, col: 1 }, -1, 0)).toEqual({ row: 0, col: 0 });
    // A merge reaching the last row: down stays on it.
    expect(stepFrom(layout, { row: 3, col: 0 }, 1, 0)).toEqual({ row: 3, col: 0 });
    expect(stepFrom(layout, { row: 2, col: 0 }, 1, 0)).toEqual({ row: 3, col: 0 });
    expect(stepFrom(layout, { row: 4, col: 3 }, 1, 1)).toEqual({ row: 4, col: 3 });
  });
});
