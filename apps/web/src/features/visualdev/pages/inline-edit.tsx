import {
  AUTO_KINDS,
  type Envelope,
  type FormDefinition,
  type FormField,
  kindOf,
  permissionKeysByName,
} from '@platform/shared';
import type { KeyboardEvent, ReactNode } from 'react';
import { useMemo, useState } from 'react';
import { FieldControl, FormStore } from '../../../shared/form-engine/index.ts';
import { useToast } from '../../../shared/toast.tsx';
import { type RecordRow, visualdevApi } from '../api.ts';

/** The key of the row added at the top of the list, until it is saved. */
export const NEW_ROW = 'inline:new';

interface RowEdit {
  /** The record edited, null for a new one. */
  id: string | null;
  store: FormStore;
}

/**
 * The form the row's store checks: fields the caller may not edit keep their value and are not
 * checked (the server ignores what is sent for them), so a field missing from Info never blocks a save.
 */
function rowDefinition(form: FormDefinition, locked: ReadonlySet<string>): FormDefinition {
  const unlock = (fields: readonly FormField[]): FormField[] =>
    fields.map((field) => {
      const children = field.__config__?.children;
      const config = Array.isArray(children)
        ? { ...field.__config__, children: unlock(children as FormField[]) }
        : field.__config__;
      return field.__vModel__ && locked.has(field.__vModel__)
        ? { ...field, disabled: true, __config__: { ...config, required: false, regList: [] } }
        : { ...field, __config__: config };
    });
  return { ...form, fields: unlock(form.fields ?? []) };
}

/**
 * A list of type 4 (inline editing): one row at a time turns into the form's widgets, saved with
 * the same create / update calls as the dialog (the server checks them again) and checked by the
 * form's own rules, the messages under the cells. Fields the caller may not edit (form permission,
 * disabled, filled by the server) stay read-only. Enter saves, Escape cancels.
 */
export function useInlineEdit(options: {
  modelId: string;
  menuId: string;
  form: FormDefinition;
  fields: ReadonlyMap<string, FormField>;
  /** Whether the caller may edit a field by its permission key. */
  mayEdit: (key: string) => boolean;
  /** The column props the row shows, for the message of a field out of sight. */
  shown: readonly string[];
  onSaved: (answer: Envelope<unknown>) => void;
}) {
  const toast = useToast();
  const { modelId, menuId, form, fields, mayEdit, shown, onSaved } = options;
  const [row, setRow] = useState<RowEdit | null>(null);
  const [saving, setSaving] = useState(false);

  const locked = useMemo(() => {
    const keys = permissionKeysByName(form);
    const out = new Set<string>();
    for (const [name, field] of fields)
      if (AUTO_KINDS.has(kindOf(field)) || field.disabled === true || !mayEdit(keys.get(name) ?? name)) out.add(name);
    return out;
  }, [form, fields, mayEdit]);
  const definition = useMemo(() => rowDefinition(form, locked), [form, locked]);

  const start = async (id: string | null) => {
    const values = id
      ? (JSON.parse((await visualdevApi.info(modelId, id, menuId)).data) as Record<string, unknown>)
      : {};
    setRow({ id, store: new FormStore(definition, values) });
  };
  const cancel = () => setRow(null);
  const save = async () => {
    if (!row || saving) return;
    if (!row.store.validate()) {
      // Messages of fields the row does not show would go unseen under no cell.
      const hidden = [...fields.keys()].filter((name) => !shown.includes(name) && row.store.error(name));
      if (hidden.length) toast.error(hidden.map((name) => String(row.store.error(name))).join('; '));
      return;
    }
    setSaving(true);
    try {
      const values = row.store.getValues();
      for (const name of locked) delete values[name];
      const answer = row.id
        ? await visualdevApi.update(modelId, row.id, values, menuId)
        : await visualdevApi.create(modelId, values, menuId);
      setRow(null);
      onSaved(answer);
    } catch {
      // The request layer has shown the server's message; the row stays open with what was typed.
    } finally {
      setSaving(false);
    }
  };

  const rowKey = row ? (row.id ?? NEW_ROW) : null;
  return {
    editing: rowKey,
    saving,
    start: (id: string | null) => void start(id),
    cancel,
    save: () => void save(),
    /** The page's rows with the new row on top while one is being added. */
    rowsOf: (rows: readonly RecordRow[]): RecordRow[] =>
      row && row.id === null ? [{ id: NEW_ROW }, ...rows] : [...rows],
    /** The cell of `prop` in `record`: the field's widget in the row being edited, else null. */
    cell: (prop: string, record: RecordRow): ReactNode | null => {
      // A field the caller may not edit shows what the list shows (Info leaves out what they may not see).
      if (!row || record.id !== rowKey || !fields.has(prop) || locked.has(prop)) return null;
      return (
        <FieldControl
          store={row.store}
          name={prop}
          label={String(fields.get(prop)?.__config__.label ?? prop)}
          id={`inline-${prop}`}
        />
      );
    },
    /** Enter saves the row, Escape cancels it (not while a dropdown or a text area holds the key). */
    rowProps: (record: RecordRow) =>
      record.id === rowKey
        ? {
            className: 'inline-editing',
            onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
              const target = e.target as HTMLElement;
              if (e.defaultPrevented || target.tagName === 'TEXTAREA') return;
              if (target.getAttribute('aria-expanded') === 'true') return;
              if (e.key === 'Enter') {
                e.preventDefault();
                void save();
              } else if (e.key === 'Escape') {
                e.preventDefault();
                cancel();
              }
            },
          }
        : {},
  };
}
