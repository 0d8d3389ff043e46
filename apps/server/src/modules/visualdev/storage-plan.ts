import {
  ARRAY_KINDS,
  type ColumnDefinition,
  childrenOf,
  type FormDefinition,
  type FormField,
  holdsValue,
  kindOf,
  staticOptions,
  type ValueType,
  valueFacetsOf,
  valueFields,
} from '@platform/shared';
import { BusinessError } from '../../core/errors.ts';

/**
 * How a definition's records are stored: one table per definition, one child table per sub-table,
 * one typed column per field. Every table and column name here is made by the server (`vd_<id>`,
 * `vd_<id>_c<n>`, `f<n>`): a field's name (`__vModel__`) is only ever a key of this plan and a bound
 * value, never SQL text, so no definition can inject SQL through its names. A field keeps its
 * column for life: removed, the column stays (its values come back if the field does); its kind
 * changed, the column's type is converted in place.
 */

/** The column types records use; each kind maps to one (`columnTypeOf`). */
export type ColumnType = 'text' | 'numeric' | 'timestamptz' | 'jsonb';

export interface StoredColumn {
  field: string;
  column: string;
  type: ColumnType;
  kind: string;
  /** A JSON column whose values are lists (checkbox, multiple selects, ranges): searched by containment. */
  list?: boolean;
  /** The field left the definition; the column and its values stay. */
  retired?: boolean;
}

export interface StoredTable {
  table: string;
  /** The next free column number of this table (`f<next>`). */
  next: number;
  columns: StoredColumn[];
  /** Columns with an index, as `column:method`. */
  indexes: string[];
}

export interface StoredChild extends StoredTable {
  /** The sub-table field's name (`__vModel__` of the table kind). */
  field: string;
  retired?: boolean;
}

export interface StoragePlan extends StoredTable {
  children: StoredChild[];
  /** The next free child-table number (`vd_<id>_c<n>`). */
  nextChild: number;
}

/** Names this module makes, checked again before they reach SQL. */
export const IDENTIFIER = /^vd_[0-9]{1,30}(_c[0-9]{1,6})?$|^f[0-9]{1,6}$/;

export function checkedIdentifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`not a generated identifier: ${name}`);
  return name;
}

/** The column each value type is kept in (a sub-table's rows are a child table, never a column of this one). */
const columnOfValue = {
  text: 'text',
  number: 'numeric',
  datetime: 'timestamptz',
  range: 'jsonb',
  list: 'jsonb',
  files: 'jsonb',
  rows: 'jsonb',
  json: 'jsonb',
} as const satisfies Record<ValueType, ColumnType>;

/**
 * The column type of a field's kind (packages/shared `FIELD_KINDS`: a kind no entry names is kept
 * as JSON, `UNKNOWN_KIND`; display kinds and containers have no column); a field set to hold several values (a multiple popup or table select) keeps JSON.
 */
export function columnTypeOf(kind: string, list = false): ColumnType {
  if (list) return 'jsonb';
  return columnOfValue[valueFacetsOf(kind)?.value ?? 'json'];
}

/** Names a record reserves for itself. */
const reservedFields = new Set(['id', 'flowState', 'parentId', 'sortCode']);
const maxFieldName = 100;

interface WantedTable {
  field: string;
  columns: { field: string; kind: string; list: boolean }[];
}

const listValued = (field: FormField) => ARRAY_KINDS.has(kindOf(field)) || field.multiple === true;

