import type { PrintPageParam } from '@platform/shared';
import {
  BorderStyle,
  convertMillimetersToTwip,
  Document,
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

/** The text runs of an inline subtree, with bold, italics, underline and strike as the tags say. */
function runsOf(node: Node, marks: Marks, size?: number): TextRun[] {
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
