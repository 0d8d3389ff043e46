import { type PrintCodeKind, printBarcodeDefaults, printQrcodeDefaults } from '@platform/shared';
import { encode } from 'fast-png';
import JsBarcode from 'jsbarcode';
import QRCode from 'qrcode';

/**
 * The barcode and QR blocks of a print as PNG images in data URIs, drawn without a canvas: one
 * picture serves the preview, the PDF (the browser draws the sheet) and the Word document (which
 * takes PNG, not SVG), and the same code runs in a unit test or a benchmark outside the browser.
 */

/** A black-and-white picture: `dark(x, y)` for each pixel, as an 8-bit grey PNG. */
function png(width: number, height: number, dark: (x: number, y: number) => boolean): Uint8Array {
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = dark(x, y) ? 0 : 255;
  return encode({ width, height, data, channels: 1, depth: 8 });
}

function dataUri(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:image/png;base64,${btoa(binary)}`;
}

const escapeAttribute = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const image = (kind: PrintCodeKind, text: string, bytes: Uint8Array, width: number, height: number) =>
  `<img class="print-${kind}" src="${dataUri(bytes)}" width="${width}" height="${height}" alt="${escapeAttribute(text)}" data-print-code="${escapeAttribute(text)}">`;

/** Code 128 bars of `text`, 4 px a module and 80 px high with a quiet zone; '' when it cannot be encoded. */
export function barcodeHtml(text: string): string {
  const encoded: { encodings?: { data: string }[] } = {};
  try {
    JsBarcode(encoded, text, { format: printBarcodeDefaults.format });
  } catch {
    // Code 128 takes ASCII only: a value it cannot encode prints nothing rather than a wrong code.
    return '';
  }
  const bars = (encoded.encodings ?? []).map((e) => e.data).join('');
  if (!bars) return '';
  const { width: module, height, margin } = printBarcodeDefaults;
  const width = bars.length * module + 2 * margin;
  const bytes = png(width, height, (x) => {
    const bar = Math.floor((x - margin) / module);
    return x >= margin && bars[bar] === '1';
  });
  return image('barcode', text, bytes, width, height);
}

/** A QR code of `text`, 265 px square, highest error correction, with a quiet zone of two modules. */
export function qrcodeHtml(text: string): string {
  let modules: { size: number; get: (row: number, column: number) => number | boolean };
  try {
    ({ modules } = QRCode.create(text, { errorCorrectionLevel: printQrcodeDefaults.errorCorrectionLevel }));
  } catch {
    // Too long for a QR code.
    return '';
  }
  const side = printQrcodeDefaults.size;
  const count = modules.size + 4;
  const bytes = png(side, side, (x, y) => {
    const row = Math.floor((y * count) / side) - 2;
    const column = Math.floor((x * count) / side) - 2;
    return row >= 0 && column >= 0 && row < modules.size && column < modules.size && Boolean(modules.get(row, column));
  });
  return image('qrcode', text, bytes, side, side);
}

export const printCodes = { barcode: barcodeHtml, qrcode: qrcodeHtml } as const;
