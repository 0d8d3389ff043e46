/**
 * Printing (issue 20): a batch of 100 generated-form records to a Word document, as the print
 * preview's download builds it: each record rendered by `renderPrintTemplate` (shared), the
 * pages turned into a .docx by the web's `printDocument` and packed by `docx`. Prints seconds and
 * bytes per run, the median of the runs with their spread, and the load average. The DOM parser
 * the browser gives is happy-dom's here.
 *
 *   node --import tsx bench/print-docx.ts            (BENCH_RUNS=3 by default)
 */
import os from 'node:os';
import { defaultPrintPageParam, type PrintPageParam, renderPrintTemplate } from '@platform/shared';
import { type Document, Packer } from 'docx';
import { Window } from 'happy-dom';
import { machineLine } from './lib.ts';

const window = new Window();
Object.assign(globalThis, { DOMParser: window.DOMParser, Node: window.Node, Element: window.Element });
// Loaded by a path the server's type check does not follow: the module is typed against the DOM.
const webModule = '../apps/web/src/features/printDev/print-docx.ts';
const { printDocument } = (await import(webModule)) as {
  printDocument: (pages: string[], page: PrintPageParam) => Document;
};

const records = 100;
const runs = Number(process.env.BENCH_RUNS ?? 3);
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

console.log(`print-docx bench: ${machineLine()}; ${records} records of 10 sub-table rows each, ${runs} runs`);
const seconds: number[] = [];
let bytes = 0;
for (let run = 1; run <= runs; run++) {
  const start = performance.now();
  const pages = data.map((record) => renderPrintTemplate(template, record));
  const buffer = await Packer.toBuffer(printDocument(pages, defaultPrintPageParam));
  const took = (performance.now() - start) / 1000;
  seconds.push(took);
  bytes = buffer.length;
  console.log(`run ${run}: ${took.toFixed(2)} s, ${bytes} bytes, load ${os.loadavg()[0]?.toFixed(2)}`);
}
const sorted = [...seconds].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
console.log(
  `100 records to .docx: median ${median.toFixed(2)} s (spread ${(sorted[0] ?? 0).toFixed(2)}-${(sorted.at(-1) ?? 0).toFixed(2)} s), ${bytes} bytes; load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
