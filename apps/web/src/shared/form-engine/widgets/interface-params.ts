import type { DataInterfaceParamValue, FormField } from '@platform/shared';
import { useMemo } from 'react';
import { type FormStore, useFieldValues } from '../store.ts';

/** A template parameter of a data-bound field (widgets.md §3 "Parameter template entry"). */
interface TemplateEntry {
  field?: unknown;
  relationField?: unknown;
  sourceType?: unknown;
  defaultValue?: unknown;
  dataType?: unknown;
}

const text = (value: unknown): string =>
  value === undefined || value === null ? '' : Array.isArray(value) ? value.map(text).join(',') : String(value);

/**
 * The field names whose values a data-bound field's parameters read (sourceType 1); "table-column"
 * reads `column` of the same sub-table row, so it is not a form-level dependency.
 */
export function templateSources(field: FormField): string[] {
  const names = templateOf(field)
    .filter((entry) => named(entry) && Number(entry.sourceType) === 1 && typeof entry.relationField === 'string')
    .map((entry) => String(entry.relationField))
    .filter((name) => name && !name.includes('-'));
  return [...new Set(names)];
}

const named = (entry: TemplateEntry) => typeof entry.field === 'string' && entry.field !== '';

/** A popup select keeps its template on the field, a choice field fed by an interface in `__config__`. */
function templateOf(field: FormField): TemplateEntry[] {
  const template = Array.isArray(field.templateJson) ? field.templateJson : field.__config__.templateJson;
  return Array.isArray(template) ? template.filter((e): e is TemplateEntry => !!e && typeof e === 'object') : [];
}

/**
 * The paramList a data-bound field sends (protocol-admin.md §4): per template entry, sourceType 1
 * the value of the form field named by relationField ("table-column": that column of the same
 * sub-table row), 3 empty, otherwise (2 custom, 4 system) the entry's defaultValue.
 */
export function paramListOf(
  field: FormField,
  read: (name: string) => unknown,
  row?: Record<string, unknown>,
): DataInterfaceParamValue[] {
  return templateOf(field)
    .filter(named)
    .map((entry) => {
      const sourceType = Number(entry.sourceType);
      const relation = typeof entry.relationField === 'string' ? entry.relationField : '';
      let value: unknown = entry.defaultValue;
      if (sourceType === 1) {
        const column = relation.includes('-') ? relation.slice(relation.indexOf('-') + 1) : '';
        value = column && row ? row[column] : read(relation);
      } else if (sourceType === 3) {
        value = '';
      }
      return {
        field: String(entry.field),
        defaultValue: text(value),
        relationField: relation,
        ...(Number.isFinite(sourceType) ? { sourceType } : {}),
        ...(typeof entry.dataType === 'string' ? { dataType: entry.dataType } : {}),
      };
    });
}

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
