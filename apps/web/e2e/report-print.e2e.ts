import { readFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, test } from 'vitest';
import { createInterface, firstEntryOf } from './data-interface.helpers.ts';
import { closeContext, screenshot, serverAndBrowser } from './harness.ts';
import { signedInWithApi } from './session.helpers.ts';

/**
 * Issue 39 (browser): 打印 and 导出PDF print the whole report, not the page on screen. A report of
 * 1,010 rows (more than one page the server answers, many sheets of paper) grouped by region, with
 * a chart: every row is printed once, in order, the header on each sheet, the chart on the first,
 * each sheet one page of the page setup's paper, and the PDF has those pages.
 */

const run = serverAndBrowser();
const base = '/api/ReportServer/Data';
const ROWS = 1010;

/** What the stand-in for the print dialog saw, measured under print media. */
interface Printed {
  sheets: { texts: string[][]; overflow: number; charts: number[] }[];
}

describe('whole-report print and PDF', () => {
  test('打印 lays every row out on sheets of A4 landscape, header on each; 导出PDF saves those sheets', async () => {
    const { context, page, call } = await signedInWithApi(run);
    const suffix = Date.now().toString(36);
    const categoryId = await firstEntryOf(call, 'ReportSort');
    const interfaceId = await createInterface(call, {
      fullName: '城市流水',
      enCode: `print.cities.${suffix}`,
      sql: `select 'R' || lpad(((n - 1) / 100)::text, 2, '0') as region, 'C' || lpad(n::text, 4, '0') as city, n as amount from generate_series(1, ${ROWS}) as n order by n`,
    });
    const report = await call<{ id: string }>('POST', base, {
      fullName: '城市流水表',
      enCode: `print.report.${suffix}`,
      categoryId,
      datasets: [{ name: 'cities', interfaceId }],
      layout: {
        // Wider than the paper: the table is shrunk to its width, and more rows fit a sheet.
        columns: [{ width: 400 }, { width: 500 }, { width: 400 }],
        rows: [
          {
            kind: 'static',
            height: 36,
            cells: [{ text: '城市流水', style: { bold: true, align: 'center' } }, null, null],
          },
          { kind: 'static', cells: [{ text: '地区' }, { text: '城市' }, { text: '金额' }] },
          {
            kind: 'detail',
            dataset: 'cities',
            cells: [{ field: 'region', group: true }, { field: 'city' }, { field: 'amount', format: '#,##0' }],
          },
          { kind: 'subtotal', groupColumn: 0, cells: [{ text: '小计' }, null, { aggregate: 'sum', format: '#,##0' }] },
          { kind: 'total', cells: [{ text: '合计' }, null, { aggregate: 'sum', format: '#,##0' }] },
        ],
        merges: [{ row: 0, col: 0, rowSpan: 1, colSpan: 3 }],
        charts: [{ title: '各地区金额', dataset: 'cities', type: 'bar', category: 'region', values: ['amount'] }],
        page: {
          paper: 'A4',
          orientation: 'landscape',
          margins: { top: 12, right: 10, bottom: 12, left: 10 },
          repeatHeader: true,
        },
      },
    });
    const systems = await call<{ list: { id: string; enCode: string }[] }>('GET', '/api/system/System');
    await call<string>('POST', '/api/system/Menu', {
      systemId: systems.list.find((s) => s.enCode === 'main')?.id,
      parentId: '-1',
      fullName: '城市流水报表',
      enCode: `e2e.printReport.${suffix}`,
      type: 5,
      urlAddress: `e2e/printReport${suffix}`,
      propertyJson: JSON.stringify({ moduleId: report.id }),
    });
    await page.goto(`${run.server.url}/e2e/printReport${suffix}`);
    await page.locator('table.report-sheet').getByRole('cell', { name: 'C0001' }).waitFor();

    // 打印 under print media: the stand-in for the dialog records each sheet's rows and how far its
    // table reaches past the paper's content box (its margins), then leaves the sheets in place.
    await page.emulateMedia({ media: 'print' });
    await page.evaluate(`window.print = () => {
      window.printed = { sheets: [...document.querySelectorAll('body > .report-print .report-paper')].map((paper) => {
        const box = paper.getBoundingClientRect();
        const table = paper.querySelector('table').getBoundingClientRect();
        return {
          texts: [...paper.querySelectorAll('tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)),
          overflow: table.bottom - (box.bottom - parseFloat(getComputedStyle(paper).paddingBottom)),
          charts: [...paper.querySelectorAll('.report-print-chart img')].map((img) => img.naturalWidth),
        };
      }) };
    }`);
    await page.getByRole('button', { name: /打\s*印/ }).click();
    await expect.poll(() => page.evaluate('Boolean(window.printed)'), { timeout: 60_000 }).toBe(true);
    const printed = (await page.evaluate('window.printed')) as Printed;
    const sheets = printed.sheets;
    expect(sheets.length).toBeGreaterThan(10);
    // The chart, a picture drawn at twice the pixels, above the table on the first sheet only.
    expect(sheets.map((s) => s.charts.length)).toEqual(sheets.map((_, i) => (i === 0 ? 1 : 0)));
    expect(sheets[0]?.charts[0]).toBeGreaterThan(1000);
    // The report's name, then the title and the column header on every sheet.
    for (const [i, sheet] of sheets.entries()) {
      expect(sheet.texts.slice(0, 2)).toEqual([['城市流水'], ['地区', '城市', '金额']]);
      // The sheet's rows fit inside its margins.
      expect(sheet.overflow, `sheet ${i + 1}`).toBeLessThanOrEqual(0.5);
    }
    // Every city once, in order, across sheets and across the server's pages of 1,000 rows.
    const cities = sheets.flatMap((s) => s.texts.flatMap((cells) => cells.filter((text) => /^C\d{4}$/.test(text))));
    expect(cities).toEqual(Array.from({ length: ROWS }, (_, i) => `C${String(i + 1).padStart(4, '0')}`));
    // A region crossing a sheet's edge shows its name at the top of the next sheet as well.
    const firstBodyRows = sheets.slice(1).map((s) => s.texts[2] ?? []);
    for (const cells of firstBodyRows) expect(cells[0]).toMatch(/^R\d\d$|^小计$|^合计$/);
    expect(sheets.at(-1)?.texts.at(-1)).toEqual(['合计', '', ((ROWS * (ROWS + 1)) / 2).toLocaleString('en-US')]);
    await screenshot(page, 'report-print');

    // Printed by Chromium itself, the sheets are its pages: one each, on A4 landscape (points).
    const printedPdf = await PDFDocument.load(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    expect(printedPdf.getPageCount()).toBe(sheets.length);
    const printedSize = printedPdf.getPage(0).getSize();
    expect([Math.round(printedSize.width), Math.round(printedSize.height)]).toEqual([842, 595]);
    await page.evaluate(`window.dispatchEvent(new Event('afterprint'))`);
    await page.emulateMedia({ media: 'screen' });
    await expect.poll(() => page.locator('body > .report-print').count()).toBe(0);

    // 导出PDF: the same sheets, one page each, saved under the report's name; the button counts them.
    const downloading = page.waitForEvent('download', { timeout: 120_000 });
    await page.getByRole('button', { name: '导出PDF' }).click();
    await page.getByRole('button', { name: /正在生成PDF \d+ \/ \d+ 张/ }).waitFor();
    const file = await downloading;
    expect(file.suggestedFilename()).toBe('城市流水表.pdf');
    const pdf = await PDFDocument.load(await readFile(await file.path()));
    expect(pdf.getPageCount()).toBe(sheets.length);
    const { width, height } = pdf.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([842, 595]);
    await page.getByRole('button', { name: '导出PDF' }).waitFor();
    await closeContext(context);
  }, 240_000);
});
