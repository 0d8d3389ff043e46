import { isValidIdCard, LANDLINE_PATTERN, TELEPHONE_PATTERN, UserInput } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import DatePicker from 'antd/es/date-picker';
import Form, { type Rule } from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FormDialog,
  PickerField,
  sortMax,
  useAdminRules,
  useComponentsTranslation,
} from '../../../shared/components/index.ts';
import { userApi } from '../api.ts';
import { InitialPasswordNote } from './InitialPasswordNote.tsx';

/** The free-text fields of the 个人资料 card, in the order they show. */
const textFields = [
  'nation',
  'nativePlace',
  'telePhone',
  'landline',
  'urgentContacts',
  'urgentTelePhone',
  'postalAddress',
] as const;
type TextField = (typeof textFields)[number];

/**
 * The phone fields' patterns (packages/shared README, "Which phone pattern a field takes"):
 * 固定电话 is a fixed line only; an office or emergency number may as well be a mobile number.
 */
const phonePatterns: Partial<Record<TextField, { pattern: RegExp; message: 'rules.landline' | 'rules.telephone' }>> = {
  telePhone: { pattern: TELEPHONE_PATTERN, message: 'rules.telephone' },
  landline: { pattern: LANDLINE_PATTERN, message: 'rules.landline' },
  urgentTelePhone: { pattern: TELEPHONE_PATTERN, message: 'rules.telephone' },
};

export interface UserValues extends Partial<Record<TextField, string>> {
  account: string;
  realName: string;
  gender?: string;
  organizeId: string[];
  managerId?: string;
  positionId?: string[];
  ranks?: string;
  roleId?: string[];
  groupId?: string[];
  mobilePhone?: string;
  email?: string;
  sortCode: number;
  enabled: boolean;
  description?: string;
  /** Not edited here; carried so that saving keeps it. */
  headIcon?: string;
  certificatesType?: string;
  certificatesNumber?: string;
  education?: string;
  birthday?: Dayjs | null;
  entryDate?: Dayjs | null;
}

/** certificateType entry whose numbers are mainland ID cards (the seeded code of 身份证). */
export const idCardType = '1';

type Schema = { maxLength?: number; anyOf?: readonly Schema[] };
/** The longest text the server takes for a field (packages/shared/src/schemas/user.ts). */
export function maxLengthOf(field: keyof typeof UserInput.properties): number | undefined {
  const find = (schema: Schema): number | undefined =>
    schema.maxLength ?? schema.anyOf?.map(find).find((max) => max !== undefined);
  return find(UserInput.properties[field] as Schema);
}

const split = (csv: string | null | undefined) => (csv ? csv.split(',').filter(Boolean) : []);
const join = (ids: string[] | undefined) => (ids ?? []).join(',');
const text = (value: string | undefined) => value?.trim() ?? '';
/** Dates travel as milliseconds (protocol.md). */
const millis = (date: Dayjs | null | undefined) => (date ? date.valueOf() : null);
const dateOf = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : dayjs(ms));

export function toUserInput(values: UserValues): UserInput {
  return {
    account: values.account.trim(),
    realName: values.realName.trim(),
    gender: values.gender ?? '',
    email: text(values.email),
    organizeId: join(values.organizeId),
    managerId: values.managerId ?? '',
    positionId: join(values.positionId),
    ranks: text(values.ranks),
    roleId: join(values.roleId),
    groupId: join(values.groupId),
    sortCode: values.sortCode ?? 0,
    enabledMark: values.enabled ? 1 : 0,
    description: values.description ?? '',
    headIcon: values.headIcon ?? '',
    certificatesType: values.certificatesType ?? '',
    certificatesNumber: text(values.certificatesNumber),
    education: values.education ?? '',
    entryDate: millis(values.entryDate),
    birthday: millis(values.birthday),
    mobilePhone: text(values.mobilePhone),
    ...Object.fromEntries(textFields.map((field) => [field, text(values[field])])),
  };
}

/** Entries of one dictionary as select options; the code is what is stored. */
function useDictionary(enCode: string) {
  const all = useQuery({ queryKey: ['user', 'dictionaries'], queryFn: userApi.dictionaries, staleTime: 60_000 });
  return useMemo(
    () =>
      (all.data?.list.find((d) => d.enCode === enCode)?.dictionaryList ?? []).map((entry) => ({
        value: entry.enCode,
        label: entry.fullName,
      })),
    [all.data, enCode],
  );
}

