import type { FormDataField } from '@platform/shared';
import Checkbox from 'antd/es/checkbox';
import { useTranslation } from 'react-i18next';
import type { NodeOperate } from '../../wire.ts';

/** Per-field read / write / required of a node, one row per field of the bound form. */
export function FieldPermissions({
  fields,
  writable,
  value,
  onChange,
  emptyText,
}: {
  fields: readonly FormDataField[];
  /** Whether a field not listed yet is written: the launcher fills the form, approvers read it. */
  writable: boolean;
  /** Why there is no field to set (the start node, where the form is chosen, says it its own way). */
  emptyText?: string;
  value?: NodeOperate[];
  onChange?: (next: NodeOperate[]) => void;
}) {
  const { t } = useTranslation('workflow');
  const byId = new Map((value ?? []).map((o) => [o.id, o]));
  const rows = fields.map((f) => byId.get(f.vModel) ?? { id: f.vModel, read: true, write: writable, required: false });
  const set = (id: string, patch: Partial<NodeOperate>) =>
    onChange?.(rows.map((row) => (row.id === id ? { ...row, ...patch } : row)));
  if (!fields.length) return <div className="wf-muted">{emptyText ?? t('props.noFormFields')}</div>;
  return (
    <table className="wf-operates">
      <thead>
        <tr>
          <th>{t('props.field')}</th>
          <th>{t('props.read')}</th>
          <th>{t('props.write')}</th>
          <th>{t('props.required')}</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field, i) => {
          const row = rows[i] as NodeOperate;
          return (
            <tr key={field.vModel}>
              <td>{field.label}</td>
              <td>
                <Checkbox
                  checked={row.read}
                  aria-label={`${field.label} ${t('props.read')}`}
                  onChange={(e) =>
                    set(row.id, e.target.checked ? { read: true } : { read: false, write: false, required: false })
                  }
                />
              </td>
              <td>
                <Checkbox
                  checked={row.write}
                  aria-label={`${field.label} ${t('props.write')}`}
                  onChange={(e) =>
                    set(row.id, e.target.checked ? { write: true, read: true } : { write: false, required: false })
                  }
                />
              </td>
              <td>
                <Checkbox
                  checked={!!row.required}
                  aria-label={`${field.label} ${t('props.required')}`}
                  onChange={(e) =>
                    set(row.id, e.target.checked ? { required: true, write: true, read: true } : { required: false })
                  }
                />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
