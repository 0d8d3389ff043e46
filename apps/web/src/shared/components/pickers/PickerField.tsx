import Select from 'antd/es/select';
import { useMemo, useState } from 'react';
import { useComponentsTranslation } from '../i18n.ts';
import { flattenNodes, type PickerKind } from './api.ts';
import { type PickedItem, SelectorDialog, usePickerTree } from './SelectorDialog.tsx';

type Value = string | string[] | undefined;

const idsOf = (value: Value): string[] => (Array.isArray(value) ? value : value ? [value] : []);

/**
 * A form control that shows the chosen organisations, positions, roles, users or groups by name
 * and opens the selector dialog on click. Value: an id (single) or a list of ids (multiple).
 */
export function PickerField({
  kind,
  multiple = false,
  value,
  onChange,
  placeholder,
  disabled,
  id,
}: {
  kind: PickerKind;
  multiple?: boolean;
  value?: Value;
  onChange?: (value: Value) => void;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
}) {
  const { t } = useComponentsTranslation();
  const [open, setOpen] = useState(false);
  const ids = idsOf(value);
  const tree = usePickerTree(kind, ids.length > 0 || open);
  const names = useMemo(() => new Map(flattenNodes(tree.data ?? []).map((n) => [n.id, n.fullName])), [tree.data]);
  const items: PickedItem[] = ids.map((itemId) => ({ id: itemId, fullName: names.get(itemId) ?? itemId }));
  const emit = (next: string[]) => onChange?.(multiple ? next : next[0]);
  return (
    <>
      <Select
        id={id}
        mode="multiple"
        open={false}
        value={ids}
        options={items.map((item) => ({ value: item.id, label: item.fullName }))}
        placeholder={placeholder ?? t('pleaseSelect')}
        disabled={disabled}
        allowClear
        onChange={(next: string[]) => emit(next)}
        onClick={() => !disabled && setOpen(true)}
        suffixIcon={null}
        style={{ width: '100%' }}
      />
      <SelectorDialog
        kind={kind}
        open={open}
        multiple={multiple}
        value={items}
        onCancel={() => setOpen(false)}
        onOk={(picked) => {
          setOpen(false);
          emit(picked.map((p) => p.id));
        }}
      />
    </>
  );
}
