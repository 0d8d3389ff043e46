import type { ReportMerge, ReportOutputRow } from '@platform/shared';
import { describe, expect, test } from 'vitest';
import { joinPreviewPages, paperOf, type ReportRows, reportSheets, rowHeightOf } from './report-sheets.ts';

/**
 * Whole-report print and PDF (issue 39): the pages the server answers joined into the report, and
 * the report cut into sheets of paper by its rows' heights, the header on each, merges cut at a
 * sheet's edge.
 */

/** A row whose first cell reads `text`, `height` px tall. */
const row = (text: string, height = 20, kind: ReportOutputRow['kind'] = 'detail'): ReportOutputRow => ({
  kind,
  height,
  cells: [{ text, value: text }, null],
});
const texts = (sheet: ReportRows) => sheet.rows.map((r) => r.cells[0]?.text);
const merge = (r: number, rowSpan: number, col = 0, colSpan = 1): ReportMerge => ({ row: r, col, rowSpan, colSpan });

describe('paperOf', () => {
  test.each([
    [{}, 210, 297],
    [{ paper: 'A3', orientation: 'landscape' }, 420, 297],
    [{ paper: 'A5' }, 148, 210],
    [{ paper: 'Letter', orientation: 'landscape' }, 279.4, 215.9],
  ] as const)('%o is %s × %s mm', (setup, width, height) => {
    expect(paperOf(setup)).toMatchObject({ width, height });
  });

  test('margins are the setup’s, else 10 mm', () => {
    const margins = { top: 5, right: 6, bottom: 7, left: 8 };
    expect(paperOf({ margins }).margins).toEqual(margins);
    expect(paperOf({}).margins).toEqual({ top: 10, right: 10, bottom: 10, left: 10 });
  });
});

test('a row is as tall as its height, or its biggest type', () => {
  expect(rowHeightOf({ kind: 'detail', cells: [null] })).toBe(26);
  expect(rowHeightOf(row('a', 40))).toBe(40);
  const big: ReportOutputRow = {
    kind: 'static',
    height: 20,
    cells: [{ text: 'T', value: 'T', style: { fontSize: 24 } }],
  };
  expect(rowHeightOf(big)).toBe(53);
});

describe('joinPreviewPages', () => {
  const header = [row('标题', 30, 'static'), row('表头', 20, 'static')];
  const headerMerges = [merge(0, 1, 0, 2)];

  test('the later pages’ repeated header is dropped, their merges moved down', () => {
    const pages = [
      { rows: [...header, row('a'), row('b')], merges: [...headerMerges, merge(2, 2)] },
      { rows: [...header, row('c'), row('d'), row('e')], merges: [...headerMerges, merge(3, 2)] },
    ];
    const joined = joinPreviewPages(pages, 2, true);
    expect(texts(joined)).toEqual(['标题', '表头', 'a', 'b', 'c', 'd', 'e']);
    expect(joined.merges).toEqual([merge(0, 1, 0, 2), merge(2, 2), merge(5, 2)]);
  });

  test('without repeatHeader the later pages have no header to drop', () => {
    const pages = [
      { rows: [...header, row('a')], merges: headerMerges },
      { rows: [row('b'), row('c')], merges: [merge(0, 2)] },
    ];
    const joined = joinPreviewPages(pages, 2, false);
    expect(texts(joined)).toEqual(['标题', '表头', 'a', 'b', 'c']);
    expect(joined.merges).toEqual([merge(0, 1, 0, 2), merge(3, 2)]);
  });
});

describe('reportSheets', () => {
  // A title (30 px) and a column header (20 px), then ten rows of 20 px.
  const report: ReportRows = {
    rows: [row('标题', 30, 'static'), row('表头', 20, 'static'), ...'abcdefghij'.split('').map((t) => row(t))],
    merges: [merge(0, 1, 0, 2)],
  };
  // The heights as given, so the sheets' arithmetic reads plainly (rowHeightOf is tested above).
  const heights = report.rows.map((r) => r.height ?? 0);

  test('rows fill each sheet as far as they fit, the header at the top of each', () => {
    // 100 px: the header takes 50, so two rows after it; on the first sheet the title takes 30 more.
    const sheets = reportSheets(report, heights, 2, true, { height: 100, firstSheetTitle: 30 });
    expect(sheets.map(texts)).toEqual([
      ['标题', '表头', 'a'],
      ['标题', '表头', 'b', 'c'],
      ['标题', '表头', 'd', 'e'],
      ['标题', '表头', 'f', 'g'],
      ['标题', '表头', 'h', 'i'],
      ['标题', '表头', 'j'],
    ]);
    // The title's merge is on every sheet with its header.
    for (const sheet of sheets) expect(sheet.merges).toEqual([merge(0, 1, 0, 2)]);
  });

  test('without repeatHeader the header is on the first sheet only', () => {
    const sheets = reportSheets(report, heights, 2, false, { height: 100, firstSheetTitle: 0 });
    expect(sheets.map(texts)).toEqual([
      ['标题', '表头', 'a', 'b'],
      ['c', 'd', 'e', 'f', 'g'],
      ['h', 'i', 'j'],
    ]);
    expect(sheets.map((s) => s.merges)).toEqual([[merge(0, 1, 0, 2)], [], []]);
  });

  test('a merge crossing a sheet’s edge is cut in two; a piece one cell big is no merge', () => {
    // Groups merged down column 0: a-b (rows 2-3), c-d (4-5) and e-h (6-9); b-c merged in column 1.
    const grouped: ReportRows = {
      rows: report.rows,
      merges: [merge(2, 2), merge(4, 2), merge(6, 4), merge(3, 2, 1, 1)],
    };
    const sheets = reportSheets(grouped, heights, 2, true, { height: 110, firstSheetTitle: 0 });
    expect(sheets.map(texts)).toEqual([
      ['标题', '表头', 'a', 'b', 'c'],
      ['标题', '表头', 'd', 'e', 'f'],
      ['标题', '表头', 'g', 'h', 'i'],
      ['标题', '表头', 'j'],
    ]);
    expect(sheets.map((s) => s.merges.filter((m) => m.row >= 2))).toEqual([
      // c-d is cut into two single cells: no merge on either sheet.
      [merge(2, 2), merge(3, 2, 1, 1)],
      [merge(3, 2)],
      // h ends the group: its piece here is g-h; i is not in it.
      [merge(2, 2)],
      [],
    ]);
  });

  test('a row taller than the sheet gets a sheet of its own', () => {
    const tall: ReportRows = { rows: [row('a'), row('huge', 400), row('b')], merges: [] };
    const sheets = reportSheets(tall, [20, 400, 20], 0, true, { height: 100, firstSheetTitle: 0 });
    expect(sheets.map(texts)).toEqual([['a'], ['huge'], ['b']]);
  });

  test('a header as tall as the sheet prints once, not on every sheet', () => {
    const sheets = reportSheets(report, heights, 2, true, { height: 50, firstSheetTitle: 0 });
    expect(sheets[0] && texts(sheets[0])).toEqual(['标题', '表头']);
    expect(sheets[1] && texts(sheets[1])).toEqual(['a', 'b']);
  });

  test('a report of a header alone is one sheet; no rows, no sheets', () => {
    const headerOnly: ReportRows = { rows: report.rows.slice(0, 2), merges: [] };
    expect(reportSheets(headerOnly, heights, 2, true, { height: 100, firstSheetTitle: 0 }).map(texts)).toEqual([
      ['标题', '表头'],
    ]);
    expect(reportSheets({ rows: [], merges: [] }, [], 0, true, { height: 100, firstSheetTitle: 0 })).toEqual([]);
  });
});
