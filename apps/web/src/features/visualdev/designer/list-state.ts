import {
  type ColumnDefinition,
  columnWidth,
  DEFAULT_LIST_BUTTONS,
  DEFAULT_ROW_BUTTONS,
  type FormDefinition,
  kindOf,
  type ListColumn,
  type SearchField,
  staticOptions,
  valueFields,
  valueKindsWhere,
} from '@platform/shared';

/**
 * The list designer's model: `columnData` as the generated-forms page reads it (protocol.md
 * "Generated forms"), edited by pure functions. Columns and search fields are picked from the
 * form's value fields (sub-tables left out: a list cell holds one value).
 */

export interface ListCandidate {
  prop: string;
  label: string;
  jnpfKey: string;
  /** Choice fields search by their options, several at once when asked. */
  choice: boolean;
  /** Numbers and dates may be searched as a range. */
  ranged: boolean;
}

export const listButtons = ['add', 'download', 'upload', 'batchRemove', 'batchPrint'] as const;
export const rowButtons = ['edit', 'remove', 'detail'] as const;
export const pageSizes = [20, 50, 100, 500] as const;

/** Numbers, dates and times may be searched as a range. */
const rangedKinds = valueKindsWhere((facets) => facets.search === 'range');

export function candidatesOf(form: FormDefinition): ListCandidate[] {
  return valueFields(Array.isArray(form.fields) ? form.fields : [])
    .filter((field) => kindOf(field) !== 'table')
    .map((field) => ({
      prop: field.__vModel__ as string,
      label: String(field.__config__.label ?? field.__vModel__),
      jnpfKey: field.__config__.jnpfKey,
      choice: staticOptions(field).length > 0 || field.__config__.dataType === 'dictionary',
      ranged: rangedKinds.has(kindOf(field)),
    }));
}

/** The stored list, or a new one: paged by 20, newest first, the page's default buttons named in the user's language. */
export function listOf(text: string | null | undefined, buttonLabel: (value: string) => string): ColumnDefinition {
  let stored: ColumnDefinition = {};
  try {
    const parsed = text ? (JSON.parse(text) as unknown) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) stored = parsed as ColumnDefinition;
  } catch {
    // A list that does not parse is designed again from the defaults.
  }
  return {
    type: 1,
    hasPage: true,
    pageSize: 20,
    defaultSidx: '',
    sort: 'desc',
    searchList: [],
    columnList: [],
    btnsList: DEFAULT_LIST_BUTTONS.map((value) => ({ value, label: buttonLabel(value) })),
    columnBtnsList: DEFAULT_ROW_BUTTONS.map((value) => ({ value, label: buttonLabel(value) })),
    useBtnPermission: false,
    useColumnPermission: false,
    useFormPermission: false,
    useDataPermission: false,
    ...stored,
    // Older definitions wrote widths as text ("120", "120px"): read them, write numbers.
    ...(Array.isArray(stored.columnList)
      ? { columnList: stored.columnList.map((c) => ({ ...c, width: columnWidth(c.width) })) }
      : {}),
  };
}

/** Keeps `entries` in the form's field order. */
function inFormOrder<T extends { prop: string }>(entries: T[], candidates: readonly ListCandidate[]): T[] {
  const order = new Map(candidates.map((c, i) => [c.prop, i]));
  return [...entries].sort((a, b) => (order.get(a.prop) ?? 1e9) - (order.get(b.prop) ?? 1e9));
}

export function setColumn(
  list: ColumnDefinition,
  candidates: readonly ListCandidate[],
  prop: string,
  on: boolean,
): ColumnDefinition {
  const columns = list.columnList ?? [];
  const candidate = candidates.find((c) => c.prop === prop);
  if (!on) return { ...list, columnList: columns.filter((c) => c.prop !== prop) };
  if (!candidate || columns.some((c) => c.prop === prop)) return list;
  const column: ListColumn = {
    prop,
    label: candidate.label,
    jnpfKey: candidate.jnpfKey,
    width: null,
    align: 'left',
    fixed: 'none',
    sortable: false,
  };
  return { ...list, columnList: inFormOrder([...columns, column], candidates) };
}

export function patchColumn(list: ColumnDefinition, prop: string, patch: Partial<ListColumn>): ColumnDefinition {
  return { ...list, columnList: (list.columnList ?? []).map((c) => (c.prop === prop ? { ...c, ...patch } : c)) };
}

export function setSearch(
  list: ColumnDefinition,
  candidates: readonly ListCandidate[],
  prop: string,
  on: boolean,
): ColumnDefinition {
  const searches = list.searchList ?? [];
  const candidate = candidates.find((c) => c.prop === prop);
  if (!on) return { ...list, searchList: searches.filter((s) => s.prop !== prop) };
  if (!candidate || searches.some((s) => s.prop === prop)) return list;
  const search: SearchField = {
    prop,
    label: candidate.label,
    jnpfKey: candidate.jnpfKey,
    searchType: candidate.choice ? 1 : candidate.ranged ? 3 : 2,
    searchMultiple: false,
  };
  return { ...list, searchList: inFormOrder([...searches, search], candidates) };
}

export function patchSearch(list: ColumnDefinition, prop: string, patch: Partial<SearchField>): ColumnDefinition {
  return { ...list, searchList: (list.searchList ?? []).map((s) => (s.prop === prop ? { ...s, ...patch } : s)) };
}

/** Turns a list or row button on or off, keeping the page's order of buttons. */
export function setButton(
  list: ColumnDefinition,
  group: 'btnsList' | 'columnBtnsList',
  value: string,
  label: string,
  on: boolean,
): ColumnDefinition {
  const order: readonly string[] = group === 'btnsList' ? listButtons : rowButtons;
  const current = list[group] ?? [];
  const next = on
    ? current.some((b) => b.value === value)
      ? current
      : [...current, { value, label }].sort((a, b) => order.indexOf(a.value) - order.indexOf(b.value))
    : current.filter((b) => b.value !== value);
  return { ...list, [group]: next };
}

/**
 * The list as saved: columns, searches, the default sort and the group or tree field follow the
 * form (a field renamed or removed since is dropped, a label changed is taken over).
 */
export function syncList(list: ColumnDefinition, candidates: readonly ListCandidate[]): ColumnDefinition {
  const byProp = new Map(candidates.map((c) => [c.prop, c]));
  const follow = <T extends { prop: string; label: string }>(entries: T[] | undefined) =>
    (entries ?? []).flatMap((entry) => {
      const candidate = byProp.get(entry.prop);
      return candidate ? [{ ...entry, label: candidate.label, jnpfKey: candidate.jnpfKey }] : [];
    });
  const known = (prop: unknown) => (typeof prop === 'string' && byProp.has(prop) ? prop : '');
  return {
    ...list,
    columnList: follow(list.columnList),
    searchList: follow(list.searchList),
    defaultSidx: known(list.defaultSidx),
    ...(list.groupField !== undefined ? { groupField: known(list.groupField) } : {}),
    ...(list.treeRelation !== undefined ? { treeRelation: known(list.treeRelation) } : {}),
    ...(list.parentField !== undefined ? { parentField: known(list.parentField) } : {}),
  };
}
