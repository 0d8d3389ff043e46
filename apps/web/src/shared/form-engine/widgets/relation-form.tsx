import type { FormField } from '@platform/shared';
import Button from 'antd/es/button';
import { lazy, Suspense, useMemo, useState } from 'react';
import { ChosenAttribute, ChosenNames, PopupSelect } from '../../components/pickers/PopupSelect.tsx';
import { formRecordRows, type RowSource, unpagedRelationSize } from '../../components/pickers/popup-api.ts';
import { type FormStore, useFieldValue } from '../store.ts';
import { columnsOf, common, str, widthOf } from './data-select.tsx';
import type { FieldKind, ViewProps, WidgetProps } from './types.ts';

// The detail renders a whole form with this engine's renderer (from context): loaded when first opened.
const RelationRecordDetail = lazy(() => import('./RelationRecordDetail.tsx'));

/** The other form's records (modelId), stored by id and shown by its field `relationField`. */
function useRelationSource(field: FormField): RowSource {
  return useMemo(() => formRecordRows(str(field.modelId, ''), str(field.relationField, ''), columnsOf(field)), [field]);
}

const idOf = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The chosen record by name, as a link to its read-only detail (widgets.md §4 "Relation-form
 * picker": when disabled, clicking opens the related record).
 */
function RelationLink({ field, value }: { field: FormField; value: unknown }) {
  const source = useRelationSource(field);
  const [open, setOpen] = useState(false);
  const id = idOf(value);
  if (!id) return null;
  return (
    <>
      <Button type="link" size="small" className="fe-relation-link" onClick={() => setOpen(true)}>
        <ChosenNames source={source} value={id} />
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <RelationRecordDetail modelId={str(field.modelId, '')} id={id} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** Relation form (widgets.md §4, §7): a popup select over the records of another generated form. */
function RelationFormWidget(props: WidgetProps) {
  const { field } = props;
  const source = useRelationSource(field);
  if (props.disabled) return <RelationLink field={field} value={props.value} />;
  return (
    <PopupSelect
      id={props.id}
      source={source}
      value={props.value}
      onChange={props.onChange}
      width={widthOf(field.popupWidth)}
      unpagedSize={unpagedRelationSize}
      {...(typeof field.popupTitle === 'string' && field.popupTitle ? { title: field.popupTitle } : {})}
      {...common(field)}
    />
  );
}

/**
 * Relation attribute (relationFormAttr): field `showField` of the record chosen in the relation
 * form named by `relationField`; it holds no value of its own.
 */
function RelationAttribute({
  field,
  store,
  row,
}: {
  field: FormField;
  store: FormStore;
  row?: Record<string, unknown> | undefined;
}) {
  const name = str(field.relationField, '');
  const relation = store.field(name) ?? { __config__: { jnpfKey: 'relationForm' } };
  const source = useRelationSource(relation);
  const value = useFieldValue(store, name);
  return (
    <ChosenAttribute source={source} value={row && name in row ? row[name] : value} column={str(field.showField, '')} />
  );
}

export const relationFormKind: FieldKind = {
  edit: RelationFormWidget,
  view: ({ field, value }: ViewProps) => <RelationLink field={field} value={value} />,
};
export const relationFormAttrKind: FieldKind = {
  edit: ({ field, store, row }: WidgetProps) => <RelationAttribute field={field} store={store} row={row} />,
  view: ({ field, store, row }: ViewProps) => <RelationAttribute field={field} store={store} row={row} />,
};
