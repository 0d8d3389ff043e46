import {
  type ColumnDefinition,
  type FormDefinition,
  type ListColumn,
  listPermissions,
  type SearchField,
  TREE_SOURCES,
} from '@platform/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { candidatesOf, patchColumn, patchSearch, setButton, setColumn, setSearch } from './list-state.ts';

export interface ListDesignerProps {
  form: FormDefinition;
  list: ColumnDefinition;
  onChange: (list: ColumnDefinition) => void;
}

/** The two button rows of a list: above the table and on each row. */
export type ButtonRow = 'btnsList' | 'columnBtnsList';

/**
 * The list designer's state: the candidate fields of the form, the list's columns, searches and
 * buttons read by field, and every edit as one call that hands the changed list to `onChange`.
 */
export function useListDesigner({ form, list, onChange }: ListDesignerProps) {
  const { t } = useTranslation('visualdev');
  const candidates = useMemo(() => candidatesOf(form), [form]);
  const permissions = useMemo(() => listPermissions(form, list), [form, list]);
  const columns = new Map((list.columnList ?? []).map((c) => [c.prop, c]));
  const searches = new Map((list.searchList ?? []).map((s) => [s.prop, s]));
  const buttonLabel = (value: string) => t(`designer.list.buttons.${value}`);
  return {
    candidates,
    permissions,
    buttonLabel,
    fieldOptions: candidates.map((c) => ({ value: c.prop, label: `${c.label} (${c.prop})` })),
    treeSource: TREE_SOURCES.find((v) => v === list.treeDataSource) ?? 'dictionary',
    column: (prop: string) => columns.get(prop),
    search: (prop: string) => searches.get(prop),
    hasButton: (row: ButtonRow, value: string) => (list[row] ?? []).some((b) => b.value === value),
    set: (patch: Partial<ColumnDefinition>) => onChange({ ...list, ...patch }),
    showColumn: (prop: string, shown: boolean) => onChange(setColumn(list, candidates, prop, shown)),
    patchColumn: (prop: string, patch: Partial<ListColumn>) => onChange(patchColumn(list, prop, patch)),
    searchBy: (prop: string, searched: boolean) => onChange(setSearch(list, candidates, prop, searched)),
    patchSearch: (prop: string, patch: Partial<SearchField>) => onChange(patchSearch(list, prop, patch)),
    setButton: (row: ButtonRow, value: string, on: boolean) =>
      onChange(setButton(list, row, value, buttonLabel(value), on)),
  };
}

export type ListDesignerState = ReturnType<typeof useListDesigner>;
