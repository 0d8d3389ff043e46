import { type ReportInfo, type ReportPreview, reportSheetShape } from '@platform/shared';
import { type Ref, useEffect, useRef, useState } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../shared/download.ts';
import { useToast } from '../../../shared/toast.tsx';
import { reportApi } from '../api.ts';
import type { ReportParameterValues } from '../report-parameters.ts';
import {
  joinPreviewPages,
  PX_PER_MM,
  paperOf,
  type ReportPaper,
  type ReportRows,
  reportSheets,
  rowHeightOf,
} from '../report-sheets.ts';
import { ReportSheet } from './ReportSheet.tsx';

/** The largest page `Actions/Preview` answers: the fewest calls for the whole report. */
const WHOLE_REPORT_PAGE_SIZE = 1000;
/** The report's name above the table on the first sheet (px): a fixed height, so the rows under it can be counted. */
const TITLE_HEIGHT = 32;
/**
 * Pixels left free at the foot of each sheet: a collapsed table's borders and the browser's
 * rounding of millimetres must not push the last row onto a sheet of its own.
 */
const SHEET_SLACK = 6;
/** A chart on the first sheet: its title line, the tallest picture, and the space between charts (px). */
const CHART_TITLE_HEIGHT = 20;
const CHART_MAX_HEIGHT = 240;
const CHART_GAP = 8;
/** Charts side by side on the first sheet; more go on further rows. */
const CHARTS_PER_ROW = 2;

/**
 * `answer`, or a rejection as soon as `signal` aborts: 取消 ends a long read at once. The page
 * asked for still finishes on the server (the viewer's `preview` call takes no signal); its
 * answer is dropped.
 */
function untilCancelled<T>(answer: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const cancelled = () => reject(signal.reason);
    if (signal.aborted) return cancelled();
    signal.addEventListener('abort', cancelled, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', cancelled));
  });
}

/** A page the server refused or could not answer: its message is the server's, in the person's language already. */
class ReadFailure extends Error {}

/** The report laid out on paper, ready to be drawn. */
interface PaperReport {
  fullName: string;
  columns: number[];
  paper: ReportPaper;
  /** The table's shrink to the paper's width (1 when it fits). */
  zoom: number;
  sheets: ReportRows[];
  /** The charts above the table on the first sheet, as pictures, and the size they are drawn at. */
  charts: { title: string; picture: string }[];
  chartSize: ChartSize;
  /** `print`: hidden on screen, alone on paper; `pdf`: laid out off screen for printPdf to draw. */
  purpose: 'print' | 'pdf';
}

/** What the toolbar shows while a print or a PDF is being made. */
export interface ReportOutputProgress {
  purpose: 'print' | 'pdf';
  /** `fetch`: pages of the report read (total 0 until the first page says how many); `draw`: PDF sheets drawn. */
  step: 'fetch' | 'draw';
  done: number;
  total: number;
}

interface ChartSize {
  width: number;
  height: number;
  /** What the charts take on the first sheet, their titles and gaps included. */
  block: number;
}

/** The paper's content box in CSS pixels (inside the margins). */
function contentBox(paper: ReportPaper) {
  const { top, right, bottom, left } = paper.margins;
  return {
    width: (paper.width - left - right) * PX_PER_MM,
    height: (paper.height - top - bottom) * PX_PER_MM - SHEET_SLACK,
  };
}

/**
 * How big each of `count` charts is drawn on the first sheet: two to a row across the paper, as
 * tall as CHART_MAX_HEIGHT but all of them within half the sheet, so the table starts there too.
 */
function chartSizeOf(paper: ReportPaper, count: number): ChartSize {
  if (count === 0) return { width: 0, height: 0, block: 0 };
  const box = contentBox(paper);
  const perRow = Math.min(count, CHARTS_PER_ROW);
  const rows = Math.ceil(count / perRow);
  const width = Math.floor((box.width - CHART_GAP * (perRow - 1)) / perRow);
  const height = Math.floor(Math.min(CHART_MAX_HEIGHT, box.height / 2 / rows - CHART_TITLE_HEIGHT - CHART_GAP));
  return { width, height, block: rows * (height + CHART_TITLE_HEIGHT + CHART_GAP) };
}

