import { type ColumnDefinition, type FormField, isDateLike, kindOf, type SearchField } from '@platform/shared';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { type FormStore, useFieldOptions } from '../../../../shared/form-engine/index.ts';

/** What a search box without a field of the form asks options of: nothing. */
const noField: FormField = { __config__: { jnpfKey: 'input' } };

/** What a Form.Item hands its control: the value, the change handler and the id its label points to. */
interface ControlProps {
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
}

/** One search box of the list definition: text, options (several when searchMultiple), number or date range. */
function SearchInput({
  search,
  field,
  store,
  ...control
}: { search: SearchField; field: FormField | undefined; store: FormStore } & ControlProps) {
  const { t } = useTranslation('visualdev');
  const kind = field ? kindOf(field) : (search.jnpfKey ?? 'input');
  // A choice field offers its items by name (its dictionary's or interface's too) and searches by the stored value.
  const { options } = useFieldOptions(field ?? noField, store);
  if (field && options.length)
    return (
      <Select
        id={control.id}
        value={control.value as string | string[] | undefined}
        onChange={(v) => control.onChange?.(v)}
        allowClear
        mode={search.searchMultiple ? 'multiple' : undefined}
        options={options.map((o) => ({ value: o.value, label: o.label }))}
        style={{ width: 180 }}
      />
    );
  if (Number(search.searchType) === 3 && isDateLike(kind))
    return (
      <DatePicker.RangePicker
        id={control.id}
        value={control.value as [Dayjs, Dayjs] | undefined}
        onChange={(v) => control.onChange?.(v)}
        placeholder={[t('from'), t('to')]}
      />
    );
  if (Number(search.searchType) === 3)
    return (
      <NumberRange value={control.value as (number | null)[] | undefined} onChange={(v) => control.onChange?.(v)} />
    );
  return (
    <Input
      id={control.id}
      value={(control.value as string | undefined) ?? ''}
      onChange={(e) => control.onChange?.(e.target.value)}
      allowClear
      style={{ width: 180 }}
    />
  );
}

function NumberRange({
  value,
  onChange,
}: {
  value?: (number | null)[];
  onChange?: (value: (number | null)[]) => void;
}) {
  const { t } = useTranslation('visualdev');
  const [from = null, to = null] = value ?? [];
  return (
    <Space.Compact>
      <InputNumber aria-label={t('from')} placeholder={t('from')} value={from} onChange={(v) => onChange?.([v, to])} />
      <InputNumber aria-label={t('to')} placeholder={t('to')} value={to} onChange={(v) => onChange?.([from, v])} />
    </Space.Compact>
  );
}

/** The list definition's search form (searchList). */
export function RecordSearch({
  modelId,
  list,
  fields,
  store,
  onSearch,
}: {
  modelId: string;
  list: ColumnDefinition;
  fields: ReadonlyMap<string, FormField>;
  /** The search boxes' context (an interface's parameters read the form's values). */
  store: FormStore;
  /** The form's values, or an empty object when the person resets it. */
  onSearch: (values: Record<string, unknown>) => void;
}) {
  const { t } = useTranslation('visualdev');
  const [searchForm] = Form.useForm();
  return (
    <Form form={searchForm} layout="inline" name={`visualdev-search-${modelId}`} onFinish={onSearch}>
      {(list.searchList ?? []).map((s) => (
        <Form.Item key={s.prop} name={s.prop} label={s.label}>
          <SearchInput search={s} field={fields.get(s.prop)} store={store} />
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('search')}
          </Button>
          <Button
            onClick={() => {
              searchForm.resetFields();
              onSearch({});
            }}
          >
            {t('reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
