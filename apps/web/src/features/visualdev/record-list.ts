import { type ColumnDefinition, LIST_TYPE } from '@platform/shared';
import type { RecordRow } from './api.ts';

/**
 * How a generated form's list shows its records (protocol-admin.md 7 `columnData.type`): plain, a
 * grouped list (type 3, the server's head rows carry `top`), rows edited in place (type 4) or a
 * tree table (type 5, records nest under `children`). A grouped or tree list without its field is plain.
 */
export type ListKind = 'plain' | 'grouped' | 'inline' | 'tree';

export function listKind(list: ColumnDefinition): ListKind {
  const type = Number(list.type ?? LIST_TYPE.plain);
  if (type === LIST_TYPE.inline) return 'inline';
  if (type === LIST_TYPE.grouped && list.groupField) return 'grouped';
  if (type === LIST_TYPE.treeTable && list.parentField) return 'tree';
  return 'plain';
}

/** protocol-admin.md 7: the page size that asks for every record of a list without paging. */
export const UNPAGED = 1_000_000;

/**
 * How many records a page of the list asks for: the designed page size (columnData `pageSize`;
 * every record when `hasPage` is off) until the person picks a size in the pager, then theirs.
 */
export function pageSizeOf(list: ColumnDefinition, chosen: number, pickedByUser: boolean): number {
  if (list.hasPage === false) return UNPAGED;
  if (pickedByUser) return chosen;
  return typeof list.pageSize === 'number' && list.pageSize > 0 ? list.pageSize : chosen;
}

/** A grouped list's head row: it names a group and is neither selected nor acted on. */
export const isGroupRow = (row: RecordRow) => row.top === true;

/** The head rows of a grouped list that are open: all of them except those the user closed. */
export function openGroups(rows: readonly RecordRow[], closed: ReadonlySet<string>): string[] {
  return rows.filter((row) => isGroupRow(row) && !closed.has(row.id)).map((row) => row.id);
}

/**
 * A cell as the list shows it. The server answers a list's values as a person reads them (names,
 * labels, dates in the field's format); a list edited in place keeps the stored value and answers
 * that text under `<field>_name`. Lists are joined, files named.
 */
export function cellText(row: RecordRow, prop: string, inPlace: boolean): string {
  const value = inPlace && Object.hasOwn(row, `${prop}_name`) ? row[`${prop}_name`] : row[prop];
  if (value === null || value === undefined) return '';
  const item = (v: unknown): string => {
    if (v === null || v === undefined) return '';
    if (typeof v !== 'object') return String(v);
    const name = (v as Record<string, unknown>).name;
    return typeof name === 'string' ? name : JSON.stringify(v);
  };
  return Array.isArray(value) ? value.map(item).join(',') : item(value);
}

/**
 * The list's queryJson with the tree panel's choice (type 2 lists): the related field equal to one
 * of the chosen node's values; the tree's choice wins over a search of the same field.
 */
export function withTreeFilter(queryJson: string, relation: string | undefined, values: readonly string[]): string {
  if (!relation || values.length === 0) return queryJson;
  const query = queryJson ? (JSON.parse(queryJson) as Record<string, unknown>) : {};
  return JSON.stringify({ ...query, [relation]: values });
}

/**
 * A list held to fixed field values (a report's drill-through): each field equal to its value, a
 * range search from it to it; empty values hold nothing. Answers the search part of a queryJson.
 */
export function fixedSearch(
  list: ColumnDefinition,
  values: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values)) {
    if (value === null || value === undefined || value === '') continue;
    const declared = list.searchList?.find((s) => s.prop === field);
    // An array is always an equality on the server, whatever the field's search type, except a range.
    out[field] = Number(declared?.searchType) === 3 ? [value, value] : [value];
  }
  return out;
}

/** The list's queryJson with fixed searches laid over it (they win over a search of the same field). */
export function withFixedSearch(queryJson: string, fixed: Readonly<Record<string, unknown>>): string {
  if (Object.keys(fixed).length === 0) return queryJson;
  const query = queryJson ? (JSON.parse(queryJson) as Record<string, unknown>) : {};
  return JSON.stringify({ ...query, ...fixed });
}
