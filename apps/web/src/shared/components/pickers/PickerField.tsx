import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useComponentsTranslation } from '../i18n.ts';
import { currentUserId, flattenNodes, type PickerKind, type PickerMode, treeSource, userPickerApi } from './api.ts';
import { DialogSelect } from './DialogSelect.tsx';
import { type PickedItem, SelectorDialog } from './SelectorDialog.tsx';

type Value = string | string[] | undefined;

const idsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : typeof value === 'string' && value ? [value] : [];

const cached = { staleTime: 30_000, retry: false } as const;

/**
 * The names of the chosen ids. Tree pickers find them in their tree; the user picker never holds
 * the whole tree, so it asks for the users it does not already know (getUserList, which answers
 * disabled users too), and the mixed picker for its typed ids (getSelectedList). `currentUser` is
 * the system variable's own name.
 */
function useNames(
  kind: PickerKind,
  mode: PickerMode,
  ableIds: readonly string[],
  ids: string[],
  open: boolean,
  known: ReadonlyMap<string, string>,
) {
  const { t } = useComponentsTranslation();
  const lazy = kind === 'user' || kind === 'users';
  const source = treeSource(kind === 'user' || kind === 'users' ? 'organize' : kind, mode, ableIds);
  const tree = useQuery({
    queryKey: source.key,
    queryFn: source.load,
    enabled: !lazy && (ids.length > 0 || open),
    ...cached,
  });
  const unknown = lazy ? ids.filter((id) => !known.has(id) && id !== currentUserId) : [];
  const looked = useQuery({
    queryKey: ['picker', kind, 'names', [...unknown].sort()],
    queryFn: () => (kind === 'users' ? userPickerApi.selected(unknown) : userPickerApi.names(unknown)),
    enabled: unknown.length > 0,
    ...cached,
  });
  return useMemo(() => {
    const names = new Map(known);
    names.set(currentUserId, t('currentUser'));
    for (const node of lazy ? (looked.data ?? []) : flattenNodes(tree.data ?? [])) names.set(node.id, node.fullName);
    return names;
  }, [known, lazy, looked.data, tree.data, t]);
}

/**
 * A form control that shows the chosen organisations, departments, positions, roles, groups or
 * users by name and opens the selector dialog on click. Value: an id (single) or a list of ids
 * (multiple); the mixed picker's ids carry their type (`id--role`).
 *
 * widgets.md §4: a disabled field does not open; deleting a tag or clearing confirms at once, a
 * cleared single value is '' and a cleared list []; a multiple value that is not a list is reset to
 * [] with a warning.
 */
export function PickerField({
  kind,
  multiple = false,
  mode,
  ableIds = [],
  hasSys = false,
  clearable = true,
  value,
  onChange,
  placeholder,
  title,
  disabled,
  id,
  className,
}: {
  kind: PickerKind;
  multiple?: boolean;
  /** Default: organisations and departments within the caller's scope (administration forms), other kinds all. */
  mode?: PickerMode;
  ableIds?: readonly string[];
  hasSys?: boolean;
  clearable?: boolean;
  value?: Value;
  onChange?: (value: Value) => void;
  placeholder?: string;
  title?: string;
  disabled?: boolean;
  id?: string;
  /** Where the field sits in a row (a search bar) it sets its own width. */
  className?: string;
}) {
  const pickerMode = mode ?? (kind === 'organize' || kind === 'department' ? 'auth' : 'all');
  const [open, setOpen] = useState(false);
  // Names of what was picked in the dialog, so a new choice shows by name at once.
  const [known, setKnown] = useState<ReadonlyMap<string, string>>(new Map());
  const malformed = multiple && value !== undefined && value !== null && !Array.isArray(value);
  useEffect(() => {
    if (!malformed) return;
    console.warn('picker: a multiple value must be an array; it was reset to []', value);
    onChange?.([]);
  }, [malformed, value, onChange]);
  const ids = malformed ? [] : idsOf(value);
  const names = useNames(kind, pickerMode, ableIds, ids, open, known);
  const items: PickedItem[] = ids.map((itemId) => ({ id: itemId, fullName: names.get(itemId) ?? itemId }));
  const emit = (next: string[]) => onChange?.(multiple ? next : (next[0] ?? ''));
  return (
    <>
      <DialogSelect
        id={id}
        value={ids}
        options={items.map((item) => ({ value: item.id, label: item.fullName }))}
        placeholder={placeholder}
        disabled={disabled}
        clearable={clearable}
        className={className}
        onChange={emit}
        onOpen={() => setOpen(true)}
      />
      <SelectorDialog
        kind={kind}
        open={open}
        multiple={multiple}
        mode={pickerMode}
        ableIds={ableIds}
        hasSys={hasSys}
        value={items}
        {...(title ? { title } : {})}
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

/** The names of stored picker ids, joined (the read-only renderer's view of a picker field). */
export function PickedNames({
  kind,
  value,
  mode,
  ableIds = [],
}: {
  kind: PickerKind;
  value: unknown;
  mode?: PickerMode;
  ableIds?: readonly string[];
}) {
  const ids = idsOf(value);
  const pickerMode = mode ?? (kind === 'organize' || kind === 'department' ? 'auth' : 'all');
  const names = useNames(kind, pickerMode, ableIds, ids, false, emptyNames);
  return <>{ids.map((id) => names.get(id) ?? id).join(',')}</>;
}
const emptyNames: ReadonlyMap<string, string> = new Map();
