import { PDFDocument } from 'pdf-lib';

/** Page size in millimetres, as the preview lays the sheets out (orientation applied). */
export interface SheetSize {
  width: number;
  height: number;
}

const pxPerMm = 96 / 25.4;
const ptPerMm = 72 / 25.4;
/** Pixels per CSS pixel in the picture of a page: sharp enough to read small print. */
const scale = 2;

/** A copy of `element` whose every node carries its computed style, so it looks the same outside the page. */
function styledCopy(element: HTMLElement): HTMLElement {
  const copy = element.cloneNode(true) as HTMLElement;
  const originals = [element, ...element.querySelectorAll<HTMLElement>('*')];
  const copies = [copy, ...copy.querySelectorAll<HTMLElement>('*')];
  originals.forEach((original, i) => {
    const target = copies[i];
    if (!target) return;
    const computed = getComputedStyle(original);
    for (const property of computed) target.style.setProperty(property, computed.getPropertyValue(property));
  });
  copy.style.margin = '0';
  copy.style.boxShadow = 'none';
  return copy;
}

/**
 * One sheet of the preview as a PNG: the browser draws the page itself (an SVG foreignObject), so
 * Chinese text, tables and signatures look as they do on screen, whatever fonts a PDF library has.
 */
async function sheetPicture(sheet: HTMLElement): Promise<{ png: Uint8Array; width: number; height: number }> {
  const { width, height } = sheet.getBoundingClientRect();
  const xhtml = new XMLSerializer().serializeToString(styledCopy(sheet));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><foreignObject x="0" y="0" width="100%" height="100%">${xhtml}</foreignObject></svg>`;
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(width * scale);
  canvas.height = Math.ceil(height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas 2d context unavailable');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.scale(scale, scale);
  context.drawImage(image, 0, 0, width, height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('the page could not be drawn');
  return { png: new Uint8Array(await blob.arrayBuffer()), width, height };
}

/**
 * The preview's sheets as a PDF, one page per sheet (one record each) on the template's paper. A
 * sheet taller than its paper is shrunk to fit the page, keeping its proportions.
 */
export async function printPdf(sheets: readonly HTMLElement[], size: SheetSize): Promise<Blob> {
  const pdf = await PDFDocument.create();
  const pageWidth = size.width * ptPerMm;
  const pageHeight = size.height * ptPerMm;
  for (const sheet of sheets) {
    const picture = await sheetPicture(sheet);
    const image = await pdf.embedPng(picture.png);
    const fit = Math.min(
      pageWidth / (picture.width / pxPerMm) / ptPerMm,
      pageHeight / (picture.height / pxPerMm) / ptPerMm,
      1,
    );
    const drawnWidth = (picture.width / pxPerMm) * ptPerMm * fit;
    const drawnHeight = (picture.height / pxPerMm) * ptPerMm * fit;
    const page = pdf.addPage([pageWidth, pageHeight]);
    page.drawImage(image, { x: 0, y: pageHeight - drawnHeight, width: drawnWidth, height: drawnHeight });
  }
  const bytes = await pdf.save();
  return new Blob([bytes.slice().buffer], { type: 'application/pdf' });
}
