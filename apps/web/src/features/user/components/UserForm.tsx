import type { UserInput } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
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
import { userApi } from '../api.ts';

export interface UserValues {
  account: string;
  realName: string;
  gender?: string;
  organizeId: string[];
  positionId?: string[];
  roleId?: string[];
  groupId?: string[];
  mobilePhone?: string;
  email?: string;
  sortCode: number;
  enabled: boolean;
  description?: string;
}

const split = (csv: string | null | undefined) => (csv ? csv.split(',').filter(Boolean) : []);
const join = (ids: string[] | undefined) => (ids ?? []).join(',');

export function toUserInput(values: UserValues): UserInput {
  return {
    account: values.account.trim(),
    realName: values.realName.trim(),
    gender: values.gender ?? '',
    organizeId: join(values.organizeId),
    positionId: join(values.positionId),
    roleId: join(values.roleId),
    groupId: join(values.groupId),
    mobilePhone: values.mobilePhone?.trim() ?? '',
    email: values.email?.trim() ?? '',
    sortCode: values.sortCode ?? 0,
    enabledMark: values.enabled ? 1 : 0,
    description: values.description ?? '',
  };
}

/** Create or edit a user (600 px), with the organisation, position, role and group pickers. */
export function UserForm({
  target,
  onClose,
  onSaved,
}: {
  target: { id?: string; organizeId?: string } | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('user');
  const { t: c } = useComponentsTranslation();
  const rules = useAdminRules();
  const [form] = Form.useForm<UserValues>();
  const id = target?.id;
  const info = useQuery({
    queryKey: ['user', 'info', id],
    queryFn: () => userApi.info(id as string),
    enabled: Boolean(id),
    gcTime: 0,
  });
  useEffect(() => {
    const user = info.data;
    if (!user) return;
    form.setFieldsValue({
      account: user.account,
      realName: user.realName,
      gender: user.gender || undefined,
      organizeId: split(user.organizeId),
      positionId: split(user.positionId),
      roleId: split(user.roleId),
      groupId: split(user.groupId),
      mobilePhone: user.mobilePhone ?? '',
      email: user.email ?? '',
      sortCode: user.sortCode ?? 0,
      enabled: user.enabledMark === 1,
      description: user.description ?? '',
    });
  }, [form, info.data]);
  const submit = (values: UserValues) => {
    const input = toUserInput(values);
    return id ? userApi.update(id, input) : userApi.create(input);
  };
  return (
    <FormDialog<UserValues>
      open={Boolean(target)}
      title={id ? t('editUser') : t('addUser')}
      form={form}
      width={800}
      loading={info.isLoading}
      initialValues={{ organizeId: target?.organizeId ? [target.organizeId] : [], sortCode: 0, enabled: true }}
      onSubmit={submit}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="account" label={t('account')} rules={rules.account}>
            <Input maxLength={50} disabled={Boolean(id)} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="realName" label={t('realName')} rules={rules.fullName}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="gender" label={t('gender')}>
            <Select
              allowClear
              options={(['1', '2', '3'] as const).map((code) => ({ value: code, label: t(`genders.${code}`) }))}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="mobilePhone" label={t('mobilePhone')} rules={rules.mobile}>
            <Input maxLength={11} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="organizeId" label={t('organizeName')} rules={rules.select(t('organizeName'))}>
            <PickerField kind="organize" multiple />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="positionId" label={t('position')}>
            <PickerField kind="position" multiple />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="roleId" label={t('role')}>
            <PickerField kind="role" multiple />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="groupId" label={t('group')}>
            <PickerField kind="group" multiple />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="email" label={t('email')} rules={rules.email}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="sortCode" label={c('fields.sortCode')}>
            <InputNumber min={0} max={sortMax} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="enabled" label={c('fields.enabledMark')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="description" label={c('fields.description')} rules={rules.description}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
