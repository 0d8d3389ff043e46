import type { DictionaryAllItem, DictionaryEntry, FormField } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { dictionariesQueryKey } from '../api/dictionaries.ts';
import { http } from '../api/http.ts';
import { type OptionItem, staticOptions } from './definition.ts';

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
export function useFieldOptions(field: FormField): { options: OptionItem[]; loading: boolean } {
  const dictionary = field.__config__.dataType === 'dictionary' ? (field.__config__.dictionaryType ?? '') : '';
  const all = useQuery({
    queryKey: dictionariesQueryKey,
    queryFn: fetchAll,
    staleTime: 60_000,
    enabled: dictionary !== '',
  });
  const valueKey = field.props?.value === 'enCode' ? 'enCode' : 'id';
  const options = useMemo(() => {
    if (!dictionary) return staticOptions(field);
    const found = all.data?.list.find((d) => d.id === dictionary || d.enCode === dictionary);
    return found ? entryOptions(found.dictionaryList, valueKey) : [];
  }, [dictionary, all.data, field, valueKey]);
  return { options, loading: dictionary !== '' && all.isLoading };
}
