import {
  BILL_RULE_DATE_FORMATS,
  type BillRuleInput,
  type BillRuleRow,
  billRulePreview,
  RANDOM_DIGIT_CHOICES,
} from '@platform/shared';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CrudFormProps,
  RecordFormDialog,
  type RecordValues,
  recordValues,
} from '../../../shared/components/index.ts';
import { billRuleApi } from '../api.ts';

export interface BillRuleValues extends RecordValues {
  category?: string;
  type: 1 | 2 | 3;
  prefix?: string;
  suffix?: string;
  dateFormat?: NonNullable<BillRuleInput['dateFormat']>;
  digit?: number;
  startNumber?: string;
  randomDigit?: 16 | 32;
  randomType?: 1 | 2;
}

const newRule = { type: 1, dateFormat: 'YYYYMMDD', digit: 4, startNumber: '0001' } satisfies Partial<BillRuleValues>;

/** The code-rule dialog (600 px, admin.md 2.4): the fields follow the kind, the example follows every field. */
export function BillRuleForm({
  categories,
  ...props
}: CrudFormProps<{ id?: string }> & { categories: { value: string; label: string }[] }) {
  const { t } = useTranslation('billRule');
  return (
    <RecordFormDialog
      {...props}
      queryKey={['billRule', 'info']}
      api={billRuleApi}
      toValues={(row: BillRuleRow) => ({
        ...recordValues(row),
        type: row.type as BillRuleValues['type'],
        dateFormat: (row.dateFormat || undefined) as BillRuleValues['dateFormat'],
        digit: row.digit ?? undefined,
        randomDigit: (row.randomDigit ?? undefined) as BillRuleValues['randomDigit'],
        randomType: (row.randomType ?? undefined) as BillRuleValues['randomType'],
      })}
      toInput={(values: BillRuleValues) => ({
        category: values.category ?? '',
        type: values.type,
        prefix: values.prefix ?? '',
        suffix: values.suffix ?? '',
        ...(values.type === 1
          ? {
              dateFormat: values.dateFormat ?? 'no',
              digit: values.digit ?? null,
              startNumber: values.startNumber ?? '',
            }
          : {}),
        ...(values.type === 2 ? { randomDigit: values.randomDigit ?? 16, randomType: values.randomType ?? 1 } : {}),
      })}
      initialValues={newRule}
      titles={[t('addRule'), t('editRule')]}
      labels={[t('fullName'), t('enCode')]}
    >
      <Form.Item name="category" label={t('category')} rules={[{ required: true, message: t('rules.category') }]}>
        <Select options={categories} showSearch optionFilterProp="label" />
      </Form.Item>
      <KindFields />
    </RecordFormDialog>
  );
}

/** Kind, prefix, the kind's own settings, suffix and the live example. */
function KindFields() {
  const { t } = useTranslation('billRule');
  const form = Form.useFormInstance<BillRuleValues>();
  const values = Form.useWatch([], form) as Partial<BillRuleValues> | undefined;
  const type = values?.type ?? 1;
  // admin.md 4: changing the kind clears the digit and start-number errors; the example follows the values.
  // The kinds' own fields keep what was typed while another kind is shown (`preserve`), so switching back restores it.
  const clearSerialErrors = () =>
    form.setFields([
      { name: 'digit', errors: [] },
      { name: 'startNumber', errors: [] },
    ]);
  const example = useMemo(() => (values ? billRulePreview(values) : ''), [values]);
  const dateFormats = BILL_RULE_DATE_FORMATS.map((format) => ({
    value: format,
    label: format === 'no' ? t('noDate') : format,
  }));
  return (
    <>
      <Form.Item name="type" label={t('type')}>
        <Radio.Group
          onChange={clearSerialErrors}
          options={([1, 2, 3] as const).map((value) => ({ value, label: t(`types.${value}`) }))}
          optionType="button"
        />
      </Form.Item>
      <Form.Item name="prefix" label={t('prefix')}>
        <Input maxLength={50} />
      </Form.Item>
      {type === 1 ? (
        <>
          <Form.Item preserve name="dateFormat" label={t('dateFormat')}>
            <Select options={dateFormats} />
          </Form.Item>
          <Form.Item
            preserve
            name="digit"
            label={t('digit')}
            rules={[
              { required: true, message: t('rules.digit') },
              { type: 'integer', min: 1, max: 9, message: t('rules.digitInteger') },
            ]}
          >
            <InputNumber min={1} max={9} precision={0} maxLength={1} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            preserve
            name="startNumber"
            label={t('startNumber')}
            rules={[
              { required: true, message: t('rules.startNumber') },
              { pattern: /^\d+$/, message: t('rules.startDigits') },
              { pattern: /[1-9]/, message: t('rules.startZero') },
            ]}
          >
            <Input maxLength={18} inputMode="numeric" />
          </Form.Item>
        </>
      ) : null}
      {type === 2 ? (
        <>
          <Form.Item preserve name="randomDigit" label={t('randomDigit')} initialValue={16}>
            <Select options={RANDOM_DIGIT_CHOICES.map((value) => ({ value, label: String(value) }))} />
          </Form.Item>
          <Form.Item preserve name="randomType" label={t('randomType')} initialValue={1}>
            <Radio.Group options={([1, 2] as const).map((value) => ({ value, label: t(`randomTypes.${value}`) }))} />
          </Form.Item>
        </>
      ) : null}
      <Form.Item name="suffix" label={t('suffix')}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item label={t('example')}>
        <output aria-label={t('example')} className="bill-rule-example">
          {example}
        </output>
      </Form.Item>
    </>
  );
}
