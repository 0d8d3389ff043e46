import {
  type FormDataField,
  REPORT_AGGREGATES,
  REPORT_FROM_FORM_MAX_GROUPS,
  REPORT_FROM_FORM_MAX_MEASURES,
  type ReportAggregate,
  type ReportFromFormInput,
  valueFacetsOf,
} from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form, { type FormInstance } from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../shared/toast.tsx';
import { reportApi } from '../api.ts';

type Values = Omit<ReportFromFormInput, 'measures'> & {
  measures: { field?: string; aggregate: ReportAggregate }[];
};

/**
 * Fields a group can be made by: one value each (text, a number, a date) or one of a choice's
 * options (the report shows its name); not lists, files, rows, nor pickers (whose ids a report
 * would show). The server applies the same rule.
 */
const groupable = (jnpfKey: string) =>
  ['text', 'number', 'datetime'].includes(valueFacetsOf(jnpfKey)?.value ?? '') || ['select', 'radio'].includes(jnpfKey);
const numeric = (jnpfKey: string) => valueFacetsOf(jnpfKey)?.value === 'number';

/**
 * 从表单生成: a report over a generated form's records in a few clicks. The person picks the form,
 * one or two fields to group by and what to total; the server makes the data interface and a
 * grouped sheet with subtotals, a total and a chart, which then opens in the designer to refine.
 */
export function ReportFromFormDialog({
  open,
  categories,
  onClose,
  onCreated,
}: {
  open: boolean;
  categories: { value: string; label: string }[];
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const { t } = useTranslation('report');
  const [form] = Form.useForm<Values>();
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  const formId = Form.useWatch('formId', form);
  const forms = useQuery({ queryKey: ['report', 'fromForm', 'forms'], queryFn: reportApi.forms, enabled: open });
  const fields = useQuery({
    queryKey: ['report', 'fromForm', 'fields', formId],
    queryFn: () => reportApi.formFields(formId as string),
    enabled: open && Boolean(formId),
  });
  const fieldOptions = (test: (jnpfKey: string) => boolean) =>
    (fields.data ?? []).filter((f) => test(f.jnpfKey)).map((f) => ({ value: f.vModel, label: f.label }));

  const submit = async (values: Values) => {
    setSaving(true);
    try {
      const measures = values.measures.flatMap((m) => (m.field ? [{ field: m.field, aggregate: m.aggregate }] : []));
      const made = await reportApi.fromForm({ ...values, measures });
      toast.success(t('fromForm.made'));
      form.resetFields();
      onCreated(made.id);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('fromForm.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('fromForm.make')}
      confirmLoading={saving}
      destroyOnHidden
      width={640}
    >
      <Alert type="info" showIcon title={t('fromForm.hint')} style={{ marginBottom: 16 }} />
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ measures: [{ aggregate: 'sum' }] }}
        onValuesChange={(changed) => {
          if ('formId' in changed) form.setFieldsValue({ groupBy: [], measures: [{ aggregate: 'sum' }] });
        }}
      >
        <Form.Item
          name="formId"
          label={t('fromForm.form')}
          rules={[{ required: true, message: t('fromForm.pickForm') }]}
        >
          <Select
            showSearch
            optionFilterProp="label"
            loading={forms.isLoading}
            options={(forms.data ?? []).map((f) => ({ value: f.id, label: `${f.fullName} (${f.enCode})` }))}
          />
        </Form.Item>
        <Form.Item
          name="groupBy"
          label={t('fromForm.groupBy')}
          extra={t('fromForm.groupByHint', { max: REPORT_FROM_FORM_MAX_GROUPS })}
          rules={[{ required: true, message: t('fromForm.pickGroup') }]}
        >
          <Select
            mode="multiple"
            maxCount={REPORT_FROM_FORM_MAX_GROUPS}
            loading={fields.isLoading}
            options={fieldOptions(groupable)}
            optionFilterProp="label"
          />
        </Form.Item>
        <MeasureRows form={form} fields={fields.data ?? []} options={fieldOptions(groupable)} />
        <Space.Compact block>
          <Form.Item
            name="fullName"
            label={t('fullName')}
            rules={[{ required: true, whitespace: true, message: t('fromForm.nameRequired') }]}
            style={{ flex: 1, marginRight: 8 }}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item
            name="enCode"
            label={t('enCode')}
            rules={[{ required: true, whitespace: true, message: t('fromForm.codeRequired') }]}
            style={{ flex: 1, marginRight: 8 }}
          >
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item
            name="categoryId"
            label={t('category')}
            rules={[{ required: true, message: t('rules.category') }]}
            style={{ flex: 1 }}
          >
            <Select options={categories} showSearch optionFilterProp="label" />
          </Form.Item>
        </Space.Compact>
      </Form>
    </Modal>
  );
}

/** The totals: a field and how it is totalled, each; summing, averaging and the rest only for numbers. */
function MeasureRows({
  form,
  fields,
  options,
}: {
  form: FormInstance<Values>;
  fields: FormDataField[];
  options: { value: string; label: string }[];
}) {
  const { t } = useTranslation('report');
  return (
    <Form.List name="measures">
      {(rows, { add, remove }) => (
        <Form.Item label={t('fromForm.measures')} required>
          {rows.map((row, index) => (
            <Space key={row.key} align="baseline" style={{ display: 'flex' }}>
              <Form.Item
                name={[row.name, 'field']}
                rules={[{ required: true, message: t('fromForm.pickMeasure') }]}
                style={{ width: 260 }}
              >
                <Select
                  aria-label={t('fromForm.measureField', { n: index + 1 })}
                  options={options}
                  optionFilterProp="label"
                  showSearch
                />
              </Form.Item>
              <Form.Item noStyle shouldUpdate>
                {() => {
                  const field = form.getFieldValue(['measures', row.name, 'field']) as string | undefined;
                  const kind = fields.find((f) => f.vModel === field)?.jnpfKey ?? '';
                  return (
                    <Form.Item name={[row.name, 'aggregate']} style={{ width: 140 }}>
                      <Select
                        aria-label={t('fromForm.measureAggregate', { n: index + 1 })}
                        options={REPORT_AGGREGATES.map((a) => ({
                          value: a,
                          label: t(`fromForm.aggregates.${a}`),
                          disabled: a !== 'count' && Boolean(field) && !numeric(kind),
                        }))}
                      />
                    </Form.Item>
                  );
                }}
              </Form.Item>
              {rows.length > 1 && (
                <Button type="link" danger onClick={() => remove(row.name)}>
                  {t('fromForm.remove')}
                </Button>
              )}
            </Space>
          ))}
          {rows.length < REPORT_FROM_FORM_MAX_MEASURES && (
            <Button type="dashed" onClick={() => add({ aggregate: 'sum' })}>
              {t('fromForm.addMeasure')}
            </Button>
          )}
        </Form.Item>
      )}
    </Form.List>
  );
}
