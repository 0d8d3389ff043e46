import type { SystemSignatureInfo, SystemSignatureInput } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CrudFormProps,
  FormDialog,
  nameMax,
  PickerField,
  sortMax,
  useAdminRules,
  useComponentsTranslation,
} from '../../../shared/components/index.ts';
import { signatureApi } from '../api.ts';
import { SignatureImageField } from './SignatureImageField.tsx';

interface SignatureValues {
  fullName: string;
  enCode: string;
  icon: string;
  userIds: string[];
  sortCode: number;
  description?: string;
}

const newSignature: Partial<SignatureValues> = { sortCode: 0, userIds: [] };

/** The signature dialog (600 px): name, code, the image (drawn or uploaded), the users granted it, sort and description. */
export function SignatureForm({ target, onClose, onSaved }: CrudFormProps<{ id?: string }>) {
  const { t } = useTranslation('signature');
  const { t: c } = useComponentsTranslation();
  const rules = useAdminRules();
  const [form] = Form.useForm<SignatureValues>();
  const id = target?.id;
  const info = useQuery({
    queryKey: ['signature', 'info', id],
    queryFn: () => signatureApi.info(id as string),
    enabled: Boolean(id),
    gcTime: 0,
  });
  useEffect(() => {
    const row: SystemSignatureInfo | undefined = info.data;
    if (row) form.setFieldsValue({ ...row });
  }, [form, info.data]);
  const onSubmit = (values: SignatureValues) => {
    const input: SystemSignatureInput = {
      fullName: values.fullName.trim(),
      enCode: values.enCode.trim(),
      icon: values.icon,
      userIds: values.userIds ?? [],
      sortCode: values.sortCode ?? 0,
      description: values.description ?? '',
    };
    return id ? signatureApi.update(id, input) : signatureApi.create(input);
  };
  return (
    <FormDialog<SignatureValues>
      open={Boolean(target)}
      title={id ? t('edit') : t('add')}
      form={form}
      loading={info.isLoading}
      initialValues={newSignature}
      onSubmit={onSubmit}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item name="fullName" label={t('fullName')} rules={rules.fullName}>
        <Input maxLength={nameMax} />
      </Form.Item>
      <Form.Item name="enCode" label={t('enCode')} rules={rules.enCode}>
        <Input maxLength={nameMax} />
      </Form.Item>
      <Form.Item name="icon" label={t('icon')} rules={[{ required: true, message: t('rules.icon') }]}>
        <SignatureImageField />
      </Form.Item>
      <Form.Item name="userIds" label={t('users')}>
        <PickerField kind="user" multiple />
      </Form.Item>
      <Form.Item name="sortCode" label={c('fields.sortCode')}>
        <InputNumber min={0} max={sortMax} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="description" label={c('fields.description')} rules={rules.description}>
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
    </FormDialog>
  );
}
