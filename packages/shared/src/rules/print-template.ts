/**
 * Fills a print template (HTML with `{field}` placeholders) with one record's print data: head
 * fields by name, sub-table columns as `{table.column}`. A table row holding a sub-table's
 * placeholders is repeated once per row of that sub-table (none when it has no rows). Values are
 * written as text (HTML-escaped); a placeholder of a field the data does not hold prints empty.
 * Pure string work, so the browser preview, the Word export and the server's benchmark agree.
 *
 * Blocks are placeholders too, so they survive the rich-text editor and every sanitiser as text:
 * `{@barcode:field}` and `{@qrcode:field}` draw a field's value (a sub-table column inside its
 * repeated row), `{@approval}` the approval records. Drawing a code needs a canvas-free encoder the
 * caller hands in (`codes`); the records table needs the caller's texts (`approval`).
 */
import { formatDate } from './date-format.ts';

/** admin.md 9: table rows of a print are 17 px high. */
export const PRINT_ROW_HEIGHT_PX = 17;
/** admin.md 9: a print's barcode (bar width 4, height 80) and QR code (265, highest correction). */
export const printBarcodeDefaults = { format: 'CODE128', width: 4, height: 80, margin: 10 } as const;
export const printQrcodeDefaults = { size: 265, errorCorrectionLevel: 'H' } as const;

export type PrintCodeKind = 'barcode' | 'qrcode';
/** The placeholder of a barcode or QR code block drawing `field` (`table.column` inside a sub-table row). */
export const printCodeToken = (kind: PrintCodeKind, field: string) => `{@${kind}:${field}}`;
/** The placeholder of the approval records block. */
export const PRINT_APPROVAL_TOKEN = '{@approval}';

/** One approval record as `GET /api/workflow/Engine/FlowBefore/RecordList/{taskId}` gives it. */
export interface PrintApprovalRecord {
  nodeName: string;
  userName: string;
  handleTime: number | null;
  /** The handle-status code (protocol-workflow.md "Codes"). */
  handleStatus: number;
  handleOpinion: string;
  /** An image address or data URI; empty without a signature. */
  signImg: string;
}

/** The handle-status codes, 0 to 13, in the order protocol-workflow.md lists them. */
export const HANDLE_STATUS_CODES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13] as const;

export interface PrintApprovalTexts {
  /** Column headers: node, user, time, status, opinion, signature. */
  headers: readonly [string, string, string, string, string, string];
  /** A handle status's name; the code itself when none is given. */
  status: Readonly<Record<number, string>>;
  /** Printed in place of the table when there are no records. */
  none: string;
}

export interface PrintRenderOptions {
  /** HTML of a drawn code; '' when the text cannot be drawn. Without it a code block prints empty. */
  codes?: Readonly<Record<PrintCodeKind, (text: string) => string>>;
  approval?: { records: readonly PrintApprovalRecord[]; texts: PrintApprovalTexts };
}

const placeholder = /\{([A-Za-z_][A-Za-z0-9_]*)(?:\.([A-Za-z_][A-Za-z0-9_]*))?\}/g;
const tableRow = /<tr\b[^>]*>[\s\S]*?<\/tr>/gi;
const codeToken = /\{@(barcode|qrcode):([A-Za-z_][A-Za-z0-9_]*)(?:\.([A-Za-z_][A-Za-z0-9_]*))?\}/g;
/** The approval block alone in a paragraph takes the paragraph's place: a table cannot sit in a <p>. */
const approvalToken = /<p\b[^>]*>\s*\{@approval\}\s*<\/p>|\{@approval\}/;
const anyToken = new RegExp(`${approvalToken.source}|${codeToken.source}|${placeholder.source}`, 'g');

/** Braces too: a value that reads like a placeholder is never filled by a later pass. */
const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"'{}]/g,
    (c) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '{': '&#123;', '}': '&#125;' })[c] ?? c,
  );

/** A value as the printed text: lists joined, nothing for null. */
export function printText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(printText).join('，');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const rowsOf = (data: Record<string, unknown>, table: string): Record<string, unknown>[] => {
  const rows = data[table];
  return Array.isArray(rows)
    ? rows.filter((r): r is Record<string, unknown> => Boolean(r) && typeof r === 'object')
    : [];
};

/** The sub-table a row's placeholders belong to, if it holds any. */
function subTableOf(row: string, data: Record<string, unknown>): string | null {
  const named = [...row.matchAll(placeholder)].map(([, table, column]) => [table, column]);
  const drawn = [...row.matchAll(codeToken)].map(([, , table, column]) => [table, column]);
  for (const [table, column] of [...named, ...drawn]) if (column && table && Array.isArray(data[table])) return table;
  return null;
}

const drawCode = (options: PrintRenderOptions, kind: string, value: unknown) => {
  const text = printText(value);
  const draw = options.codes?.[kind as PrintCodeKind];
  return text && draw ? draw(text) : '';
};

/** The approval records as a table (node, user, time, status, opinion, signature), or the "none" text. */
export function approvalRecordsHtml(approval: NonNullable<PrintRenderOptions['approval']>): string {
  const { records, texts } = approval;
  if (!records.length) return `<p class="print-approval-none">${escapeHtml(texts.none)}</p>`;
  const head = texts.headers.map((h) => `<th>${escapeHtml(h)}</th>`).join('');
  const rows = records
    .map((r) => {
      const time = r.handleTime === null ? '' : formatDate(r.handleTime, 'YYYY-MM-DD HH:mm:ss');
      const status = texts.status[r.handleStatus] ?? String(r.handleStatus);
      const sign = r.signImg ? `<img class="print-sign" src="${escapeHtml(r.signImg)}" alt="" height="40">` : '';
      return `<tr>${[r.nodeName, r.userName, time, status, r.handleOpinion]
        .map((cell) => `<td>${escapeHtml(cell)}</td>`)
        .join('')}<td>${sign}</td></tr>`;
    })
    .join('');
  return `<table class="print-approval"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`;
}

export function renderPrintTemplate(
  template: string,
  data: Record<string, unknown>,
  options: PrintRenderOptions = {},
): string {
  const repeated = template.replace(tableRow, (row) => {
    const table = subTableOf(row, data);
    if (!table) return row;
    return rowsOf(data, table)
      .map((record) =>
        row
          .replace(codeToken, (whole, kind: string, name: string, column?: string) =>
            column && name === table ? drawCode(options, kind, record[column]) : whole,
          )
          .replace(placeholder, (whole, name: string, column?: string) =>
            column && name === table ? escapeHtml(printText(record[column])) : whole,
          ),
      )
      .join('');
  });
  return repeated.replace(anyToken, (whole, ...groups: (string | undefined)[]) => {
    const [kind, codeName, codeColumn, name, column] = groups;
    if (whole.includes('{@approval}')) return options.approval ? approvalRecordsHtml(options.approval) : '';
    // A sub-table column outside its row has no single value to draw.
    if (kind) return codeColumn ? '' : drawCode(options, kind, data[codeName as string]);
    if (!column) return escapeHtml(printText(data[name as string]));
    // A sub-table column outside a table row: its values in order.
    return escapeHtml(
      rowsOf(data, name as string)
        .map((record) => printText(record[column]))
        .join('，'),
    );
  });
}
