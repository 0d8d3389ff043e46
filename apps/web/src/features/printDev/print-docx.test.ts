import { defaultPrintPageParam, renderPrintTemplate } from '@platform/shared';
import { Packer } from 'docx';
import mammoth from 'mammoth';
import { describe, expect, test } from 'vitest';
import { printDocument } from './print-docx.ts';

const template =
  '<p><strong>订单：</strong>{name}</p><table><thead><tr><th>物品</th><th>数量</th></tr></thead>' +
  '<tbody><tr><td>{items.item}</td><td>{items.count}</td></tr></tbody></table>';

describe('the Word export of a print', () => {
  test('a two-record batch reads back with both records and their sub-table rows, each on its own page', async () => {
    const pages = [
      { name: '订单一', items: [{ item: '笔', count: 3 }] },
      {
        name: '订单二',
        items: [
          { item: '纸', count: 1 },
          { item: '墨', count: 2 },
        ],
      },
    ].map((data) => renderPrintTemplate(template, data));
    const buffer = await Packer.toBuffer(printDocument(pages, { ...defaultPrintPageParam, direction: 2 }));
    const { value: html } = await mammoth.convertToHtml({ buffer });
    expect(html).toContain('<strong>订单：</strong>订单一');
    expect(html).toContain('<strong>订单：</strong>订单二');
    const cells = [...html.matchAll(/<td>(?:<p>)?(.*?)(?:<\/p>)?<\/td>/g)].map((m) => m[1]);
    expect(cells).toEqual(['物品', '数量', '笔', '3', '物品', '数量', '纸', '1', '墨', '2']);
    expect(html.match(/<table>/g)).toHaveLength(2);
    // Each record is a section of its own: Word starts each on a new page.
    const { value: text } = await mammoth.extractRawText({ buffer });
    expect(text.indexOf('订单一')).toBeLessThan(text.indexOf('订单二'));
    const xml = await (await import('jszip')).default.loadAsync(buffer);
    const body = await xml.file('word/document.xml')!.async('string');
    expect(body.match(/<w:sectPr/g)).toHaveLength(2);
    expect(body).toContain('w:orient="landscape"');
  });
});