/** The whole report's rows on sheets of its page setup's paper, the charts' pictures on the first. */
function onPaper(
  pages: ReportPreview[],
  info: ReportInfo,
  charts: PaperReport['charts'],
  chartSize: ChartSize,
  purpose: PaperReport['purpose'],
): PaperReport {
  const first = pages[0] as ReportPreview;
  const repeatHeader = first.page.repeatHeader ?? true;
  // The rows above the first detail row, as the engine counts them: what `repeatHeader` repeats.
  const headerRows = reportSheetShape(info.layout).headerRows;
  const report = joinPreviewPages(pages, headerRows, repeatHeader);
  const paper = paperOf(first.page);
  const box = contentBox(paper);
  const tableWidth = first.columns.reduce((sum, width) => sum + width, 0) + 1;
  const zoom = Math.min(1, box.width / tableWidth);
  const sheets = reportSheets(report, report.rows.map(rowHeightOf), headerRows, repeatHeader, {
    height: box.height / zoom,
    firstSheetTitle: (TITLE_HEIGHT + chartSize.block) / zoom,
  });
  return { fullName: first.fullName, columns: first.columns, paper, zoom, sheets, charts, chartSize, purpose };
}

const noDrill = () => undefined;

/** Resolves once the charts' pictures in `sheets` are decoded: an image still loading prints blank. */
async function picturesReady(sheets: HTMLElement | null): Promise<void> {
  const pictures = [...(sheets?.querySelectorAll('img') ?? [])];
  await Promise.all(pictures.map((picture) => picture.decode().catch(() => undefined)));
}

/** The sheets of paper: the report's name on the first, each sheet exactly the paper's size. */
function PaperSheets({ report, ref }: { report: PaperReport; ref: Ref<HTMLDivElement> }) {
  const { paper } = report;
  const m = paper.margins;
  return (
    <div ref={ref} className={`report-print report-print-${report.purpose}`}>
      {/* Each sheet is a whole page with its margins inside it, so the printer adds none. */}
      <style>{`@page { size: ${paper.width}mm ${paper.height}mm; margin: 0; }`}</style>
      {report.sheets.map((sheet, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: a sheet is its position in the report.
          key={i}
          className="report-paper"
          style={{
            width: `${paper.width}mm`,
            height: `${paper.height}mm`,
            padding: `${m.top}mm ${m.right}mm ${m.bottom}mm ${m.left}mm`,
          }}
        >
          {i === 0 ? (
            <h1 className="report-print-title" style={{ height: TITLE_HEIGHT, lineHeight: `${TITLE_HEIGHT}px` }}>
              {report.fullName}
            </h1>
          ) : null}
          {i === 0 && report.charts.length ? <PaperCharts report={report} /> : null}
          <div style={{ zoom: report.zoom }}>
            <ReportSheet
              page={{ columns: report.columns, rows: sheet.rows, merges: sheet.merges, frozenRows: 0 }}
              onDrill={noDrill}
            />
          </div>
        </div>
      ))}
    </div>
  );
}

/** The charts' pictures above the table, each under its title, in rows of a fixed height. */
function PaperCharts({ report }: { report: PaperReport }) {
  const { t } = useTranslation('report');
  const { width, height, block } = report.chartSize;
  return (
    <div className="report-print-charts" style={{ height: block, gap: `0 ${CHART_GAP}px` }}>
      {report.charts.map((chart, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the charts are the layout's, in its order.
        <figure key={i} className="report-print-chart" style={{ width, marginBottom: CHART_GAP }}>
          <figcaption style={{ height: CHART_TITLE_HEIGHT, lineHeight: `${CHART_TITLE_HEIGHT}px` }}>
            {chart.title}
          </figcaption>
          <img src={chart.picture} width={width} height={height} alt={chart.title || t('view.chart')} />
        </figure>
      ))}
    </div>
  );
}

/**
 * 打印 and 导出PDF of the whole report with the parameters shown (issue 39), not only the page on
 * screen: every page is read from the server (a progress of pages, cancellable), laid out on the
 * page setup's paper, the header rows on each sheet when `repeatHeader`, then printed, or drawn
 * sheet by sheet into a PDF (a progress of sheets, cancellable) saved as `<report name>.pdf`.
 * The charts go above the table on the first sheet as pictures.
 */
