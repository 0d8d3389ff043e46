import { type FormField, type FormOption, kindOf, valueFacetsOf } from '@platform/shared';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import { useTranslation } from 'react-i18next';
import { defaultEditorOf } from './designer-kinds.ts';

/** A field's default value, edited as its kind's values are: a switch, a number, one or several of its options, or text. */
export function DefaultValue({
  id,
  field,
  onChange,
}: {
  id: string;
  field: FormField;
  onChange: (value: unknown) => void;
}) {
  const { t } = useTranslation('visualdev');
  const value = field.__config__.defaultValue;
  const editor = defaultEditorOf(field);
  if (editor === 'switch') {
    const on = field.activeValue ?? 1;
    return (
      <Switch
        id={id}
        checked={value === on}
        onChange={(checked) => onChange(checked ? on : (field.inactiveValue ?? 0))}
      />
    );
  }
  if (editor === 'number') {
    return (
      <InputNumber
        id={id}
        value={typeof value === 'number' ? value : null}
        onChange={(next) => onChange(next ?? undefined)}
        style={{ width: '100%' }}
      />
    );
  }
  if (editor === 'options') {
    const options = (Array.isArray(field.options) ? field.options : []).map((o: FormOption) => ({
      value: String(o.id),
      label: o.fullName,
    }));
    const multiple = valueFacetsOf(kindOf(field))?.multiple === 'always' || field.multiple === true;
    return (
      <Select
        id={id}
        allowClear
        mode={multiple ? 'multiple' : undefined}
        options={options}
        placeholder={t('designer.props.noDefault')}
        value={multiple ? (Array.isArray(value) ? value : []) : ((value as string | undefined) ?? undefined)}
        onChange={(next) => onChange(next ?? undefined)}
      />
    );
  }
  return (
    <Input
      id={id}
      value={typeof value === 'string' || typeof value === 'number' ? String(value) : ''}
      onChange={(e) => onChange(e.target.value || undefined)}
    />
  );
}
