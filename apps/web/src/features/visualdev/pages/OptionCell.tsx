import type { FormField } from '@platform/shared';
import { type FormStore, useFieldOptions } from '../../../shared/form-engine/index.ts';
import type { RecordRow } from '../api.ts';
import { cellText } from '../record-list.ts';

/**
 * A list cell of a choice field fed by a dictionary or a data interface: the labels of the stored
 * values, from the same cached calls the form's widgets use (the interface's field-bound
 * parameters read the row's own values).
 */
export function OptionCell({
  field,
  value,
  row,
  store,
}: {
  field: FormField;
  value: unknown;
  row: RecordRow;
  store: FormStore;
}) {
  const { options } = useFieldOptions(field, store, row);
  return <>{cellText(field, value, options)}</>;
}
