import { defaultPrintPageParam, renderPrintTemplate } from '@platform/shared';
import { Packer } from 'docx';
import mammoth from 'mammoth';
import { describe, expect, test } from 'vitest';
import { printCodes } from './print-codes.ts';
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
    // admin.md 9: table rows 17 px high (255 twips), at least.
    expect(body).toMatch(/<w:trHeight w:val="255" w:hRule="atLeast"\/>/);
  });

  test('barcode, QR code and signature pictures go in at the size the page shows them', async () => {
    const sign = printCodes.barcode('SIGN').match(/src="([^"]+)"/)?.[1] ?? '';
    const html = renderPrintTemplate(
      '<p>{@barcode:code}</p><p>{@qrcode:code}</p><p>{@approval}</p>',
      { code: 'SH000001' },
      {
        codes: printCodes,
        approval: {
          texts: { headers: ['节点', '处理人', '时间', '状态', '意见', '签名'], status: { 1: '同意' }, none: '无' },
          records: [
            {
              nodeName: '经理',
              userName: '张三',
              handleTime: null,
              handleStatus: 1,
              handleOpinion: '好',
              signImg: sign,
            },
          ],
        },
      },
    );
    const buffer = await Packer.toBuffer(printDocument([html], defaultPrintPageParam));
    const zip = await (await import('jszip')).default.loadAsync(buffer);
    expect(Object.keys(zip.files).filter((name) => name.startsWith('word/media/'))).toHaveLength(3);
    const body = await zip.file('word/document.xml')!.async('string');
    const emu = (px: number) => px * 9525;
    // The QR code at 265 px square; the signature 40 px high keeping its picture's proportions.
    expect(body).toContain(`cx="${emu(265)}" cy="${emu(265)}"`);
    expect(body).toMatch(new RegExp(`cy="${emu(80)}"`));
    expect(body).toMatch(new RegExp(`cy="${emu(40)}"`));
    const { value } = await mammoth.convertToHtml({ buffer });
    const cells = [...value.matchAll(/<td>(?:<p>)?(.*?)(?:<\/p>)?<\/td>/g)].map((m) => m[1]);
    expect(cells.slice(0, 11)).toEqual([
      '节点',
      '处理人',
      '时间',
      '状态',
      '意见',
      '签名',
      '经理',
      '张三',
      '',
      '同意',
      '好',
    ]);
    expect(value.match(/<img src="data:image\/png;base64,/g)).toHaveLength(3);
  });
});
