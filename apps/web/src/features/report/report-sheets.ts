import type { ReportMerge, ReportOutputRow, ReportPageSetup, ReportPreview } from '@platform/shared';

/**
 * Whole-report print and PDF (issue 39): the report's rows laid out on sheets of paper. Pure, so
 * the splitting is tested without a browser; ReportPrint draws what these answer.
 */

/** The rows of a report (or of one sheet of paper) and its merges, rows counted from its first. */
export interface ReportRows {
  rows: ReportOutputRow[];
  merges: ReportMerge[];
}

/** Portrait paper in millimetres, as Excel and the browser's `@page size` name them. */
const PAPER_MM = {
  A4: { width: 210, height: 297 },
  A3: { width: 297, height: 420 },
  A5: { width: 148, height: 210 },
  Letter: { width: 215.9, height: 279.4 },
} as const;

/** A report without margins of its own prints with these: close to Excel's "narrow" margins. */
const DEFAULT_MARGIN_MM = 10;

export const PX_PER_MM = 96 / 25.4;

/** A row the template gives no height (px): ReportSheet draws it so, and counts its frozen rows' sticky offsets in it. */
export const DEFAULT_ROW_HEIGHT = 26;
/** The sheet's text, 13px, at antd's line height: a cell of bigger type grows its row past its height. */
const DEFAULT_FONT_PX = 13;
const LINE_HEIGHT = 1.6;

export interface ReportPaper {
  /** The paper, orientation applied (mm). */
  width: number;
  height: number;
  margins: { top: number; right: number; bottom: number; left: number };
}

/** The paper of a page setup: A4 portrait with narrow margins for whatever it leaves out. */
export function paperOf(setup: ReportPageSetup): ReportPaper {
  const portrait = PAPER_MM[setup.paper ?? 'A4'];
  const landscape = setup.orientation === 'landscape';
  return {
    width: landscape ? portrait.height : portrait.width,
    height: landscape ? portrait.width : portrait.height,
    margins: setup.margins ?? {
      top: DEFAULT_MARGIN_MM,
      right: DEFAULT_MARGIN_MM,
      bottom: DEFAULT_MARGIN_MM,
      left: DEFAULT_MARGIN_MM,
    },
  };
}

/**
 * The whole report from the pages `Actions/Preview` answered, in order. Each later page starts
 * with the header rows again when `repeatHeader` (reportPage repeats them): they and their merges
 * are dropped there, and the page's other merges move down to where its rows land.
 *
 * A merge that crossed from one page to the next comes back as two (reportPage cuts merges at
 * its page edges, and which pieces were one cannot be told from the pages): so the value of a
 * group crossing a fetched page's edge shows at the top of its second piece, as at a sheet's edge.
 */
export function joinPreviewPages(
  pages: readonly Pick<ReportPreview, 'rows' | 'merges'>[],
  headerRows: number,
  repeatHeader: boolean,
): ReportRows {
  const rows: ReportOutputRow[] = [];
  const merges: ReportMerge[] = [];
  pages.forEach((page, index) => {
    const skipped = index > 0 && repeatHeader ? headerRows : 0;
    const shift = rows.length - skipped;
    for (const merge of page.merges) if (merge.row >= skipped) merges.push({ ...merge, row: merge.row + shift });
    rows.push(...page.rows.slice(skipped));
  });
  return { rows, merges };
}

/** How tall a row is drawn (px): its height, or more when a cell's type is bigger than the row. */
export function rowHeightOf(row: ReportOutputRow): number {
  const fontPx = row.cells.reduce(
    (biggest, cell) => Math.max(biggest, cell?.style?.fontSize ? (cell.style.fontSize * 4) / 3 : DEFAULT_FONT_PX),
    DEFAULT_FONT_PX,
  );
  return Math.max(row.height ?? DEFAULT_ROW_HEIGHT, Math.ceil(fontPx * LINE_HEIGHT) + 1);
}

export interface SheetSpace {
  /** What the table may fill on a sheet, in the table's own pixels (a shrunk table fits more). */
  height: number;
  /** What the title above the table takes on the first sheet, in the same pixels. */
  firstSheetTitle: number;
}

/**
 * The report cut into sheets of paper by its rows' heights: as many rows as fit on each, at
 * least one (a row taller than the paper is shrunk onto its own sheet by whoever draws it). When
 * `repeatHeader`, each sheet starts with the `headerRows` first rows, unless they take the whole
 * sheet themselves (then they print once). A merge crossing a sheet's edge is cut there, as
 * reportPage cuts it at a page's: each piece is merged on its sheet, a piece one cell big is not a
 * merge; a group's value is on every row of the group, so the lower piece shows it too.
 */
export function reportSheets(
  report: ReportRows,
  heights: readonly number[],
  headerRows: number,
  repeatHeader: boolean,
  space: SheetSpace,
): ReportRows[] {
  const heightAt = (r: number) => heights[r] ?? DEFAULT_ROW_HEIGHT;
  let headerHeight = 0;
  for (let r = 0; r < headerRows; r++) headerHeight += heightAt(r);
  const repeated =
    repeatHeader && headerRows > 0 && headerHeight < space.height - space.firstSheetTitle ? headerRows : 0;

  if (report.rows.length === 0) return [];

  /** [from, to) of the rows after the repeated header, one range per sheet. */
  const ranges: [number, number][] = [];
  const headerRoom = repeated ? headerHeight : 0;
  let from = repeated;
  let room = space.height - space.firstSheetTitle - headerRoom;
  for (let r = repeated; r < report.rows.length; r++) {
    const height = heightAt(r);
    if (height > room && r > from) {
      ranges.push([from, r]);
      from = r;
      room = space.height - headerRoom;
    }
    room -= height;
  }
  // The last sheet; a report of header rows alone is one sheet of them.
  if (from < report.rows.length || ranges.length === 0) ranges.push([from, report.rows.length]);

  const header = report.rows.slice(0, repeated);
  const headerMerges = report.merges.filter((m) => m.row + m.rowSpan <= repeated);
  return ranges.map(([first, end]) => {
    const merges = [...headerMerges];
    for (const merge of report.merges) {
      if (merge.row + merge.rowSpan <= repeated) continue;
      const top = Math.max(merge.row, first);
      const bottom = Math.min(merge.row + merge.rowSpan, end);
      if (bottom - top < 1 || (bottom - top === 1 && merge.colSpan === 1)) continue;
      merges.push({ ...merge, row: top - first + header.length, rowSpan: bottom - top });
    }
    return { rows: [...header, ...report.rows.slice(first, end)], merges };
  });
}