export function useReportOutput(info: ReportInfo, parameters: ReportParameterValues) {
  const { t } = useTranslation('report');
  const toast = useToast();
  const [progress, setProgress] = useState<ReportOutputProgress | null>(null);
  const [paperReport, setPaperReport] = useState<PaperReport | null>(null);
  const running = useRef<AbortController | null>(null);
  const drawn = useRef<HTMLDivElement>(null);

  // Leaving the report stops reading it.
  useEffect(() => () => running.current?.abort(), []);
  // The print copy stays until the print dialog is done: some browsers return from print() at once.
  useEffect(() => {
    const done = () => {
      document.body.classList.remove('report-printing');
      setPaperReport((shown) => (shown?.purpose === 'print' ? null : shown));
    };
    window.addEventListener('afterprint', done);
    return () => window.removeEventListener('afterprint', done);
  }, []);

  const wholeReport = async (purpose: PaperReport['purpose'], signal: AbortSignal): Promise<PaperReport> => {
    setProgress({ purpose, step: 'fetch', done: 0, total: 0 });
    const pages: ReportPreview[] = [];
    let total = 1;
    for (let currentPage = 1; currentPage <= total; currentPage++) {
      const asked = reportApi.preview(info.id, { parameters, currentPage, pageSize: WHOLE_REPORT_PAGE_SIZE });
      const page = await untilCancelled(asked, signal).catch((error: unknown) => {
        throw signal.aborted ? error : new ReadFailure(error instanceof Error ? error.message : String(error));
      });
      pages.push(page);
      total = page.pages;
      setProgress({ purpose, step: 'fetch', done: currentPage, total });
    }
    const first = pages[0] as ReportPreview;
    const chartSize = chartSizeOf(paperOf(first.page), first.charts.length);
    let charts: PaperReport['charts'] = [];
    if (first.charts.length) {
      const { reportChartPictures } = await import('./ReportCharts.tsx');
      const pictures = reportChartPictures(first.charts, chartSize.width, chartSize.height);
      charts = first.charts.map((chart, i) => ({ title: chart.title, picture: pictures[i] ?? '' }));
    }
    return onPaper(pages, info, charts, chartSize, purpose);
  };

  /** Runs one output at a time; a cancel (or leaving) ends it quietly, anything else is toasted where it failed. */
  const start = async (purpose: PaperReport['purpose'], make: (signal: AbortSignal) => Promise<void>) => {
    const controller = new AbortController();
    running.current = controller;
    try {
      await make(controller.signal);
    } catch (error) {
      if (controller.signal.aborted) return;
      // The viewer's preview call is silent (the page shows its refusals), so a failed read is
      // told here with the server's message; a failure of drawing in the person's language (the
      // browser's own reason is for the console).
      if (error instanceof ReadFailure) {
        toast.error(error.message);
        return;
      }
      console.error(error);
      toast.error(t(purpose === 'pdf' ? 'view.pdfFailed' : 'view.printFailed'));
    } finally {
      running.current = null;
      setProgress(null);
    }
  };

  const print = () =>
    start('print', async (signal) => {
      const report = await wholeReport('print', signal);
      // The sheets are in the page before the dialog opens.
      flushSync(() => setPaperReport(report));
      await picturesReady(drawn.current);
      document.body.classList.add('report-printing');
      window.print();
    });

  const exportPdf = () =>
    start('pdf', async (signal) => {
      const report = await wholeReport('pdf', signal);
      try {
        flushSync(() => setPaperReport(report));
        await picturesReady(drawn.current);
        const sheets = [...(drawn.current?.querySelectorAll<HTMLElement>('.report-paper') ?? [])];
        setProgress({ purpose: 'pdf', step: 'draw', done: 0, total: sheets.length });
        const { printPdf } = await import('../../../shared/print-pdf.ts');
        const pdf = await printPdf(sheets, report.paper, (done) => {
          // printPdf has no cancel of its own: throwing from its progress ends it between sheets.
          signal.throwIfAborted();
          setProgress({ purpose: 'pdf', step: 'draw', done, total: sheets.length });
        });
        saveBlob(pdf, `${report.fullName}.pdf`);
      } finally {
        setPaperReport(null);
      }
    });

  const cancel = () => running.current?.abort();

  // Straight under <body>: the shell's frame is a screen-high box that clips what scrolls, and the
  // print CSS shows this alone.
  const sheets = paperReport ? createPortal(<PaperSheets ref={drawn} report={paperReport} />, document.body) : null;
  return { print, exportPdf, cancel, progress, sheets };
}
