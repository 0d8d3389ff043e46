import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import TimePicker from 'antd/es/time-picker';
import type { Dayjs } from 'dayjs';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PickerField } from '../../../shared/components/index.ts';
import { controlOf, pickerKindOf, type ReportFormValue, type ReportParameterDefinition } from '../report-parameters.ts';

type FormValues = Record<string, ReportFormValue>;

/** What Form.Item hands its control: the id its label points to, the value and the change handler. */
interface ControlProps {
  id?: string;
  value?: ReportFormValue;
  onChange?: (value: ReportFormValue) => void;
}

/** The control of one parameter, by its kind. */
function ParameterControl({ parameter, id, value, onChange }: { parameter: ReportParameterDefinition } & ControlProps) {
  const change = (next: ReportFormValue) => onChange?.(next);
  switch (controlOf(parameter.jnpfKey)) {
    case 'number':
      return <InputNumber id={id} className="report-search-control" value={value as number | null} onChange={change} />;
    case 'date':
      return <DatePicker id={id} className="report-search-control" value={value as Dayjs | null} onChange={change} />;
    case 'dateRange':
      return (
        <DatePicker.RangePicker
          id={id}
          value={value as [Dayjs, Dayjs] | null}
          onChange={(range) => change(range?.[0] && range[1] ? [range[0], range[1]] : null)}
        />
      );
    case 'time':
      return <TimePicker id={id} className="report-search-control" value={value as Dayjs | null} onChange={change} />;
    case 'switch':
      return <Switch id={id} checked={value === true} onChange={change} />;
    case 'picker':
      return (
        <PickerField
          id={id}
          kind={pickerKindOf(parameter.jnpfKey)}
          className="report-search-control"
          value={typeof value === 'string' ? value : undefined}
          onChange={(picked) => change(typeof picked === 'string' ? picked : null)}
        />
      );
    default:
      return (
        <Input
          id={id}
          allowClear
          className="report-search-control"
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => change(event.target.value)}
        />
      );
  }
}

/**
 * The report's search form: one control per parameter, starting at `initialValues`; 查询 runs the
 * report with what is filled in, 重置 puts the starting values back and runs it with them.
 */
export function ReportSearchForm({
  parameters,
  initialValues,
  onSearch,
}: {
  parameters: readonly ReportParameterDefinition[];
  initialValues: FormValues;
  onSearch: (values: FormValues) => void;
}) {
  const { t } = useTranslation('report');
  const [form] = Form.useForm<FormValues>();
  // The controls' ids start with the form's name: a drill-through dialog's form over the page's must not repeat them.
  const formName = `report-search${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  if (!parameters.length) return null;
  return (
    <Form
      form={form}
      name={formName}
      layout="inline"
      className="report-search"
      initialValues={initialValues}
      onFinish={onSearch}
    >
      {parameters.map((parameter) => (
        <Form.Item
          key={parameter.name}
          name={parameter.name}
          label={parameter.label}
          rules={
            parameter.required ? [{ required: true, message: t('view.required', { label: parameter.label }) }] : []
          }
        >
          <ParameterControl parameter={parameter} />
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('view.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onSearch(initialValues);
            }}
          >
            {t('view.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
