import type { ReportChart, ReportMerge } from '../schemas/report.ts';
import type { ReportFilledRow, ReportOutput, ReportOutputRow, ReportSheetSink } from './report-sheet.ts';
import { formatReportValue, reportValueOf, roundFloat } from './report-values.ts';

type DataRecord = Readonly<Record<string, unknown>>;

/** One page of a filled sheet: the header (repeated on later pages) and `size` rows after it, merges cut to the page. */
export interface ReportPage {
  columns: number[];
  rows: ReportOutputRow[];
  merges: ReportMerge[];
  /** 1-based. */
  page: number;
  pages: number;
  /** Output rows in all, header included. */
  total: number;
}

/**
 * A sink that keeps one page of a sheet as it streams by: the header rows and the wanted page's
 * rows and merges, counting the rest. A page past the last shows the last, so until the wanted
 * page comes the latest page is kept. Merges come after the rows they cover, so when a later page
 * starts none kept so far can reach it.
 */
export class ReportPageKeeper implements ReportSheetSink {
  private readonly header: ReportFilledRow[] = [];
  private readonly headerMerges: ReportMerge[] = [];
  private kept: ReportFilledRow[] = [];
  private keptMerges: ReportMerge[] = [];
  private keptPage = -1;
  private count = 0;
  private readonly wanted: number;

  constructor(
    private readonly headerRows: number,
    page: number,
    private readonly size: number,
    private readonly repeatHeader = true,
  ) {
    this.wanted = Math.max(1, Math.trunc(page) || 1) - 1;
  }

  row(row: ReportFilledRow, index: number): void {
    this.count = index + 1;
    if (index < this.headerRows) {
      this.header.push(row);
      return;
    }
    const page = Math.floor((index - this.headerRows) / this.size);
    if (page > this.wanted) return;
    if (page !== this.keptPage) {
      this.kept = [];
      this.keptMerges = [];
      this.keptPage = page;
    }
    this.kept.push(row);
  }

  /** Rows past the wanted page are only counted. */
  wantsRows(): boolean {
    return this.count < this.headerRows + (this.wanted + 1) * this.size;
  }

  skipped(index: number): void {
    this.count = index + 1;
  }

  merge(merge: ReportMerge): void {
    if (merge.row < this.headerRows) {
      this.headerMerges.push(merge);
      return;
    }
    const from = this.headerRows + this.keptPage * this.size;
    if (this.keptPage >= 0 && merge.row < from + this.size && merge.row + merge.rowSpan > from)
      this.keptMerges.push(merge);
  }

  page(columns: number[]): ReportPage {
    const bodyRows = Math.max(0, this.count - this.headerRows);
    const pages = Math.max(1, Math.ceil(bodyRows / this.size));
    const current = this.keptPage < 0 ? 1 : this.keptPage + 1;
    const from = this.headerRows + (current - 1) * this.size;
    const to = Math.min(this.count, from + this.size);
    const header = current === 1 || this.repeatHeader ? this.header : [];
    const shift = header.length - from;
    const merges: ReportMerge[] = header.length ? [...this.headerMerges] : [];
    for (const merge of this.keptMerges) {
      const top = Math.max(merge.row, from);
      const bottom = Math.min(merge.row + merge.rowSpan, to);
      if (bottom - top < 1 || (bottom - top === 1 && merge.colSpan === 1)) continue;
      merges.push({ ...merge, row: top + shift, rowSpan: bottom - top });
    }
    const withText = (row: ReportFilledRow): ReportOutputRow => ({
      ...row,
      cells: row.cells.map((cell) => (cell ? { ...cell, text: formatReportValue(cell.value, cell.format) } : null)),
    });
    return {
      columns,
      rows: [...header, ...this.kept].map(withText),
      merges,
      page: current,
      pages,
      total: this.count,
    };
  }
}

export function reportPage(output: ReportOutput, page: number, size: number, repeatHeader = true): ReportPage {
  const keeper = new ReportPageKeeper(output.headerRows, page, size, repeatHeader);
  output.rows.forEach((row, index) => {
    keeper.row(row, index);
  });
  for (const merge of output.merges) keeper.merge(merge);
  return keeper.page(output.columns);
}

export interface ReportChartFigures {
  title: string;
  type: ReportChart['type'];
  categories: string[];
  series: { name: string; data: number[] }[];
}

/**
 * A chart's figures as its dataset's records pass: each value field summed per category,
 * categories in the order of their first record's `position` in the dataset (a block may read
 * the records in group order).
 */
export class ReportChartSums {
  private readonly sums = new Map<string, { first: number; sum: number[] }>();

  constructor(private readonly chart: ReportChart) {}

  add(record: DataRecord, position: number): void {
    const { chart } = this;
    const category = String(reportValueOf(record[chart.category]) ?? '');
    let entry = this.sums.get(category);
    if (!entry) {
      entry = { first: position, sum: chart.values.map(() => 0) };
      this.sums.set(category, entry);
    } else if (position < entry.first) entry.first = position;
    const { sum } = entry;
    chart.values.forEach((field, i) => {
      const value = reportValueOf(record[field]);
      if (typeof value === 'number') sum[i] = roundFloat((sum[i] ?? 0) + value);
    });
  }

  figures(): ReportChartFigures {
    const entries = [...this.sums.entries()].sort((a, b) => a[1].first - b[1].first);
    return {
      title: this.chart.title ?? '',
      type: this.chart.type,
      categories: entries.map(([category]) => category),
      series: this.chart.values.map((name, i) => ({ name, data: entries.map(([, entry]) => entry.sum[i] ?? 0) })),
    };
  }
}

/** A chart's figures from its dataset's rows: each value field summed per category, categories in first-come order. */
export function reportChartData(chart: ReportChart, rows: readonly DataRecord[]): ReportChartFigures {
  const sums = new ReportChartSums(chart);
  rows.forEach((row, index) => {
    sums.add(row, index);
  });
  return sums.figures();
}
