import type { DataInterfaceParamValue } from '../schemas/dataInterface.ts';
import type { FormField } from '../schemas/formDefinition.ts';
import { valueFacetsOf } from './field-kinds.ts';
import { kindOf } from './form-definition.ts';

/**
 * The parameters a data-bound field sends to its data interface, from its template: the form
 * engine reads them while a form is filled, the server while it names a record's values.
 */

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

/** Where a field's stored values get their labels from a data interface: the interface and its value and label columns. */
export interface InterfaceLabels {
  interfaceId: string;
  valueKey: string;
  labelKey: string;
}

const nonEmpty = (value: unknown, fallback: string) => (typeof value === 'string' && value ? value : fallback);

/**
 * The data interface that names a field's stored values, or null: a choice field fed by one
 * (`__config__.dataType` 'dynamic': `propsUrl`, `props.value` / `props.label`) or a popup select
 * (popupSelect, popupTableSelect: `interfaceId`, `propsValue` / `relationField`). An autoComplete
 * stores the text itself.
 */
export function interfaceLabelsOf(field: FormField): InterfaceLabels | null {
  const config = field.__config__;
  if (config?.dataType === 'dynamic' && typeof config.propsUrl === 'string' && config.propsUrl)
    return {
      interfaceId: config.propsUrl,
      valueKey: nonEmpty(field.props?.value, 'id'),
      labelKey: nonEmpty(field.props?.label, 'fullName'),
    };
  if (
    valueFacetsOf(kindOf(field))?.interfaceBound === 'id' &&
    typeof field.interfaceId === 'string' &&
    field.interfaceId
  )
    return {
      interfaceId: field.interfaceId,
      valueKey: nonEmpty(field.propsValue, 'id'),
      labelKey: nonEmpty(field.relationField, 'fullName'),
    };
  return null;
}
