import { globalRoleNodeId, type RoleInput } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import Switch from 'antd/es/switch';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FormDialog,
  PickerField,
  sortMax,
  useAdminRules,
  useComponentsTranslation,
} from '../../../shared/components/index.ts';
import { roleApi } from '../api.ts';

interface Values {
  fullName: string;
  enCode: string;
  globalMark: 0 | 1;
  organizeIds?: string[];
  sortCode: number;
  enabled: boolean;
  description?: string;
}

/** Create or edit a role: global (1) or of one or more organisations (0). */
export function RoleForm({
  target,
  onClose,
  onSaved,
}: {
  target: { id?: string; organizeId?: string } | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('role');
  const { t: c } = useComponentsTranslation();
  const rules = useAdminRules();
  const [form] = Form.useForm<Values>();
  const id = target?.id;
  const globalMark = Form.useWatch('globalMark', form);
  const info = useQuery({
    queryKey: ['role', 'info', id],
    queryFn: () => roleApi.info(id as string),
    enabled: Boolean(id),
    gcTime: 0,
  });
  useEffect(() => {
    if (info.data) {
      form.setFieldsValue({
        ...info.data,
        globalMark: info.data.globalMark === 1 ? 1 : 0,
        enabled: info.data.enabledMark === 1,
      });
    }
  }, [form, info.data]);
  const inOrganize = target?.organizeId && target.organizeId !== globalRoleNodeId ? target.organizeId : undefined;
  const submit = (values: Values) => {
    const input: RoleInput = {
      fullName: values.fullName.trim(),
      enCode: values.enCode.trim(),
      globalMark: values.globalMark,
      organizeIds: values.globalMark === 1 ? [] : (values.organizeIds ?? []),
      sortCode: values.sortCode ?? 0,
      enabledMark: values.enabled ? 1 : 0,
      description: values.description ?? '',
    };
    return id ? roleApi.update(id, input) : roleApi.create(input);
  };
  return (
    <FormDialog<Values>
      open={Boolean(target)}
      title={id ? t('editRole') : t('addRole')}
      form={form}
      loading={info.isLoading}
      initialValues={{
        globalMark: inOrganize ? 0 : 1,
        organizeIds: inOrganize ? [inOrganize] : [],
        sortCode: 0,
        enabled: true,
      }}
      onSubmit={submit}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item name="fullName" label={t('roleName')} rules={rules.fullName}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="enCode" label={t('roleCode')} rules={rules.enCode}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="globalMark" label={t('roleType')}>
        <Radio.Group
          options={[
            { value: 1, label: t('globalMark') },
            { value: 0, label: t('organizeRole') },
          ]}
        />
      </Form.Item>
      {globalMark === 0 ? (
        <Form.Item name="organizeIds" label={t('organizes')} rules={rules.select(t('organizes'))}>
          <PickerField kind="organize" multiple />
        </Form.Item>
      ) : null}
      <Form.Item name="sortCode" label={c('fields.sortCode')}>
        <InputNumber min={0} max={sortMax} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="enabled" label={c('fields.enabledMark')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="description" label={c('fields.description')} rules={rules.description}>
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
    </FormDialog>
  );
}
