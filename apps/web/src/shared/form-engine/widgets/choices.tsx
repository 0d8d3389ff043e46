import Cascader from 'antd/es/cascader';
import Checkbox from 'antd/es/checkbox';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import TreeSelect from 'antd/es/tree-select';
import { type OptionItem, optionLabels } from '../definition.ts';
import { useFormEngineTranslation } from '../i18n.ts';
import { useFieldOptions } from '../options.ts';
import { placeholderOf, str } from './inputs.tsx';
import type { ViewProps, WidgetProps } from './types.ts';

function toSelectOptions(options: readonly OptionItem[]) {
  return options.map((o) => ({ value: o.value, label: o.label, disabled: o.disabled }));
}

export function RadioWidget(props: WidgetProps) {
  const { field, value, onChange, disabled, id } = props;
  const { options } = useFieldOptions(field, props.store, props.row);
  const button = field.optionType === 'button';
  return (
    <Radio.Group
      id={id}
      value={value}
      disabled={disabled}
      optionType={button ? 'button' : 'default'}
      onChange={(e) => onChange(e.target.value)}
      options={toSelectOptions(options)}
      style={field.direction === 'vertical' ? { display: 'flex', flexDirection: 'column' } : undefined}
    />
  );
}

export function CheckboxWidget(props: WidgetProps) {
  const { field, value, onChange, disabled, id } = props;
  const { options } = useFieldOptions(field, props.store, props.row);
  return (
    <span id={id}>
      <Checkbox.Group
        value={Array.isArray(value) ? value : []}
        disabled={disabled}
        onChange={(v) => onChange(v)}
        options={toSelectOptions(options)}
      />
    </span>
  );
}

export function SelectWidget(props: WidgetProps) {
  const { field, value, onChange, disabled, id } = props;
  const { t } = useFormEngineTranslation();
  const { options, loading } = useFieldOptions(field, props.store, props.row);
  const multiple = !!field.multiple;
  return (
    <Select
      id={id}
      style={{ width: '100%' }}
      value={multiple ? (Array.isArray(value) ? value : []) : (value ?? undefined)}
      mode={multiple ? 'multiple' : undefined}
      disabled={disabled}
      loading={loading}
      allowClear={field.clearable !== false}
      showSearch={field.filterable ? { optionFilterProp: 'label' } : undefined}
      placeholder={placeholderOf(props, t('pleaseSelect'))}
      notFoundContent={t('noData')}
      options={toSelectOptions(options)}
      onChange={(v) => onChange(v ?? (multiple ? [] : undefined))}
    />
  );
}

/** Radio, checkbox, select: the labels of the value, joined. */
export function OptionsView({ field, value, store, row }: ViewProps) {
  const { options } = useFieldOptions(field, store, row);
  return <>{optionLabels(options, value).join(',')}</>;
}

export function CascaderWidget(props: WidgetProps) {
  const { field, value, onChange, disabled, id } = props;
  const { t } = useFormEngineTranslation();
  const { options } = useFieldOptions(field, props.store, props.row);
  const multiple = !!field.multiple;
  return (
    <Cascader
      id={id}
      style={{ width: '100%' }}
      options={options as never}
      value={(Array.isArray(value) ? value : []) as never}
      multiple={multiple as false}
      disabled={disabled}
      changeOnSelect={!!field.props?.checkStrictly}
      placeholder={placeholderOf(props, t('pleaseSelect'))}
      notFoundContent={t('noData')}
      onChange={(v: unknown) => onChange(v ?? [])}
    />
  );
}

export function CascaderView({ field, value, store, row }: ViewProps) {
  const { options } = useFieldOptions(field, store, row);
  if (!Array.isArray(value) || value.length === 0) return null;
  const separator = typeof field.separator === 'string' ? field.separator : '/';
  const paths: unknown[][] = field.multiple ? (value as unknown[][]) : [value];
  return <>{paths.map((path) => optionLabels(options, path).join(separator)).join(',')}</>;
}

function toTree(options: readonly OptionItem[], leafOnly: boolean): unknown[] {
  return options.map((o) => ({
    value: o.value,
    title: o.label,
    disabled: o.disabled,
    selectable: leafOnly ? !o.children?.length : true,
    children: o.children ? toTree(o.children, leafOnly) : undefined,
  }));
}

/** treeSelect: in last-level mode only leaf nodes may be picked (widgets.md §5). */
export function TreeSelectWidget(props: WidgetProps) {
  const { field, value, onChange, disabled, id } = props;
  const { t } = useFormEngineTranslation();
  const { options } = useFieldOptions(field, props.store, props.row);
  const multiple = !!field.multiple;
  const leafOnly = field.selectType === 'last' || !!field.lastLevel;
  return (
    <TreeSelect
      id={id}
      style={{ width: '100%' }}
      treeData={toTree(options, leafOnly) as never}
      value={(multiple ? (Array.isArray(value) ? value : []) : (value ?? undefined)) as never}
      multiple={multiple}
      disabled={disabled}
      allowClear={field.clearable !== false}
      treeDefaultExpandAll
      placeholder={placeholderOf(props, t('pleaseSelect'))}
      notFoundContent={t('noData')}
      onChange={(v: unknown) => onChange(v ?? (multiple ? [] : undefined))}
    />
  );
}

export function SwitchWidget({ field, value, onChange, disabled, id }: WidgetProps) {
  const on = field.activeValue ?? 1;
  const off = field.inactiveValue ?? 0;
  return (
    <Switch
      id={id}
      checked={value === on || value === true}
      disabled={disabled}
      checkedChildren={str(field.activeTxt) || undefined}
      unCheckedChildren={str(field.inactiveTxt) || undefined}
      onChange={(checked) => onChange(checked ? on : off)}
    />
  );
}

export function SwitchView({ field, value }: ViewProps) {
  const { t } = useFormEngineTranslation();
  const on = value === (field.activeValue ?? 1) || value === true;
  return <>{on ? str(field.activeTxt) || t('yes') : str(field.inactiveTxt) || t('no')}</>;
}
