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

test('what the rich-text editor (TipTap) writes is stored as written: headings, marks, alignment, links, lists, images, tables', () => {
  const written =
    '<h1>a</h1><h2>b</h2><h3>c</h3><p style="text-align:center">d <strong>e</strong> <em>f</em> <u>g</u> <s>h</s> ' +
    '<a target="_blank" rel="noopener noreferrer nofollow" href="https://x.cn">l</a></p><ul><li><p>i</p></li></ul>' +
    '<ol><li><p>j</p></li></ol><blockquote><p>q</p></blockquote><img src="/api/file/Image/annexpic/x.png" alt="" />' +
    '<table class="print-table"><tbody><tr><th colspan="1" rowspan="1"><p>x</p></th></tr>' +
    '<tr><td colspan="1" rowspan="1"><p>y</p></td></tr></tbody></table>';
  expect(sanitizeRichText(written)).toBe(written);
  expect(sanitizePrintTemplate(written)).toBe(written);
  // The editor writes the alignment with a space; it is kept, written compactly.
  expect(sanitizeRichText('<p style="text-align: right">r</p>')).toBe('<p style="text-align:right">r</p>');
});

describe('style values are matched whole (issue 42)', () => {
  const kept = (clean: typeof sanitizeRichText, property: string, value: string) =>
    clean(`<p style="${property}:${value}">x</p>`) === `<p style="${property}:${value}">x</p>`;
  const rich: [string, string][] = [
    ['text-align', 'left'],
    ['font-size', '12px'],
    ['font-weight', '700'],
    ['text-decoration', 'underline'],
    ['width', '12px'],
    ['color', 'red'],
  ];
  const print: [string, string][] = [
    ['width', '12mm'],
    ['margin', '1px 2px'],
    ['line-height', '12px'],
    ['font-size', '12pt'],
    ['font-family', 'serif'],
    ['font-style', 'italic'],
    ['vertical-align', 'top'],
    ['white-space', 'nowrap'],
    ['word-break', 'keep-all'],
    ['border-collapse', 'separate'],
    ['border', '1px solid'],
    ['border-style', 'solid'],
    ['float', 'left'],
    ['display', 'block'],
    ['page-break-before', 'auto'],
    ['page-break-after', 'auto'],
    ['page-break-inside', 'auto'],
    ['break-before', 'auto'],
    ['break-after', 'auto'],
    ['break-inside', 'auto'],
  ];

  test.each(rich)('rich text %s: %s stays, with anything before or after it goes', (property, value) => {
    expect(kept(sanitizeRichText, property, value)).toBe(true);
    expect(kept(sanitizeRichText, property, `?${value}`)).toBe(false);
    expect(kept(sanitizeRichText, property, `${value}?`)).toBe(false);
  });

  test.each(print)('print %s: %s stays, with anything before or after it goes', (property, value) => {
    expect(kept(sanitizePrintTemplate, property, value)).toBe(true);
    expect(kept(sanitizePrintTemplate, property, `?${value}`)).toBe(false);
    expect(kept(sanitizePrintTemplate, property, `${value}?`)).toBe(false);
  });

  test('numbers of several digits and decimals of several places', () => {
    for (const [property, value] of [
      ['width', '12.25px'],
      ['font-size', '12.25em'],
      ['font-weight', '700'],
      ['text-decoration', 'underline overline'],
    ] as const) {
      expect(kept(sanitizeRichText, property, value), `${property}:${value}`).toBe(true);
    }
    expect(kept(sanitizeRichText, 'font-weight', '7')).toBe(false);
    for (const [property, value] of [
      ['width', '12.25mm'],
      ['margin', '10px 1.25px 1.5px 12px'],
      ['margin', '1.25px 1.5px'],
      ['margin', '1px  2px'],
      ['line-height', '2'],
      ['line-height', '1.25'],
      ['line-height', '12px'],
      ['font-size', '12.25mm'],
    ] as const) {
      expect(kept(sanitizePrintTemplate, property, value), `${property}:${value}`).toBe(true);
    }
  });

  test('url( and friends are refused with spaces before the bracket too', () => {
    expect(kept(sanitizeRichText, 'color', 'url (x)')).toBe(false);
    expect(kept(sanitizePrintTemplate, 'border', '1px url (x)')).toBe(false);
  });

  test('links and images may use http too', () => {
    for (const html of ['<a href="http://a.cn">a</a>', '<img src="http://cdn.test/a.png" />']) {
      expect(sanitizeRichText(html)).toBe(html);
      expect(sanitizePrintTemplate(html)).toBe(html);
    }
  });
});