/** The value fields a definition's records hold, with its sub-tables' columns; refuses bad names. */
export function wantedFields(definition: FormDefinition): { columns: WantedTable['columns']; children: WantedTable[] } {
  const columns: WantedTable['columns'] = [];
  const children: WantedTable[] = [];
  const seen = new Set<string>();
  const claim = (name: string, scope: Set<string>) => {
    if (!name || name.length > maxFieldName || reservedFields.has(name)) {
      throw new BusinessError('visualdev.badFieldName', { name: name.slice(0, maxFieldName) });
    }
    if (scope.has(name)) throw new BusinessError('visualdev.duplicateField', { name });
    scope.add(name);
  };
  for (const field of valueFields(definition.fields ?? [])) {
    const name = field.__vModel__ ?? '';
    claim(name, seen);
    const kind = kindOf(field);
    if (kind === 'table') {
      const inner = new Set<string>();
      const tableColumns = childrenOf(field)
        .filter(holdsValue)
        .map((column: FormField) => {
          claim(column.__vModel__ ?? '', inner);
          return { field: column.__vModel__ as string, kind: kindOf(column), list: listValued(column) };
        });
      children.push({ field: name, columns: tableColumns });
    } else {
      columns.push({ field: name, kind, list: listValued(field) });
    }
  }
  return { columns, children };
}

/**
 * How the list searches a field: 1 equals, 2 fuzzy (contains), 3 a range. Without a declared type a
 * text field is searched fuzzy. The release's indexes and the search both follow this, so a fuzzy
 * search always has its trigram index.
 */
export function searchTypeOf(declared: { searchType?: unknown } | undefined, column: StoredColumn): number {
  return Number(declared?.searchType ?? (column.type === 'text' ? 2 : 1));
}

/** The most static options a choice may have and still count as few-valued (see `fewValuedFields`). */
export const FEW_VALUES = 10;

/**
 * The fields whose every value covers a large part of the table: a switch, a select or radio of at
 * most `FEW_VALUES` static options. An index of such a value is never the way in: alone, the
 * planner walks the time index or scans; beside a keyword, a generic plan AND-s its third of the
 * table into every search (at 1,000,000 records a b-tree of 333,334 entries read per search, 20-40
 * ms, against 2 ms for the keyword's trigram index alone; bench/visualdev-records.ts).
 */
export function fewValuedFields(form: FormDefinition): Set<string> {
  const few = new Set<string>();
  for (const field of valueFields(form.fields ?? [])) {
    const kind = kindOf(field);
    const dataType = field.__config__?.dataType;
    const isStatic = dataType === undefined || dataType === 'static';
    const options = isStatic && (kind === 'select' || kind === 'radio') ? staticOptions(field).length : 0;
    if (field.__vModel__ && (kind === 'switch' || (options > 0 && options <= FEW_VALUES))) few.add(field.__vModel__);
  }
  return few;
}

/**
 * Which columns the list searches and how: fuzzy text gets a trigram index, the rest a b-tree (JSON a
 * GIN), except few-valued fields (`fewValuedFields`), which get none.
 */
export function wantedIndexes(
  plan: StoredTable,
  list: ColumnDefinition | null,
  fewValued: ReadonlySet<string> = new Set(),
): string[] {
  const out = new Set<string>();
  for (const search of list?.searchList ?? []) {
    const column = plan.columns.find((c) => c.field === search.prop && !c.retired);
    if (!column || fewValued.has(column.field)) continue;
    // Lists are searched by containment (GIN); one JSON value by its text (a b-tree of `col #>> '{}'`,
    // whose statistics keep the planner from AND-ing a GIN scan of a few-valued field into every search).
    if (column.type === 'jsonb') out.add(`${column.column}:${column.list ? 'gin' : 'jsontext'}`);
    else if (column.type === 'text' && searchTypeOf(search, column) === 2) out.add(`${column.column}:trgm`);
    else out.add(`${column.column}:btree`);
  }
  return [...out].sort();
}

/** One change to the record tables, in the order it must run. */
export type StorageStep =
  | { op: 'createTable'; table: string; parent: string | null }
  | { op: 'addColumn'; table: string; column: string; type: ColumnType }
  | { op: 'convertColumn'; table: string; column: string; from: ColumnType; to: ColumnType; list?: true }
  | { op: 'createIndex'; table: string; column: string; method: string }
  | { op: 'dropIndex'; table: string; column: string; method: string };

