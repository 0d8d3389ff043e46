import { type DataInterfaceParamValue, type FormField, paramListOf, templateSources } from '@platform/shared';
import { useMemo } from 'react';
import { type FormStore, useFieldValues } from '../store.ts';

/** The pure parts live in packages/shared: the server names a record's values with them too. */
export { paramListOf, templateSources };

/** The paramList of a data-bound field, its form-field parameters re-read when those fields change. */
export function useParamList(
  field: FormField,
  store: FormStore,
  row?: Record<string, unknown>,
): DataInterfaceParamValue[] {
  const sources = useMemo(() => templateSources(field), [field]);
  const values = useFieldValues(store, sources);
  return useMemo(() => {
    const byName = new Map(sources.map((name, i) => [name, values[i]]));
    return paramListOf(field, (name) => byName.get(name), row);
  }, [field, sources, values, row]);
}
