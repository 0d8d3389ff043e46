import type { FlowFile, FormField } from '@platform/shared';
import { Suspense, useMemo } from 'react';
import { FormStore, kinds, type UploadedFile } from '../../../shared/form-engine/index.ts';

/** The form engine's widgets the run time borrows: files and pictures through the file service, the signature pad. */
export type EngineFieldKind = 'uploadFile' | 'uploadImg' | 'signature';

/** The widgets read nothing from a store here; each field stands alone. */
const detachedStore = new FormStore({ fields: [] });

/** widgets.md §5 defaults of an upload field: at most 9, each up to 10 MB. */
const fieldOf = (kind: EngineFieldKind, id: string, label: string): FormField => ({
  __vModel__: id,
  __config__: { jnpfKey: kind, label },
  limit: 9,
  fileSize: 10,
  sizeUnit: 'MB',
});

/**
 * One form-engine widget outside a form: the same checks, upload calls and signature dialog as a
 * generated form's field, for the comment box and the approval's attachments and signature.
 */
export function EngineField({
  kind,
  id,
  label,
  value,
  onChange,
  readOnly = false,
}: {
  kind: EngineFieldKind;
  id: string;
  label: string;
  /** Given by the caller, or by the Form.Item holding the field. */
  value?: unknown;
  onChange?: (value: unknown) => void;
  readOnly?: boolean;
}) {
  const field = useMemo(() => fieldOf(kind, id, label), [kind, id, label]);
  const widget = kinds[kind];
  if (!widget) return null;
  const View = widget.view;
  const Edit = widget.edit;
  return (
    <Suspense fallback={null}>
      {readOnly && View ? (
        <View field={field} value={value} store={detachedStore} />
      ) : (
        <Edit
          field={field}
          value={value}
          onChange={(v) => onChange?.(v)}
          disabled={readOnly}
          store={detachedStore}
          id={id}
        />
      )}
    </Suspense>
  );
}

/** The `[{name, fileId, url}]` the engine and the comments keep, from the widget's uploaded files. */
export function flowFilesOf(value: unknown): FlowFile[] {
  if (!Array.isArray(value)) return [];
  return (value as UploadedFile[]).map((f) => ({ name: f.name, fileId: f.fileId, ...(f.url ? { url: f.url } : {}) }));
}

/** A stored JSON text of files (a record's `fileList`, a comment's `image` / `file`) as a list; [] when unreadable. */
export function parseFiles(text: string | undefined): FlowFile[] {
  try {
    const parsed = JSON.parse(text || '[]') as unknown;
    return Array.isArray(parsed) ? flowFilesOf(parsed) : [];
  } catch {
    return [];
  }
}
