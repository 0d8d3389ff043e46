import { describe, expect, test } from 'vitest';
import {
  PRINT_APPROVAL_TOKEN,
  PRINT_ROW_HEIGHT_PX,
  printBarcodeDefaults,
  printCodeToken,
  printQrcodeDefaults,
  printText,
  renderPrintTemplate,
} from './print-template.ts';

const template =
  '<p>订单：{name}（{level}）</p><table><thead><tr><th>物品</th><th>数量</th></tr></thead>' +
  '<tbody><tr><td>{items.item}</td><td>{items.count}</td></tr></tbody></table><p>合计 {total}</p>';

describe('renderPrintTemplate', () => {
  test('fills head fields and repeats the sub-table row once per row', () => {
    const html = renderPrintTemplate(template, {
      name: '订单一',
      level: '加急',
      total: 5,
      items: [
        { item: '笔', count: 3 },
        { item: '纸', count: 2 },
      ],
    });
    expect(html).toBe(
      '<p>订单：订单一（加急）</p><table><thead><tr><th>物品</th><th>数量</th></tr></thead>' +
        '<tbody><tr><td>笔</td><td>3</td></tr><tr><td>纸</td><td>2</td></tr></tbody></table><p>合计 5</p>',
    );
  });

  test('a sub-table without rows prints its header only; missing fields print empty', () => {
    const html = renderPrintTemplate(template, { name: null, items: [] });
    expect(html).toContain('<tbody></tbody>');
    expect(html).toContain('<p>订单：（）</p>');
    expect(html).toContain('<p>合计 </p>');
  });

  test('values are text, never markup', () => {
    expect(renderPrintTemplate('<p>{name}</p>', { name: '<img src=x onerror=alert(1)>&' })).toBe(
      '<p>&lt;img src=x onerror=alert(1)&gt;&amp;</p>',
    );
  });

  test('a sub-table column outside a row lists its values; lists and objects print readably', () => {
    expect(renderPrintTemplate('{items.item}', { items: [{ item: 'a' }, { item: 'b' }] })).toBe('a，b');
    expect(printText(['x', 'y'])).toBe('x，y');
    expect(printText({ a: 1 })).toBe('{"a":1}');
    expect(printText(undefined)).toBe('');
  });

  test('text in braces that is not a placeholder is kept', () => {
    expect(renderPrintTemplate('<p>{ not one } {1x}</p>', {})).toBe('<p>{ not one } {1x}</p>');
  });
});

describe('print blocks', () => {
  const codes = {
    barcode: (text: string) => `[bar ${text}]`,
    qrcode: (text: string) => `[qr ${text}]`,
  };

  test('barcode and QR blocks draw a head field, and a sub-table column once per row', () => {
    const html = renderPrintTemplate(
      `<p>${printCodeToken('barcode', 'code')} ${printCodeToken('qrcode', 'code')}</p>` +
        `<table><tr><td>{items.item}</td><td>${printCodeToken('barcode', 'items.sn')}</td></tr></table>`,
      {
        code: 'SH001',
        items: [
          { item: '笔', sn: 'A1' },
          { item: '纸', sn: '' },
        ],
      },
      { codes },
    );
    expect(html).toBe(
      '<p>[bar SH001] [qr SH001]</p><table><tr><td>笔</td><td>[bar A1]</td></tr><tr><td>纸</td><td></td></tr></table>',
    );
  });

  test('a code block prints nothing without a value, without an encoder, or for a column outside its row', () => {
    expect(renderPrintTemplate('{@barcode:missing}|{@qrcode:items.sn}', { items: [{ sn: 'x' }] }, { codes })).toBe('|');
    expect(renderPrintTemplate('{@barcode:code}', { code: 'A' })).toBe('');
  });

  test('print defaults follow admin.md 9', () => {
    expect(printBarcodeDefaults).toMatchObject({ width: 4, height: 80 });
    expect(printQrcodeDefaults).toEqual({ size: 265, errorCorrectionLevel: 'H' });
    expect(PRINT_ROW_HEIGHT_PX).toBe(17);
  });

  const texts = {
    headers: ['节点', '处理人', '时间', '状态', '意见', '签名'] as const,
    status: { 0: '退回', 1: '同意' },
    none: '暂无审批记录',
  };

  test('the approval block is a table of node, user, time, status name, opinion and signature', () => {
    const handleTime = new Date(2026, 10, 25, 9, 5, 7).getTime();
    const html = renderPrintTemplate(
      `<p>审批</p><p>${PRINT_APPROVAL_TOKEN}</p>`,
      {},
      {
        approval: {
          texts,
          records: [
            {
              nodeName: '开始',
              userName: '张三',
              handleTime,
              handleStatus: 1,
              handleOpinion: '<ok> {name}',
              signImg: 'data:image/png;base64,AA',
            },
            { nodeName: '经理', userName: '李四', handleTime: null, handleStatus: 13, handleOpinion: '', signImg: '' },
          ],
        },
      },
    );
    expect(html).toBe(
      '<p>审批</p><table class="print-approval"><thead><tr><th>节点</th><th>处理人</th><th>时间</th><th>状态</th><th>意见</th><th>签名</th></tr></thead><tbody>' +
        '<tr><td>开始</td><td>张三</td><td>2026-11-25 09:05:07</td><td>同意</td><td>&lt;ok&gt; &#123;name&#125;</td>' +
        '<td><img class="print-sign" src="data:image/png;base64,AA" alt="" height="40"></td></tr>' +
        '<tr><td>经理</td><td>李四</td><td></td><td>13</td><td></td><td></td></tr></tbody></table>',
    );
  });

  test('without records the block says so; without the texts it prints nothing', () => {
    expect(renderPrintTemplate('<p>{@approval}</p>', {}, { approval: { texts, records: [] } })).toBe(
      '<p class="print-approval-none">暂无审批记录</p>',
    );
    expect(renderPrintTemplate('<p>a</p>{@approval}', {})).toBe('<p>a</p>');
  });

  test('a value that reads like a placeholder is printed as it is', () => {
    expect(renderPrintTemplate('<p>{a}</p><p>{b}</p>', { a: '{b}', b: 'x' })).toBe('<p>&#123;b&#125;</p><p>x</p>');
  });
});
