import type { FormField } from '@platform/shared';
import { useMemo } from 'react';
import {
  ChosenAttribute,
  ChosenNames,
  InterfaceAutoComplete,
  PopupSelect,
  PopupTableSelect,
} from '../../components/pickers/PopupSelect.tsx';
import { type InterfaceSource, interfaceRows, type RowSource } from '../../components/pickers/popup-api.ts';
import { type FormStore, useFieldValue } from '../store.ts';
import { useParamList } from './interface-params.ts';
import type { FieldKind, ViewProps, WidgetProps } from './types.ts';

export const str = (value: unknown, fallback: string) => (typeof value === 'string' && value ? value : fallback);

/** A popupWidth such as "800px" or "60%"; a number is pixels. */
export function widthOf(value: unknown): number | string {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\d+px$/.test(value)) return Number.parseInt(value, 10);
  if (typeof value === 'string' && /^\d+%$/.test(value)) return value;
  return 800;
}

export function columnsOf(field: FormField): InterfaceSource['columns'] {
  if (!Array.isArray(field.columnOptions)) return [];
  return field.columnOptions.flatMap((c) => {
    if (!c || typeof c !== 'object') return [];
    const column = c as Record<string, unknown>;
    if (typeof column.value !== 'string' || column.ifShow === false) return [];
    return [
      {
        value: column.value,
        label: str(column.label, column.value),
        ...(typeof column.width === 'number' ? { width: column.width } : {}),
      },
    ];
  });
}

/** The interface settings of a field, with its parameters read from the other fields (re-read when they change). */
function useSource(props: {
  field: FormField;
  store: WidgetProps['store'];
  row?: Record<string, unknown> | undefined;
}) {
  const { field, store, row } = props;
  const paramList = useParamList(field, store, row);
  return useMemo<InterfaceSource>(
    () => ({
      interfaceId: str(field.interfaceId, ''),
      propsValue: str(field.propsValue, 'id'),
      relationField: str(field.relationField, 'fullName'),
      columns: columnsOf(field),
      paramList,
    }),
    [field, paramList],
  );
}

function useRowSource(props: Parameters<typeof useSource>[0]): RowSource {
  const source = useSource(props);
  return useMemo(() => interfaceRows(source), [source]);
}

export const common = (field: FormField) => ({
  clearable: field.clearable !== false,
  hasPage: field.hasPage === true || field.hasPage === 1,
  pageSize: typeof field.pageSize === 'number' && field.pageSize > 0 ? field.pageSize : 20,
  ...(typeof field.placeholder === 'string' && field.placeholder ? { placeholder: field.placeholder } : {}),
});

function PopupSelectWidget(props: WidgetProps) {
  const source = useRowSource(props);
  const { field } = props;
  return (
    <PopupSelect
      id={props.id}
      source={source}
      value={props.value}
      onChange={props.onChange}
      disabled={props.disabled}
      width={widthOf(field.popupWidth)}
      {...(typeof field.popupTitle === 'string' && field.popupTitle ? { title: field.popupTitle } : {})}
      {...common(field)}
    />
  );
}

function PopupTableSelectWidget(props: WidgetProps) {
  const source = useRowSource(props);
  return (
    <PopupTableSelect
      id={props.id}
      source={source}
      value={props.value}
      onChange={props.onChange}
      disabled={props.disabled}
      multiple={props.field.multiple === true}
      {...common(props.field)}
    />
  );
}

export function AutoCompleteWidget(props: WidgetProps) {
  const source = useSource(props);
  const { field } = props;
  return (
    <InterfaceAutoComplete
      id={props.id}
      source={source}
      value={props.value}
      onChange={props.onChange}
      disabled={props.disabled}
      clearable={field.clearable !== false}
      total={typeof field.total === 'number' && field.total > 0 ? field.total : 50}
      {...(typeof field.placeholder === 'string' && field.placeholder ? { placeholder: field.placeholder } : {})}
    />
  );
}

/** The read-only view: the relationField of the chosen rows (InfoByIds), joined. */
function ChosenView(props: ViewProps) {
  const source = useRowSource(props);
  return <ChosenNames source={source} value={props.value} />;
}

/**
 * Relation attribute of a popup select (popupAttr): shows column `showField` of the row chosen in
 * the popup select named by `relationField`; it holds no value of its own.
 */
function PopupAttribute({
  field,
  store,
  row,
}: {
  field: FormField;
  store: FormStore;
  row?: Record<string, unknown> | undefined;
}) {
  const name = str(field.relationField, '');
  const popup = store.field(name) ?? { __config__: { jnpfKey: 'popupSelect' } };
  const source = useRowSource({ field: popup, store, row });
  const value = useFieldValue(store, name);
  return (
    <ChosenAttribute source={source} value={row && name in row ? row[name] : value} column={str(field.showField, '')} />
  );
}

export const popupSelectKind: FieldKind = { edit: PopupSelectWidget, view: ChosenView };
export const popupTableSelectKind: FieldKind = { edit: PopupTableSelectWidget, view: ChosenView };
export const popupAttrKind: FieldKind = {
  edit: ({ field, store, row }: WidgetProps) => <PopupAttribute field={field} store={store} row={row} />,
  view: ({ field, store, row }: ViewProps) => <PopupAttribute field={field} store={store} row={row} />,
};
