import { describe, expect, test } from 'vitest';
import { printText, renderPrintTemplate } from './print-template.ts';

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