function Field({ span = 12, children }: { span?: 12 | 24; children: ReactNode }) {
  return <Col span={span}>{children}</Col>;
}

/** Every field of a loaded user as the form holds it: lists split from their commas, dates as days. */
function userValuesOf(user: Awaited<ReturnType<typeof userApi.info>>): UserValues {
  return {
    account: user.account,
    realName: user.realName,
    gender: user.gender || undefined,
    organizeId: split(user.organizeId),
    managerId: user.managerId || undefined,
    positionId: split(user.positionId),
    ranks: user.ranks ?? '',
    roleId: split(user.roleId),
    groupId: split(user.groupId),
    mobilePhone: user.mobilePhone ?? '',
    email: user.email ?? '',
    sortCode: user.sortCode ?? 0,
    enabled: user.enabledMark === 1,
    description: user.description ?? '',
    headIcon: user.headIcon ?? '',
    certificatesType: user.certificatesType || undefined,
    certificatesNumber: user.certificatesNumber ?? '',
    education: user.education || undefined,
    birthday: dateOf(user.birthday),
    entryDate: dateOf(user.entryDate),
    ...Object.fromEntries(textFields.map((field) => [field, user[field] ?? ''])),
  };
}

/** The server's length limit of a field as a form rule, named in the reader's language. */
function maxRules(field: keyof typeof UserInput.properties, t: TFunction<'user'>): Rule[] {
  const limit = maxLengthOf(field);
  return limit ? [{ max: limit, message: t('rules.max', { field: t(field), max: limit }) }] : [];
}

/**
 * Create or edit a user (800 px): the 基础信息 card (account, organisation, manager, positions,
 * roles, groups) and the 个人资料 card (identity, dates, phones, address). Editing loads every
 * field of the card and sends them all back, so saving never drops what this form shows.
 */
export function UserForm({
  target,
  onClose,
  onSaved,
}: {
  target: { id?: string; organizeId?: string } | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation('user');
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
    if (user) form.setFieldsValue(userValuesOf(user));
  }, [form, info.data]);
  const submit = (values: UserValues) => {
    const input = toUserInput(values);
    return id ? userApi.update(id, input) : userApi.create(input);
  };

  const max = (field: keyof typeof UserInput.properties) => maxRules(field, t);

  return (
    <FormDialog<UserValues>
      open={Boolean(target)}
      title={id ? t('editUser') : t('addUser')}
      form={form}
      width={800}
      // English labels such as "Emergency contact" need more room than four or five characters.
      labelWidth={i18n.language.startsWith('en') ? 130 : 100}
      loading={info.isLoading}
      initialValues={{ organizeId: target?.organizeId ? [target.organizeId] : [], sortCode: 0, enabled: true }}
      onSubmit={submit}
      onClose={onClose}
      onSaved={onSaved}
    >
      {id ? null : <InitialPasswordNote />}
      <Card size="small" title={t('baseInfo')} style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Field>
            <Form.Item name="account" label={t('account')} rules={rules.account}>
              <Input maxLength={maxLengthOf('account')} disabled={Boolean(id)} />
            </Form.Item>
          </Field>
          <Field>
            <Form.Item name="realName" label={t('realName')} rules={rules.fullName}>
              <Input maxLength={maxLengthOf('realName')} />
            </Form.Item>
          </Field>
          <Field>
            <Form.Item name="gender" label={t('gender')}>
              <Select
                allowClear
                options={(['1', '2', '3'] as const).map((code) => ({ value: code, label: t(`genders.${code}`) }))}
              />
            </Form.Item>
          </Field>
          <Field>
            <Form.Item name="mobilePhone" label={t('mobilePhone')} rules={rules.mobile}>
              <Input maxLength={maxLengthOf('mobilePhone')} />
            </Form.Item>
          </Field>
          <Field span={24}>
            <Form.Item name="organizeId" label={t('organizeName')} rules={rules.select(t('organizeName'))}>
              <PickerField kind="organize" multiple />
            </Form.Item>
          </Field>
          <Field>
            <Form.Item name="managerId" label={t('manager')}>
              <PickerField kind="user" />
            </Form.Item>
          </Field>
          <Field>
            <Form.Item name="ranks" label={t('ranks')} rules={max('ranks')}>
              <Input maxLength={maxLengthOf('ranks')} />
            </Form.Item>
          </Field>
          <Field span={24}>
            <Form.Item name="positionId" label={t('position')}>
              <PickerField kind="position" multiple mode="auth" />
            </Form.Item>
          </Field>
          <Field span={24}>
            <Form.Item name="roleId" label={t('role')}>
              <PickerField kind="role" multiple mode="auth" />
            </Form.Item>
          </Field>
          <Field span={24}>
            <Form.Item name="groupId" label={t('group')}>
              <PickerField kind="group" multiple mode="auth" />
            </Form.Item>
          </Field>
          <Field>
            <Form.Item name="email" label={t('email')} rules={rules.email}>
              <Input maxLength={maxLengthOf('email')} />
            </Form.Item>
          </Field>
          <Field>
            <Form.Item name="sortCode" label={c('fields.sortCode')}>
              <InputNumber min={0} max={sortMax} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Field>
          <Field>
            <Form.Item name="enabled" label={c('fields.enabledMark')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Field>
          <Field span={24}>
            <Form.Item name="description" label={c('fields.description')} rules={rules.description}>
              <Input.TextArea rows={2} maxLength={maxLengthOf('description')} />
            </Form.Item>
          </Field>
          <Form.Item name="headIcon" hidden>
            <Input />
          </Form.Item>
        </Row>
      </Card>
      <ExtraInfoCard />
    </FormDialog>
  );
}

