import { globalRoleNodeId } from '@platform/shared';
import Form from 'antd/es/form';
import Radio from 'antd/es/radio';
import { useTranslation } from 'react-i18next';
import {
  type CrudFormProps,
  PickerField,
  RecordFormDialog,
  type RecordValues,
  recordValues,
  useAdminRules,
} from '../../../shared/components/index.ts';
import { roleApi } from '../api.ts';

interface Values extends RecordValues {
  globalMark: 0 | 1;
  organizeIds?: string[];
}

/** `id` absent: a new role, of `organizeId` when one (not 全局) is chosen. */
export interface RoleTarget {
  id?: string;
  organizeId?: string;
}

/** 所属组织, shown for organisation roles only. */
function OrganizesField() {
  const { t } = useTranslation('role');
  const rules = useAdminRules();
  const globalMark = Form.useWatch<Values['globalMark']>('globalMark');
  return globalMark === 0 ? (
    <Form.Item name="organizeIds" label={t('organizes')} rules={rules.select(t('organizes'))}>
      <PickerField kind="organize" multiple />
    </Form.Item>
  ) : null;
}

/** Create or edit a role: global (1) or of one or more organisations (0). */
export function RoleForm(props: CrudFormProps<RoleTarget>) {
  const { t } = useTranslation('role');
  const { organizeId } = props.target ?? {};
  const inOrganize = organizeId && organizeId !== globalRoleNodeId ? organizeId : undefined;
  return (
    <RecordFormDialog
      {...props}
      queryKey={['role', 'info']}
      api={roleApi}
      toValues={(role): Partial<Values> => ({ ...recordValues(role), globalMark: role.globalMark === 1 ? 1 : 0 })}
      toInput={(values: Values) => ({
        globalMark: values.globalMark,
        organizeIds: values.globalMark === 1 ? [] : (values.organizeIds ?? []),
      })}
      initialValues={{ globalMark: inOrganize ? 0 : 1, organizeIds: inOrganize ? [inOrganize] : [] }}
      titles={[t('addRole'), t('editRole')]}
      labels={[t('roleName'), t('roleCode')]}
    >
      <Form.Item name="globalMark" label={t('roleType')}>
        <Radio.Group
          options={[
            { value: 1, label: t('globalMark') },
            { value: 0, label: t('organizeRole') },
          ]}
        />
      </Form.Item>
      <OrganizesField />
    </RecordFormDialog>
  );
}
