import { decode } from 'fast-png';
import JsBarcode from 'jsbarcode';
import QRCode from 'qrcode';
import { describe, expect, test } from 'vitest';
import { barcodeHtml, qrcodeHtml } from './print-codes.ts';

/** The picture of a drawn code: its size and whether a pixel is dark. */
function picture(html: string) {
  const src = /src="data:image\/png;base64,([^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error(`no PNG in ${html}`);
  const png = decode(Uint8Array.from(atob(src), (c) => c.charCodeAt(0)));
  const dark = (x: number, y: number) => (png.data[y * png.width + x] ?? 255) < 128;
  return { width: png.width, height: png.height, dark, attributes: html };
}

describe('print codes', () => {
  test('a barcode is Code 128 at 4 px a bar and 80 px high, read back bar by bar', () => {
    const drawn = picture(barcodeHtml('SH000001'));
    const reference: { encodings?: { data: string }[] } = {};
    JsBarcode(reference, 'SH000001', { format: 'CODE128' });
    const bars = reference.encodings?.map((e) => e.data).join('') ?? '';
    expect(drawn.height).toBe(80);
    expect(drawn.width).toBe(bars.length * 4 + 20);
    // Every 4-pixel module, sampled in its middle on any row, is the bar the encoding says.
    const read = Array.from({ length: bars.length }, (_, i) => (drawn.dark(10 + i * 4 + 2, 40) ? '1' : '0')).join('');
    expect(read).toBe(bars);
    expect(drawn.dark(5, 40)).toBe(false);
    expect(drawn.attributes).toContain('width="');
    expect(drawn.attributes).toContain('alt="SH000001"');
  });

  test('text Code 128 cannot carry prints no barcode', () => {
    expect(barcodeHtml('订单')).toBe('');
  });

  test('a QR code is 265 px square at the highest error correction, with a quiet zone', () => {
    const text = 'https://example.com/order/SH000001';
    const drawn = picture(qrcodeHtml(text));
    expect([drawn.width, drawn.height]).toEqual([265, 265]);
    const high = QRCode.create(text, { errorCorrectionLevel: 'H' }).modules.size;
    expect(high).toBeGreaterThan(QRCode.create(text, { errorCorrectionLevel: 'L' }).modules.size);
    // The modules across the picture, counted from the finder patterns: the top-left one starts two
    // modules in, the top-right one ends two modules before the edge.
    const module = 265 / (high + 4);
    const row = Math.floor(module * 2.5);
    const first = Array.from({ length: 265 }, (_, x) => x).find((x) => drawn.dark(x, row)) ?? -1;
    const last = Array.from({ length: 265 }, (_, x) => 264 - x).find((x) => drawn.dark(x, row)) ?? -1;
    expect(Math.round((last - first + 1) / module)).toBe(high);
    expect(drawn.dark(1, 1)).toBe(false);
    expect(drawn.dark(first + 1, row)).toBe(true);
  });

  test('the text is an attribute, never markup', () => {
    expect(qrcodeHtml('"><script>')).toContain('alt="&#34;&#62;&#60;script&#62;"');
  });
});
