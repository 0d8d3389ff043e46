import type { PositionInput } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
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
import { positionApi } from '../api.ts';

export interface PositionValues {
  organizeId: string;
  fullName: string;
  enCode: string;
  type?: string;
  sortCode: number;
  enabled: boolean;
  description?: string;
}

/** Create or edit a position (600 px). `target.id` absent: a new one in `target.organizeId`. */
export function PositionForm({
  target,
  onClose,
  onSaved,
}: {
  target: { id?: string; organizeId?: string } | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('position');
  const { t: c } = useComponentsTranslation();
  const rules = useAdminRules();
  const [form] = Form.useForm<PositionValues>();
  const id = target?.id;
  const info = useQuery({
    queryKey: ['position', 'info', id],
    queryFn: () => positionApi.info(id as string),
    enabled: Boolean(id),
    gcTime: 0,
  });
  useEffect(() => {
    if (info.data) {
      form.setFieldsValue({ ...info.data, enabled: info.data.enabledMark === 1 });
    }
  }, [form, info.data]);
  const submit = (values: PositionValues) => {
    const input: PositionInput = {
      organizeId: values.organizeId,
      fullName: values.fullName.trim(),
      enCode: values.enCode.trim(),
      type: values.type ?? '',
      sortCode: values.sortCode ?? 0,
      enabledMark: values.enabled ? 1 : 0,
      description: values.description ?? '',
    };
    return id ? positionApi.update(id, input) : positionApi.create(input);
  };
  return (
    <FormDialog<PositionValues>
      open={Boolean(target)}
      title={id ? t('editPosition') : t('addPosition')}
      form={form}
      loading={info.isLoading}
      initialValues={{ organizeId: target?.organizeId, sortCode: 0, enabled: true }}
      onSubmit={submit}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item name="organizeId" label={t('department')} rules={rules.select(t('department'))}>
        <PickerField kind="organize" />
      </Form.Item>
      <Form.Item name="fullName" label={t('positionName')} rules={rules.fullName}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="enCode" label={t('positionCode')} rules={rules.enCode}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="type" label={t('positionType')}>
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
