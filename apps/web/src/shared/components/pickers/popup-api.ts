import type { DataInterfaceParamValue, PageData, RecordInfo, RecordPageConfig } from '@platform/shared';
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

/**
 * Where a popup or table select reads its rows: a data interface, or the records of another
 * generated form (the relation form). The dialogs only page, search and look up by value.
 */
export interface RowSource {
  /** What identifies the source in the query cache. */
  key: readonly unknown[];
  /** The column stored as the value. */
  propsValue: string;
  /** The column shown for a value. */
  relationField: string;
  columns: InterfaceSource['columns'];
  /** False while the definition names no source: nothing is asked. */
  ready: boolean;
  list(
    query: { keyword: string; currentPage: number; pageSize: number },
    signal?: AbortSignal,
  ): Promise<PageData<InterfaceRow>>;
  byIds(ids: readonly string[]): Promise<InterfaceRow[]>;
}

export function interfaceRows(source: InterfaceSource): RowSource {
  return {
    key: ['interface', source.interfaceId, source.propsValue, source.relationField, source.paramList],
    propsValue: source.propsValue,
    relationField: source.relationField,
    columns: source.columns,
    ready: !!source.interfaceId,
    list: (query, signal) => interfaceSelectApi.list(source, query, signal),
    byIds: (ids) => interfaceSelectApi.byIds(source, ids),
  };
}

const formBase = '/api/visualdev/Base';
const recordBase = '/api/visualdev/OnlineDev';

/** widgets.md §9: a relation form without paging reads 10000 records. */
export const unpagedRelationSize = 10_000;

/** The relation form's calls (widgets.md §7): a page of the other form's records, a record, its form. */
export const relationFormApi = {
  list: (
    modelId: string,
    relationField: string,
    query: { keyword: string; currentPage: number; pageSize: number },
    signal?: AbortSignal,
  ) =>
    http.get<PageData<InterfaceRow>>(
      `${formBase}/${encodeURIComponent(modelId)}/FieldDataSelect`,
      { ...query, relationField },
      { ...silent, ...(signal ? { signal } : {}) },
    ),
  record: (modelId: string, id: string) =>
    http
      .get<RecordInfo>(`${recordBase}/${encodeURIComponent(modelId)}/${encodeURIComponent(id)}`, undefined, silent)
      .then((info): InterfaceRow => ({ ...(JSON.parse(info.data) as InterfaceRow), id: info.id })),
  config: (modelId: string) =>
    http.get<RecordPageConfig>(`${recordBase}/${encodeURIComponent(modelId)}/Config`, undefined, silent),
};

/** The records of another generated form, stored by id and shown by one of its fields. */
export function formRecordRows(modelId: string, relationField: string, columns: InterfaceSource['columns']): RowSource {
  return {
    key: ['form', modelId, relationField],
    propsValue: 'id',
    relationField,
    columns,
    ready: !!modelId,
    list: (query, signal) => relationFormApi.list(modelId, relationField, query, signal),
    // A record deleted since (or out of the caller's reach) is left out: the id shows instead of a name.
    byIds: (ids) =>
      Promise.all(ids.map((id) => relationFormApi.record(modelId, id).catch(() => null))).then((rows) =>
        rows.filter((row): row is InterfaceRow => row !== null),
      ),
  };
}

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