function planTable(
  current: StoredTable | undefined,
  table: string,
  wanted: WantedTable['columns'],
  steps: StorageStep[],
  parent: string | null,
): StoredTable {
  const next: StoredTable = current
    ? { table, next: current.next, columns: current.columns.map((c) => ({ ...c })), indexes: [...current.indexes] }
    : { table, next: 1, columns: [], indexes: [] };
  if (!current) steps.push({ op: 'createTable', table, parent });
  const wantedNames = new Set(wanted.map((w) => w.field));
  for (const column of next.columns) column.retired = !wantedNames.has(column.field) || undefined;
  for (const { field, kind, list } of wanted) {
    const type = columnTypeOf(kind, list);
    const existing = next.columns.find((c) => c.field === field);
    if (!existing) {
      const column = `f${next.next++}`;
      next.columns.push({ field, column, type, kind, ...(list ? { list } : {}) });
      steps.push({ op: 'addColumn', table, column, type });
      continue;
    }
    if (existing.type !== type) {
      steps.push({
        op: 'convertColumn',
        table,
        column: existing.column,
        from: existing.type,
        to: type,
        ...(list ? { list: true as const } : {}),
      });
      existing.type = type;
    }
    existing.kind = kind;
    if (list) existing.list = true;
    else delete existing.list;
  }
  return next;
}

/** Index changes: drops run before the columns change (an index of the old type blocks a conversion), creates after. */
function planIndexes(table: StoredTable, wanted: string[], converted: Set<string>) {
  const split = (entry: string) => {
    const [column = '', method = ''] = entry.split(':');
    return { column, method };
  };
  const drops: StorageStep[] = [];
  const creates: StorageStep[] = [];
  for (const entry of table.indexes) {
    if (!wanted.includes(entry) || converted.has(split(entry).column))
      drops.push({ op: 'dropIndex', table: table.table, ...split(entry) });
  }
  for (const entry of wanted) {
    if (!table.indexes.includes(entry) || converted.has(split(entry).column))
      creates.push({ op: 'createIndex', table: table.table, ...split(entry) });
  }
  table.indexes = wanted;
  return { drops, creates };
}

/** The plan for a definition about to be released, and the steps from the current plan to it. */
export function planStorage(
  definitionId: string,
  current: StoragePlan | null,
  form: FormDefinition,
  list: ColumnDefinition | null,
): { plan: StoragePlan; steps: StorageStep[] } {
  if (!/^[0-9]{1,30}$/.test(definitionId)) throw new Error(`definition ids are digits: ${definitionId}`);
  const wanted = wantedFields(form);
  const steps: StorageStep[] = [];
  const mainTable = `vd_${definitionId}`;
  const main = planTable(current ?? undefined, mainTable, wanted.columns, steps, null);
  let nextChild = current?.nextChild ?? 1;
  const children: StoredChild[] = (current?.children ?? []).map((child) => ({
    ...child,
    retired: !wanted.children.some((w) => w.field === child.field) || undefined,
  }));
  for (const want of wanted.children) {
    const index = children.findIndex((c) => c.field === want.field);
    const existing = index >= 0 ? children[index] : undefined;
    const table = existing?.table ?? `vd_${definitionId}_c${nextChild++}`;
    const planned = planTable(existing, table, want.columns, steps, mainTable);
    const child: StoredChild = { ...planned, field: want.field };
    if (index >= 0) children[index] = child;
    else children.push(child);
  }
  const converted = new Set(
    steps.flatMap((s) => (s.op === 'convertColumn' && s.table === mainTable ? [s.column] : [])),
  );
  const { drops, creates } = planIndexes(main, wantedIndexes(main, list, fewValuedFields(form)), converted);
  return { plan: { ...main, children, nextChild }, steps: [...drops, ...steps, ...creates] };
}

/** The live (not retired) columns of a table. */
export function liveColumns(table: StoredTable): StoredColumn[] {
  return table.columns.filter((c) => !c.retired);
}

export function liveChildren(plan: StoragePlan): StoredChild[] {
  return plan.children.filter((c) => !c.retired);
}
