import type { PermissionGroupInput, PermissionGroupRow } from '@platform/shared';
import { useTranslation } from 'react-i18next';
import { type CrudFormProps, RecordFormDialog, type RecordValues } from '../../../shared/components/index.ts';
import { permissionGroupApi } from '../api.ts';

/** Create or edit a permission group: name, code, sort, state and description (600 px). */
export function PermissionGroupForm(props: CrudFormProps<{ id?: string }>) {
  const { t } = useTranslation('permissionGroup');
  return (
    <RecordFormDialog<RecordValues, PermissionGroupRow, PermissionGroupInput, { id?: string }>
      {...props}
      queryKey={['permissionGroup', 'info']}
      api={permissionGroupApi}
      toInput={() => ({})}
      titles={[t('addGroup'), t('editGroup')]}
      labels={[t('groupName'), t('groupCode')]}
    />
  );
}
