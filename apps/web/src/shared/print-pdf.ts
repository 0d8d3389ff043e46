import { concatTransformationMatrix, drawObject, PDFDocument, popGraphicsState, pushGraphicsState } from 'pdf-lib';

/** Page size in millimetres, as the preview lays the sheets out (orientation applied). */
export interface SheetSize {
  width: number;
  height: number;
}

const pxPerMm = 96 / 25.4;
const ptPerMm = 72 / 25.4;
/** Pixels per CSS pixel in the picture of a page: sharp enough to read small print. */
const scale = 2;

/**
 * The computed style of a bare element of each tag, in an empty frame: what a copy of an element
 * gets without being told. A copy then carries only what differs, about a tenth of every property:
 * writing all of them made each sheet megabytes of style text to serialise, parse and lay out again.
 */
class BareStyles {
  /** Every property Chromium computes; custom properties are left out, values arrive resolved. */
  readonly names: string[];
  private readonly frame: HTMLIFrameElement;
  private readonly byTag = new Map<string, string[]>();

  constructor() {
    this.names = [...getComputedStyle(document.documentElement)].filter((name) => !name.startsWith('--'));
    this.frame = document.createElement('iframe');
    this.frame.setAttribute('aria-hidden', 'true');
    this.frame.tabIndex = -1;
    this.frame.style.cssText = 'position:fixed;left:-10000px;top:0;width:10px;height:10px;border:0;visibility:hidden';
    document.body.append(this.frame);
  }

  of(tag: string): string[] {
    const known = this.byTag.get(tag);
    if (known) return known;
    const frameDocument = this.frame.contentDocument;
    const frameWindow = this.frame.contentWindow;
    if (!frameDocument?.body || !frameWindow) throw new Error('the style reference frame is not ready');
    const element = frameDocument.createElement(tag);
    frameDocument.body.append(element);
    const computed = frameWindow.getComputedStyle(element);
    const values = this.names.map((name) => computed.getPropertyValue(name));
    element.remove();
    this.byTag.set(tag, values);
    return values;
  }

  dispose() {
    this.frame.remove();
  }
}

/**
 * A copy of `element` that looks the same outside the page: each node is given the computed
 * values that neither its tag's default nor (for inherited properties) its parent would give it.
 * A value is left out only when it equals both, which is right whether the property inherits or not.
 */
function styledCopy(element: HTMLElement, bare: BareStyles): HTMLElement {
  const copy = element.cloneNode(true) as HTMLElement;
  const originals = [element, ...element.querySelectorAll<HTMLElement>('*')];
  const copies = [copy, ...copy.querySelectorAll<HTMLElement>('*')];
  const valuesOf = new Map<Element, string[]>();
  originals.forEach((original, i) => {
    const computed = getComputedStyle(original);
    const values = bare.names.map((name) => computed.getPropertyValue(name));
    valuesOf.set(original, values);
    const parent = original === element || !original.parentElement ? undefined : valuesOf.get(original.parentElement);
    const plain = bare.of(original.localName);
    let style = '';
    values.forEach((value, k) => {
      if (value === plain[k] && (!parent || parent[k] === value)) return;
      style += `${bare.names[k]}:${value};`;
    });
    copies[i]?.setAttribute('style', style);
  });
  copy.style.margin = '0';
  copy.style.boxShadow = 'none';
  return copy;
}

interface SheetPicture {
  /** RGB rows, each led by PNG's "up" filter byte, deflated: a PDF image with FlateDecode and predictor 12. */
  data: Uint8Array;
  columns: number;
  rows: number;
  /** The sheet's size in CSS pixels. */
  width: number;
  height: number;
}

