import type { DictionaryAllItem, DictionaryEntry } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { http } from './http.ts';

/**
 * `GET /api/system/DictionaryData/All`: every dictionary with its enabled entries, the one cached
 * call every page's dictionary options come from (protocol.md). One query key, so a page that
 * changes a dictionary refreshes them all by invalidating it.
 */
export const dictionariesQueryKey = ['dictionary', 'all'] as const;

/** The call behind `dictionariesQueryKey`. */
export const fetchAllDictionaries = () =>
  http.get<{ list: DictionaryAllItem[] }>('/api/system/DictionaryData/All', undefined, { silent: true });

function flatten(entries: DictionaryEntry[]): DictionaryEntry[] {
  return entries.flatMap((entry) => [entry, ...flatten(entry.children)]);
}

/**
 * The entries of the dictionary `enCode` as select options, tree entries listed in order; the
 * stored value is the entry's `id` or its `enCode`, as the field's definition says.
 */
export function useDictionaryOptions(enCode: string, value: 'id' | 'enCode') {
  const all = useQuery({ queryKey: dictionariesQueryKey, queryFn: fetchAllDictionaries, staleTime: 60_000 });
  const options = useMemo(
    () =>
      flatten(all.data?.list.find((d) => d.enCode === enCode)?.dictionaryList ?? []).map((entry) => ({
        value: entry[value],
        label: entry.fullName,
      })),
    [all.data, enCode, value],
  );
  return { options, loading: all.isLoading };
}
