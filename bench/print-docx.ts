/**
 * Printing (issue 20): a batch of 100 generated-form records to a Word document, as the print
 * preview's download builds it: each record rendered by `renderPrintTemplate` (shared), the
 * pages turned into a .docx by the web's `printDocument` and packed by `docx`. Prints seconds and
 * bytes as the median and spread of `BENCH_ROUNDS` rounds (lib.ts `timedRounds`; it has no limit
 * to alternate with) and the load average before. The DOM parser the browser gives is happy-dom's.
 *
 *   node --import tsx bench/print-docx.ts
 */
import { defaultPrintPageParam, type PrintPageParam, renderPrintTemplate } from '@platform/shared';
import { type Document, Packer } from 'docx';
import { Window } from 'happy-dom';
import { machineLine, printTimed, timedRounds } from './lib.ts';

const window = new Window();
Object.assign(globalThis, { DOMParser: window.DOMParser, Node: window.Node, Element: window.Element });
// Loaded by a path the server's type check does not follow: the module is typed against the DOM.
const webModule = '../apps/web/src/features/printDev/print-docx.ts';
const { printDocument } = (await import(webModule)) as {
  printDocument: (pages: string[], page: PrintPageParam) => Document;
};

const records = 100;
const template =
  '<h3>送货单 {code}</h3><p><strong>客户：</strong>{customer}　<strong>日期：</strong>{day}</p>' +
  '<p>地址：{address}</p><table><thead><tr><th>物品</th><th>规格</th><th>数量</th><th>单价</th></tr></thead>' +
  '<tbody><tr><td>{items.item}</td><td>{items.spec}</td><td>{items.count}</td><td>{items.price}</td></tr></tbody></table>' +
  '<p>备注：{note}</p>';
const data = Array.from({ length: records }, (_, i) => ({
  code: `SH${String(i + 1).padStart(6, '0')}`,
  customer: `客户${i + 1}`,
  day: '2026-11-25',
  address: `某省某市某区某路${i + 1}号`,
  note: '请当面点清。',
  items: Array.from({ length: 10 }, (_, j) => ({ item: `物品${j + 1}`, spec: '标准', count: j + 1, price: 9.5 })),
}));

console.log(`print-docx bench: ${machineLine()}; ${records} records of 10 sub-table rows each`);
const batch = await timedRounds('100 records to .docx', [
  {
    name: 'docx',
    async run() {
      const start = performance.now();
      const pages = data.map((record) => renderPrintTemplate(template, record));
      const buffer = await Packer.toBuffer(printDocument(pages, defaultPrintPageParam));
      return { seconds: (performance.now() - start) / 1000, bytes: buffer.length };
    },
  },
]);
printTimed([batch], { seconds: 2 });
