import type { SystemInput } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Switch from 'antd/es/switch';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog, sortMax, useAdminRules, useComponentsTranslation } from '../../../shared/components/index.ts';
import { systemApi } from '../api.ts';

interface Values {
  fullName: string;
  enCode: string;
  icon?: string;
  sortCode: number;
  enabled: boolean;
  description?: string;
}

export function SystemForm({
  target,
  onClose,
  onSaved,
}: {
  target: { id?: string } | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('system');
  const { t: c } = useComponentsTranslation();
  const rules = useAdminRules();
  const [form] = Form.useForm<Values>();
  const id = target?.id;
  const info = useQuery({
    queryKey: ['system', 'info', id],
    queryFn: () => systemApi.info(id as string),
    enabled: Boolean(id),
    gcTime: 0,
  });
  useEffect(() => {
    if (info.data) form.setFieldsValue({ ...info.data, enabled: info.data.enabledMark === 1 });
  }, [form, info.data]);
  const submit = (values: Values) => {
    const input: SystemInput = {
      fullName: values.fullName.trim(),
      enCode: values.enCode.trim(),
      icon: values.icon ?? '',
      sortCode: values.sortCode ?? 0,
      enabledMark: values.enabled ? 1 : 0,
      description: values.description ?? '',
    };
    return id ? systemApi.update(id, input) : systemApi.create(input);
  };
  return (
    <FormDialog<Values>
      open={Boolean(target)}
      title={id ? t('editSystem') : t('addSystem')}
      form={form}
      loading={info.isLoading}
      initialValues={{ sortCode: 0, enabled: true }}
      onSubmit={submit}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item name="fullName" label={t('systemName')} rules={rules.fullName}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="enCode" label={t('systemCode')} rules={rules.enCode}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="icon" label={t('icon')}>
        <Input maxLength={100} placeholder="icon-ym icon-ym-..." />
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
