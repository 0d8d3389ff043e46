import { useQuery } from '@tanstack/react-query';
import Select from 'antd/es/select';
import { useMemo, useState } from 'react';
import { useComponentsTranslation } from '../i18n.ts';
import { flattenNodes, type PickerKind, userPickerApi } from './api.ts';
import { type PickedItem, SelectorDialog, usePickerTree } from './SelectorDialog.tsx';

type Value = string | string[] | undefined;

const idsOf = (value: Value): string[] => (Array.isArray(value) ? value : value ? [value] : []);

/**
 * The names of the chosen ids. Most pickers find them in their tree; the user picker never holds
 * the whole tree, so it asks for the users it does not already know (getUserList).
 */
function useNames(kind: PickerKind, ids: string[], open: boolean, known: ReadonlyMap<string, string>) {
  const lazy = kind === 'user';
  const tree = usePickerTree(kind, !lazy && (ids.length > 0 || open));
  const unknown = lazy ? ids.filter((id) => !known.has(id)) : [];
  const users = useQuery({
    queryKey: ['picker', 'user', 'names', [...unknown].sort()],
    queryFn: () => userPickerApi.names(unknown),
    enabled: unknown.length > 0,
    staleTime: 30_000,
    retry: false,
  });
  return useMemo(() => {
    const names = new Map(known);
    for (const node of lazy ? (users.data ?? []) : flattenNodes(tree.data ?? [])) names.set(node.id, node.fullName);
    return names;
  }, [known, lazy, users.data, tree.data]);
}

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
  className,
}: {
  kind: PickerKind;
  multiple?: boolean;
  value?: Value;
  onChange?: (value: Value) => void;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  /** Where the field sits in a row (a search bar) it sets its own width. */
  className?: string;
}) {
  const { t } = useComponentsTranslation();
  const [open, setOpen] = useState(false);
  // Names of what was picked in the dialog, so a new choice shows by name at once.
  const [known, setKnown] = useState<ReadonlyMap<string, string>>(new Map());
  const ids = idsOf(value);
  const names = useNames(kind, ids, open, known);
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
        // The keyboard opens the dialog as a click does (the field never opens a dropdown of its own).
        onKeyDown={(event) => {
          if (disabled || !['Enter', ' ', 'ArrowDown'].includes(event.key)) return;
          event.preventDefault();
          setOpen(true);
        }}
        suffixIcon={null}
        className={className}
        style={className ? undefined : { width: '100%' }}
      />
      <SelectorDialog
        kind={kind}
        open={open}
        multiple={multiple}
        value={items}
        onCancel={() => setOpen(false)}
        onOk={(picked) => {
          setOpen(false);
          setKnown((current) => new Map([...current, ...picked.map((p) => [p.id, p.fullName] as const)]));
          emit(picked.map((p) => p.id));
        }}
      />
    </>
  );
}
