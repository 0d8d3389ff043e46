import type { DataInterfaceParamValue, PageData } from '@platform/shared';
import { http } from '../../api/http.ts';

/** A row a data interface answers: whatever columns it has. */
export type InterfaceRow = Record<string, unknown>;

/** What a popup select, a table select or an autocomplete knows of its data interface (widgets.md §3 "Popup-select query"). */
export interface InterfaceSource {
  interfaceId: string;
  /** The column stored as the value (default id). */
  propsValue: string;
  /** The column shown for a value (default fullName). */
  relationField: string;
  /** The columns shown and searched. */
  columns: { value: string; label: string; width?: number }[];
  paramList: DataInterfaceParamValue[];
}

const base = '/api/system/DataInterface';
const silent = { silent: true } as const;

/** widgets.md §9: without paging a popup select asks for 100000 rows, a table select for 10000. */
export const unpagedPopupSize = 100_000;
export const unpagedTableSize = 10_000;
/** widgets.md §9: the autocomplete's default result count. */
export const autocompleteSize = 50;

/** The popup-select calls (protocol-admin.md §4): one page of rows (the keyword searching the columns), and the rows of chosen values. */
export const interfaceSelectApi = {
  list: (
    source: InterfaceSource,
    query: { keyword: string; currentPage: number; pageSize: number },
    signal?: AbortSignal,
  ) =>
    http.post<PageData<InterfaceRow>>(
      `${base}/${encodeURIComponent(source.interfaceId)}/Actions/List`,
      {
        interfaceId: source.interfaceId,
        propsValue: source.propsValue,
        relationField: source.relationField,
        columnOptions: source.columns.map((c) => c.value).join(','),
        paramList: source.paramList,
        ...query,
      },
      { ...silent, signal },
    ),
  byIds: (source: InterfaceSource, ids: readonly string[]) =>
    http.post<InterfaceRow[]>(
      `${base}/${encodeURIComponent(source.interfaceId)}/Actions/InfoByIds`,
      {
        ids,
        interfaceId: source.interfaceId,
        propsValue: source.propsValue,
        relationField: source.relationField,
        paramList: source.paramList,
      },
      silent,
    ),
};

export const cellText = (row: InterfaceRow | undefined, column: string): string => {
  const value = row?.[column];
  return value === undefined || value === null ? '' : String(value);
};

/**
 * widgets.md §7 "Autocomplete": a parameter whose value is "@keyword" takes the typed text; the
 * results are one per relationField value.
 */
export function withKeyword(paramList: readonly DataInterfaceParamValue[], keyword: string): DataInterfaceParamValue[] {
  return paramList.map((p) => (p.defaultValue === '@keyword' ? { ...p, defaultValue: keyword } : p));
}

export function distinctBy(rows: readonly InterfaceRow[], column: string): InterfaceRow[] {
  const seen = new Set<string>();
  return rows.filter((row) => {
    const key = cellText(row, column);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
