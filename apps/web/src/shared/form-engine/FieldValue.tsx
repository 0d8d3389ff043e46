import { valueText } from '@platform/shared';
import { kindOf } from './definition.ts';
import { kinds } from './kinds.tsx';
import type { ViewProps } from './widgets/types.ts';

/**
 * A value as the form shows it read-only (option names, the names of picked people and
 * organisations, formatted dates) outside the form: a list cell of a generated area. `store` is
 * one the list holds for its definition; only the attribute kinds read another field from it.
 */
export function FieldValue({ field, value, store, row }: ViewProps) {
  const View = kinds[kindOf(field)]?.view;
  return View ? <View field={field} value={value} store={store} row={row} /> : valueText(field, value);
}
