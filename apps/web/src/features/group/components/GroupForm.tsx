import type { GroupInput } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Switch from 'antd/es/switch';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog, sortMax, useAdminRules, useComponentsTranslation } from '../../../shared/components/index.ts';
import { groupApi } from '../api.ts';

interface Values {
  fullName: string;
  enCode: string;
  type?: string;
  sortCode: number;
  enabled: boolean;
  description?: string;
}

export function GroupForm({
  target,
  onClose,
  onSaved,
}: {
  target: { id?: string } | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('group');
  const { t: c } = useComponentsTranslation();
  const rules = useAdminRules();
  const [form] = Form.useForm<Values>();
  const id = target?.id;
  const info = useQuery({
    queryKey: ['group', 'info', id],
    queryFn: () => groupApi.info(id as string),
    enabled: Boolean(id),
    gcTime: 0,
  });
  useEffect(() => {
    if (info.data) form.setFieldsValue({ ...info.data, enabled: info.data.enabledMark === 1 });
  }, [form, info.data]);
  const submit = (values: Values) => {
    const input: GroupInput = {
      fullName: values.fullName.trim(),
      enCode: values.enCode.trim(),
      type: values.type ?? '',
      sortCode: values.sortCode ?? 0,
      enabledMark: values.enabled ? 1 : 0,
      description: values.description ?? '',
    };
    return id ? groupApi.update(id, input) : groupApi.create(input);
  };
  return (
    <FormDialog<Values>
      open={Boolean(target)}
      title={id ? t('editGroup') : t('addGroup')}
      form={form}
      loading={info.isLoading}
      initialValues={{ sortCode: 0, enabled: true }}
      onSubmit={submit}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item name="fullName" label={t('groupName')} rules={rules.fullName}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="enCode" label={t('groupCode')} rules={rules.enCode}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="type" label={t('groupType')}>
        <Input maxLength={50} />
      </Form.Item>
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