/** Rows of RGB, each the difference from the row above behind a filter byte 2 (PNG "up"): white pages compress to little. */
function upFilteredRgb(rgba: Uint8ClampedArray, columns: number, rows: number): Uint8Array<ArrayBuffer> {
  const stride = columns * 3 + 1;
  const out = new Uint8Array(stride * rows);
  for (let y = 0; y < rows; y++) {
    const row = y * stride;
    const from = y * columns * 4;
    const above = from - columns * 4;
    out[row] = 2;
    for (let x = 0; x < columns; x++) {
      const i = from + x * 4;
      const o = row + 1 + x * 3;
      if (y === 0) {
        out[o] = rgba[i] ?? 0;
        out[o + 1] = rgba[i + 1] ?? 0;
        out[o + 2] = rgba[i + 2] ?? 0;
      } else {
        const j = above + x * 4;
        out[o] = ((rgba[i] ?? 0) - (rgba[j] ?? 0)) & 255;
        out[o + 1] = ((rgba[i + 1] ?? 0) - (rgba[j + 1] ?? 0)) & 255;
        out[o + 2] = ((rgba[i + 2] ?? 0) - (rgba[j + 2] ?? 0)) & 255;
      }
    }
  }
  return out;
}

/** zlib-wrapped deflate by the browser's own compressor, which PDF's FlateDecode reads as it is. */
async function deflate(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * One sheet of the preview as pixels: the browser draws the page itself (an SVG foreignObject), so
 * Chinese text, tables and signatures look as they do on screen, whatever fonts a PDF library has.
 * The pixels go into the PDF deflated by the browser: pdf-lib's PNG path decoded and re-encoded
 * every page in JavaScript, which took most of a batch's time.
 */
async function sheetPicture(sheet: HTMLElement, bare: BareStyles): Promise<SheetPicture> {
  const { width, height } = sheet.getBoundingClientRect();
  const xhtml = new XMLSerializer().serializeToString(styledCopy(sheet, bare));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><foreignObject x="0" y="0" width="100%" height="100%">${xhtml}</foreignObject></svg>`;
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await image.decode();
  const columns = Math.ceil(width * scale);
  const rows = Math.ceil(height * scale);
  const canvas = document.createElement('canvas');
  canvas.width = columns;
  canvas.height = rows;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('canvas 2d context unavailable');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, columns, rows);
  context.scale(scale, scale);
  context.drawImage(image, 0, 0, width, height);
  const rgba = context.getImageData(0, 0, columns, rows).data;
  return { data: await deflate(upFilteredRgb(rgba, columns, rows)), columns, rows, width, height };
}

/**
 * The preview's sheets as a PDF, one page per sheet (one record each) on the template's paper. A
 * sheet taller than its paper is shrunk to fit the page, keeping its proportions. `onPage` hears
 * how many sheets are done, for a batch that takes a while.
 */
export async function printPdf(
  sheets: readonly HTMLElement[],
  size: SheetSize,
  onPage?: (done: number) => void,
): Promise<Blob> {
  const pdf = await PDFDocument.create();
  const pageWidth = size.width * ptPerMm;
  const pageHeight = size.height * ptPerMm;
  const bare = new BareStyles();
  try {
    for (const [index, sheet] of sheets.entries()) {
      const picture = await sheetPicture(sheet, bare);
      const image = pdf.context.register(
        pdf.context.stream(picture.data, {
          Type: 'XObject',
          Subtype: 'Image',
          Width: picture.columns,
          Height: picture.rows,
          ColorSpace: 'DeviceRGB',
          BitsPerComponent: 8,
          Filter: 'FlateDecode',
          DecodeParms: { Predictor: 12, Colors: 3, BitsPerComponent: 8, Columns: picture.columns },
        }),
      );
      const fit = Math.min(
        pageWidth / (picture.width / pxPerMm) / ptPerMm,
        pageHeight / (picture.height / pxPerMm) / ptPerMm,
        1,
      );
      const drawnWidth = (picture.width / pxPerMm) * ptPerMm * fit;
      const drawnHeight = (picture.height / pxPerMm) * ptPerMm * fit;
      const page = pdf.addPage([pageWidth, pageHeight]);
      const name = page.node.newXObject('Sheet', image);
      page.pushOperators(
        pushGraphicsState(),
        concatTransformationMatrix(drawnWidth, 0, 0, drawnHeight, 0, pageHeight - drawnHeight),
        drawObject(name),
        popGraphicsState(),
      );
      onPage?.(index + 1);
    }
  } finally {
    bare.dispose();
  }
  const bytes = await pdf.save();
  return new Blob([bytes.slice().buffer], { type: 'application/pdf' });
}
