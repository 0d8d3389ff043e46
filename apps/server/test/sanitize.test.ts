import { describe, expect, test } from 'vitest';
import { plainText, sanitizePrintTemplate, sanitizeRichText } from '../src/core/sanitize.ts';

/**
 * The allow-lists of stored HTML as pure functions (issue 42): what each profile keeps, what it
 * always drops, and the style values it takes or refuses. The stored places are tested through the
 * API in stored-html.test.ts.
 */

const attacks = [
  '<script>alert(1)</script>',
  '<img src="x.png" onerror="alert(1)">',
  '<a href="javascript:alert(2)">x</a>',
  '<iframe src="https://evil.test/"></iframe>',
  '<form action="https://evil.test/"><input name="p"></form>',
  '<p style="background-color:url(https://evil.test/)">x</p>',
  '<p style="color:expression(alert(1))">x</p>',
  '<img src="javascript:alert(1)">',
  '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>',
  '<div onclick="alert(1)">x</div>',
  '<object data="x.swf"></object>',
  '<style>p{color:red}</style>',
];

describe.each([
  ['rich text', sanitizeRichText],
  ['print template', sanitizePrintTemplate],
])('%s', (_, clean) => {
  test('scripts, handlers, frames, forms and unsafe addresses never stay', () => {
    for (const attack of attacks) {
      const out = clean(attack) ?? '';
      expect(out, attack).not.toMatch(
        /<script|onerror|onclick|javascript:|<iframe|<form|<input|<object|<style|url\(|expression|data:text/i,
      );
    }
  });
  test('null and undefined stay null; text stays', () => {
    expect(clean(null)).toBeNull();
    expect(clean(undefined)).toBeNull();
    expect(clean('')).toBe('');
    expect(clean('plain {name}')).toBe('plain {name}');
  });
  test('formatting, links and images stay', () => {
    for (const kept of [
      '<p class="c" align="center"><b>b</b><i>i</i><u>u</u><s>s</s><del>d</del><sup>1</sup><sub>2</sub></p>',
      '<span style="color:#f00;background-color:rgb(1, 2, 3);text-align:right;font-weight:bold;text-decoration:underline">x</span>',
      '<font color="red" size="3" face="serif">f</font>',
      '<a href="https://a.cn" name="n" target="_blank" rel="noopener">a</a>',
      '<a href="mailto:a@b.cn">m</a>',
      '<a href="tel:123">t</a>',
      '<img src="https://cdn.test/a.png" alt="a" title="t" width="10" height="20" />',
      '<img src="data:image/png;base64,AA==" />',
      '<table><tbody><tr><td colspan="2" rowspan="1" width="5">x</td><th colspan="1" rowspan="2" width="6">y</th></tr></tbody></table>',
      '<hr />',
    ])
      expect(clean(kept)).toBe(kept);
  });
  test('screen lengths and font sizes; anything else in a style goes', () => {
    expect(clean('<p style="width:100px;height:50%;font-size:1.5em">x</p>')).toBe(
      '<p style="width:100px;height:50%;font-size:1.5em">x</p>',
    );
    expect(clean('<p style="font-weight:lighter;text-align:middle;position:fixed">x</p>')).toBe('<p>x</p>');
  });
});

describe('print layout is kept by the print profile only', () => {
  const layout =
    '<table border="1" cellpadding="2" cellspacing="0" width="100%" height="20" bgcolor="#fff"><colgroup span="1" width="10"><col span="1" width="10"></col></colgroup><caption>c</caption><tbody><tr height="5" valign="top" bgcolor="#eee"><td colspan="1" rowspan="1" width="10" height="5" valign="top" bgcolor="#ddd" nowrap="nowrap">x</td></tr></tbody></table>';
  test('table geometry', () => {
    expect(sanitizePrintTemplate(layout)).toBe(layout);
    expect(sanitizeRichText(layout)).toBe(
      '<table><colgroup><col></col></colgroup><caption>c</caption><tbody><tr><td colspan="1" rowspan="1" width="10">x</td></tr></tbody></table>',
    );
  });

  test.each([
    ['width', '30mm', 'calc(1px)'],
    ['height', 'auto', '1 px'],
    ['min-width', '-2.5cm', 'x'],
    ['min-height', '0', 'url(x)'],
    ['max-width', '3in', '3'],
    ['line-height', '1.5', 'url(x)'],
    ['line-height', 'normal', 'big'],
    ['letter-spacing', '1rem', 'wide'],
    ['text-indent', '2em', 'x'],
    ['font-size', '3mm', 'huge'],
    ['font-family', "'宋体', serif", 'a;b'],
    ['font-style', 'italic', 'slanted'],
    ['vertical-align', 'middle', 'center'],
    ['white-space', 'pre-wrap', 'wrap'],
    ['word-break', 'break-all', 'anywhere'],
    ['border-collapse', 'collapse', 'merge'],
    ['border-spacing', '1px 2px', 'url(x)'],
    ['border', '1px solid #000', 'url(x) 1px'],
    ['border-top', '1px dashed red', 'expression(x)'],
    ['border-right', '2px solid', 'var(--x)'],
    ['border-bottom', '1px dotted rgb(0, 0, 0)', 'image(x)'],
    ['border-left', 'none', 'url(x)'],
    ['border-width', '1px 0', 'thick;'],
    ['border-style', 'solid double', 'x1'],
    ['border-color', '#000 red', 'url(x)'],
    ['margin', '1mm 2mm 3mm 4mm', '1 2 3 4 5'],
    ['margin-top', '1mm', '1mm 2mm'],
    ['margin-right', 'auto', 'x'],
    ['margin-bottom', '-1px', 'x'],
    ['margin-left', '0', 'x'],
    ['padding', '2px 4px', 'x'],
    ['padding-top', '1px', 'x'],
    ['padding-right', '1px', 'x'],
    ['padding-bottom', '1px', 'x'],
    ['padding-left', '1px', 'x'],
    ['float', 'right', 'center'],
    ['display', 'table-cell', 'grid'],
    ['page-break-before', 'always', 'left'],
    ['page-break-after', 'avoid', 'right'],
    ['page-break-inside', 'avoid', 'always'],
    ['break-before', 'page', 'column'],
    ['break-after', 'page', 'column'],
    ['break-inside', 'avoid', 'page'],
  ])('%s: %s stays, %s goes', (property, good, bad) => {
    expect(sanitizePrintTemplate(`<p style="${property}:${good}">x</p>`)).toBe(`<p style="${property}:${good}">x</p>`);
    expect(sanitizePrintTemplate(`<p style="${property}:${bad}">x</p>`)).toBe('<p>x</p>');
  });

  test('rich text keeps only screen lengths and no print-only style', () => {
    expect(sanitizeRichText('<p style="width:30mm;margin:1px;page-break-before:always">x</p>')).toBe('<p>x</p>');
  });
});

describe('colours', () => {
  test.each(['red', '#a0b1c2', 'rgb(1, 2, 3)', 'hsl(10, 20%, 30%)'])('%s is a colour', (value) => {
    expect(sanitizeRichText(`<p style="color:${value}">x</p>`)).toBe(`<p style="color:${value}">x</p>`);
  });
  test.each(['url(x)', 'expression(x)', 'var(--a)', 'image(x)', 'red;x', 'a-b'])('%s is not', (value) => {
    expect(sanitizeRichText(`<p style="background-color:${value}">x</p>`)).toBe('<p>x</p>');
  });
});

test('plainText: the words of rich text, spaces folded, cut at max with an ellipsis', () => {
  expect(plainText(null)).toBe('');
  expect(plainText('')).toBe('');
  expect(plainText('<p>a&nbsp;b</p>\n<p>  c <script>x</script></p>')).toBe('a b c');
  expect(plainText('<b>abcdef</b>', 3)).toBe('abc…');
  expect(plainText('abc', 3)).toBe('abc');
  expect(plainText('x'.repeat(101))).toBe(`${'x'.repeat(100)}…`);
});
