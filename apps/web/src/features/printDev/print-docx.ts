import { PRINT_ROW_HEIGHT_PX, type PrintPageParam } from '@platform/shared';
import {
  BorderStyle,
  convertMillimetersToTwip,
  Document,
  HeightRule,
  ImageRun,
  type IRunOptions,
  type ISectionOptions,
  PageOrientation,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';

type Block = Paragraph | Table;
type Run = TextRun | ImageRun;
interface Marks {
  bold?: boolean;
  italics?: boolean;
  underline?: boolean;
  strike?: boolean;
}

const blockTags = new Set(['P', 'DIV', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE', 'LI', 'PRE']);
const headingSizes: Record<string, number> = { H1: 36, H2: 32, H3: 28, H4: 26, H5: 24, H6: 22 };
const border = { style: BorderStyle.SINGLE, size: 4, color: '333333' };
const cellBorders = { top: border, bottom: border, left: border, right: border };
/** admin.md 9: rows 17 px high (a twip is a twentieth of a point; 96 px make 72 points). */
const rowHeight = { value: PRINT_ROW_HEIGHT_PX * 15, rule: HeightRule.ATLEAST };

/** The bytes of a PNG or JPEG data URI, with its type; null for anything else (an address cannot be read here). */
function imageData(src: string): { type: 'png' | 'jpg'; data: Uint8Array } | null {
  const match = /^data:image\/(png|jpe?g);base64,([A-Za-z0-9+/=\s]+)$/i.exec(src);
  if (!match?.[1] || !match[2]) return null;
  const binary = atob(match[2].replace(/\s/g, ''));
  const data = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return { type: match[1].toLowerCase() === 'png' ? 'png' : 'jpg', data };
}

/** Width over height: a PNG says it in its header; otherwise 3:1, the shape signature pads make. */
function aspect(image: { type: 'png' | 'jpg'; data: Uint8Array }): number {
  if (image.type !== 'png' || image.data.length < 24) return 3;
  const view = new DataView(image.data.buffer, image.data.byteOffset);
  const [width, height] = [view.getUint32(16), view.getUint32(20)];
  return width > 0 && height > 0 ? width / height : 3;
}

/** A drawn code or a signature as a picture in the document, at the size the page shows it. */
function imageOf(element: Element): ImageRun[] {
  const image = imageData(element.getAttribute('src') ?? '');
  const width = Number(element.getAttribute('width'));
  const height = Number(element.getAttribute('height'));
  if (!image || !(height > 0)) return [];
  const transformation = { width: width > 0 ? width : Math.round(height * aspect(image)), height };
  return [new ImageRun({ ...image, transformation })];
}

/** The text runs of an inline subtree, with bold, italics, underline and strike as the tags say. */
function runsOf(node: Node, marks: Marks, size?: number): Run[] {
  if (node.nodeType === Node.TEXT_NODE) {
    const text = (node.textContent ?? '').replace(/\s+/g, ' ');
    if (!text) return [];
    const options: IRunOptions = {
      text,
      ...(marks.bold ? { bold: true } : {}),
      ...(marks.italics ? { italics: true } : {}),
      ...(marks.underline ? { underline: {} } : {}),
      ...(marks.strike ? { strike: true } : {}),
      ...(size ? { size } : {}),
    };
    return [new TextRun(options)];
  }
  if (!(node instanceof Element)) return [];
  if (node.tagName === 'BR') return [new TextRun({ text: '', break: 1 })];
  if (node.tagName === 'IMG') return imageOf(node);
  const next: Marks = {
    bold: marks.bold || ['B', 'STRONG', 'TH'].includes(node.tagName) || node.tagName in headingSizes,
    italics: marks.italics || ['I', 'EM'].includes(node.tagName),
    underline: marks.underline || node.tagName === 'U',
    strike: marks.strike || ['S', 'STRIKE', 'DEL'].includes(node.tagName),
  };
  return [...node.childNodes].flatMap((child) => runsOf(child, next, headingSizes[node.tagName] ?? size));
}

function tableOf(table: Element): Table | null {
  const rows = [...table.querySelectorAll('tr')].filter((tr) => tr.closest('table') === table);
  if (!rows.length) return null;
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: rows.map(
      (tr) =>
        new TableRow({
          height: rowHeight,
          children: [...tr.children]
            .filter((cell) => cell.tagName === 'TD' || cell.tagName === 'TH')
            .map(
              (cell) =>
                new TableCell({
                  borders: cellBorders,
                  columnSpan: Number(cell.getAttribute('colspan')) || 1,
                  children: blocksOf(cell),
                }),
            ),
        }),
    ),
  });
}

/** The paragraphs and tables of an element's children; loose inline content becomes one paragraph. */
function blocksOf(parent: Element): Block[] {
  const blocks: Block[] = [];
  let inline: Node[] = [];
  const flush = () => {
    const runs = inline.flatMap((node) => runsOf(node, {}));
    if (runs.length) blocks.push(new Paragraph({ children: runs }));
    inline = [];
  };
  for (const node of [...parent.childNodes]) {
    if (node instanceof Element && node.tagName === 'TABLE') {
      flush();
      const table = tableOf(node);
      if (table) blocks.push(table);
    } else if (node instanceof Element && (node.tagName === 'UL' || node.tagName === 'OL')) {
      flush();
      [...node.children].forEach((li, i) => {
        const mark = node.tagName === 'OL' ? `${i + 1}. ` : '• ';
        blocks.push(new Paragraph({ children: [new TextRun(mark), ...runsOf(li, {})] }));
      });
    } else if (node instanceof Element && blockTags.has(node.tagName)) {
      flush();
      if (node.querySelector('table')) blocks.push(...blocksOf(node));
      else blocks.push(new Paragraph({ children: runsOf(node, {}) }));
    } else {
      inline.push(node);
    }
  }
  flush();
  // A table cell or section must hold at least one paragraph.
  if (!blocks.length) blocks.push(new Paragraph({ children: [] }));
  return blocks;
}

/**
 * A Word document of rendered print pages (HTML, one per record): each page its own section, so
 * each record starts a new page, on the template's paper, orientation and margins.
 */
export function printDocument(pages: string[], page: PrintPageParam): Document {
  const landscape = page.direction === 2;
  const properties: ISectionOptions['properties'] = {
    page: {
      size: {
        width: convertMillimetersToTwip(page.width),
        height: convertMillimetersToTwip(page.height),
        orientation: landscape ? PageOrientation.LANDSCAPE : PageOrientation.PORTRAIT,
      },
      margin: {
        top: convertMillimetersToTwip(page.mt),
        bottom: convertMillimetersToTwip(page.mb),
        left: convertMillimetersToTwip(page.ml),
        right: convertMillimetersToTwip(page.mr),
      },
    },
  };
  const parser = new DOMParser();
  return new Document({
    sections: pages.map((html) => ({
      properties,
      children: blocksOf(parser.parseFromString(`<body>${html}</body>`, 'text/html').body),
    })),
  });
}
