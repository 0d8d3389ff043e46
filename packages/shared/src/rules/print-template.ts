/**
 * Fills a print template (HTML with `{field}` placeholders) with one record's print data: head
 * fields by name, sub-table columns as `{table.column}`. A table row holding a sub-table's
 * placeholders is repeated once per row of that sub-table (none when it has no rows). Values are
 * written as text (HTML-escaped); a placeholder of a field the data does not hold prints empty.
 * Pure string work, so the browser preview, the Word export and the server's benchmark agree.
 */

const placeholder = /\{([A-Za-z_][A-Za-z0-9_]*)(?:\.([A-Za-z_][A-Za-z0-9_]*))?\}/g;
const tableRow = /<tr\b[^>]*>[\s\S]*?<\/tr>/gi;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

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
  for (const match of row.matchAll(placeholder)) {
    const [, table, column] = match;
    if (column && table && Array.isArray(data[table])) return table;
  }
  return null;
}

export function renderPrintTemplate(template: string, data: Record<string, unknown>): string {
  const repeated = template.replace(tableRow, (row) => {
    const table = subTableOf(row, data);
    if (!table) return row;
    return rowsOf(data, table)
      .map((record) =>
        row.replace(placeholder, (whole, name: string, column?: string) =>
          column && name === table ? escapeHtml(printText(record[column])) : whole,
        ),
      )
      .join('');
  });
  return repeated.replace(placeholder, (_whole, name: string, column?: string) => {
    if (!column) return escapeHtml(printText(data[name]));
    // A sub-table column outside a table row: its values in order.
    return escapeHtml(
      rowsOf(data, name)
        .map((record) => printText(record[column]))
        .join('，'),
    );
  });
}
