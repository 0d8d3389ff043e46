import type { DictionaryAllItem, DictionaryEntry, FormField } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { dictionariesQueryKey } from '../api/dictionaries.ts';
import { http } from '../api/http.ts';
import { interfaceSelectApi } from '../components/pickers/popup-api.ts';
import { type OptionItem, staticOptions } from './definition.ts';
import type { FormStore } from './store.ts';
import { useParamList } from './widgets/interface-params.ts';

const fetchAll = () =>
  http.get<{ list: DictionaryAllItem[] }>('/api/system/DictionaryData/All', undefined, { silent: true });

function entryOptions(entries: readonly DictionaryEntry[], valueKey: 'id' | 'enCode'): OptionItem[] {
  return entries.map((entry) => {
    const option: OptionItem = { value: entry[valueKey], label: entry.fullName };
    if (entry.children.length) option.children = entryOptions(entry.children, valueKey);
    return option;
  });
}

/**
 * The options of a choice field: its static options, or the entries of the dictionary named by
 * `__config__.dictionaryType` (its id or enCode), read from the one cached all-dictionaries call
 * (shared/api/dictionaries.ts). `props.value` 'enCode' stores the entry's code, anything else its id.
 */
/** widgets.md §9: a choice field fed by a data interface asks for every row (10000) at once. */
const interfaceRows = 10_000;

export function useFieldOptions(
  field: FormField,
  store: FormStore,
  row?: Record<string, unknown>,
): { options: OptionItem[]; loading: boolean } {
  const dictionary = field.__config__.dataType === 'dictionary' ? (field.__config__.dictionaryType ?? '') : '';
  // `dynamic`: the rows of the data interface `propsUrl`, `props.value` / `props.label` naming its columns.
  const propsUrl = field.__config__.propsUrl;
  const source = field.__config__.dataType === 'dynamic' && typeof propsUrl === 'string' ? propsUrl : '';
  const all = useQuery({
    queryKey: dictionariesQueryKey,
    queryFn: fetchAll,
    staleTime: 60_000,
    enabled: dictionary !== '',
  });
  const valueKey = field.props?.value === 'enCode' ? 'enCode' : 'id';
  const rowValue = typeof field.props?.value === 'string' && field.props.value ? field.props.value : 'id';
  const rowLabel = typeof field.props?.label === 'string' && field.props.label ? field.props.label : 'fullName';
  // The interface's parameters (`__config__.templateJson`): fixed values or other fields' values.
  const paramList = useParamList(field, store, row);
  const rows = useQuery({
    queryKey: ['formEngine', 'interfaceOptions', source, rowValue, rowLabel, paramList],
    queryFn: () =>
      interfaceSelectApi.list(
        { interfaceId: source, propsValue: rowValue, relationField: rowLabel, columns: [], paramList },
        { keyword: '', currentPage: 1, pageSize: interfaceRows },
      ),
    staleTime: 60_000,
    enabled: source !== '',
  });
  const options = useMemo(() => {
    if (source)
      return (rows.data?.list ?? []).map((row) => ({
        value: String(row[rowValue] ?? ''),
        label: String(row[rowLabel] ?? row[rowValue] ?? ''),
      }));
    if (!dictionary) return staticOptions(field);
    const found = all.data?.list.find((d) => d.id === dictionary || d.enCode === dictionary);
    return found ? entryOptions(found.dictionaryList, valueKey) : [];
  }, [source, rows.data, rowValue, rowLabel, dictionary, all.data, field, valueKey]);
  return { options, loading: (dictionary !== '' && all.isLoading) || (source !== '' && rows.isLoading) };
}