/** The 个人资料 card: identity (an ID card number is checked), dates, education, phones and address. */
function ExtraInfoCard() {
  const { t } = useTranslation('user');
  const certificateTypes = useDictionary('certificateType');
  const educations = useDictionary('Education');
  const max = (field: keyof typeof UserInput.properties) => maxRules(field, t);
  const phone = (field: TextField): Rule[] => {
    const rule = phonePatterns[field];
    return rule ? [{ pattern: rule.pattern, message: t(rule.message) }] : [];
  };
  const textInput = (field: TextField, span: 12 | 24 = 12) => (
    <Field span={span} key={field}>
      <Form.Item name={field} label={t(field)} rules={[...max(field), ...phone(field)]}>
        <Input maxLength={maxLengthOf(field)} />
      </Form.Item>
    </Field>
  );
  const dateInput = (field: 'birthday' | 'entryDate') => (
    <Field>
      {/* A picked day is kept as its start, whatever the time of day it was picked at. */}
      <Form.Item name={field} label={t(field)} getValueFromEvent={(date: Dayjs | null) => date?.startOf('day') ?? null}>
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
    </Field>
  );
  return (
    <Card size="small" title={t('extraInfo')}>
      <Row gutter={16}>
        {textInput('nation')}
        {textInput('nativePlace')}
        <Field>
          <Form.Item name="certificatesType" label={t('certificatesType')}>
            <Select allowClear options={certificateTypes} />
          </Form.Item>
        </Field>
        <Field>
          <Form.Item
            name="certificatesNumber"
            label={t('certificatesNumber')}
            dependencies={['certificatesType']}
            rules={[
              ...max('certificatesNumber'),
              ({ getFieldValue }) => ({
                validator: (_, value: string | undefined) =>
                  getFieldValue('certificatesType') !== idCardType || !value?.trim() || isValidIdCard(value.trim())
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('rules.idCard'))),
              }),
            ]}
          >
            <Input maxLength={maxLengthOf('certificatesNumber')} />
          </Form.Item>
        </Field>
        {dateInput('birthday')}
        <Field>
          <Form.Item name="education" label={t('education')}>
            <Select allowClear options={educations} />
          </Form.Item>
        </Field>
        {dateInput('entryDate')}
        {textInput('telePhone')}
        {textInput('landline')}
        {textInput('urgentContacts')}
        {textInput('urgentTelePhone')}
        {textInput('postalAddress', 24)}
      </Row>
    </Card>
  );
}
