import {
  formatDate,
  formatNumberInput,
  isNumberRangeEmpty,
  maskText,
  parseNumberText,
  thousandsFormat,
  toChineseAmount,
} from '@platform/shared';
import Cascader from 'antd/es/cascader';
import Checkbox from 'antd/es/checkbox';
import DatePicker from 'antd/es/date-picker';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import Rate from 'antd/es/rate';
import Select from 'antd/es/select';
import Slider from 'antd/es/slider';
import Switch from 'antd/es/switch';
import TimePicker from 'antd/es/time-picker';
import TreeSelect from 'antd/es/tree-select';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { type OptionItem, optionLabels } from '../definition.ts';
import { useFormEngineTranslation } from '../i18n.ts';
import { useFieldOptions } from '../options.ts';
import type { ViewProps, WidgetProps } from './types.ts';

const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const num = (v: unknown, fallback?: number): number | undefined => (typeof v === 'number' ? v : fallback);

function placeholderOf(props: WidgetProps, fallback: string): string {
  return typeof props.field.placeholder === 'string' && props.field.placeholder ? props.field.placeholder : fallback;
}

/** The mask settings of an input (useMask + maskConfig). */
function maskOf(field: WidgetProps['field']) {
  return field.useMask ? ((field.maskConfig ?? {}) as Record<string, unknown>) : null;
}

// ---------------------------------------------------------------------------------------------- input

/** Text before and after a control (addonBefore / addonAfter, or the slot's prepend / append). */
function withAddons(control: ReactNode, before: string, after: string): ReactNode {
  if (!before && !after) return control;
  return (
    <div className="fe-addons">
      {before ? <span className="fe-addon fe-addon-before">{before}</span> : null}
      {control}
      {after ? <span className="fe-addon fe-addon-after">{after}</span> : null}
    </div>
  );
}

/** input: prefix/suffix (addons and icons), counter (showCount + maxlength), mask shown when not editing. */
export function InputWidget(props: WidgetProps) {
  const { field, value, onChange, disabled, id } = props;
  const { t } = useFormEngineTranslation();
  const [focused, setFocused] = useState(false);
  const mask = maskOf(field);
  const text = str(value);
  const shown = mask && !focused && text ? maskText(text, mask) : text;
  const maxLength = num(field.maxlength) ?? num(field.maxLength);
  return withAddons(
    <Input
      id={id}
      value={shown}
      disabled={disabled}
      readOnly={!!field.readonly}
      placeholder={placeholderOf(props, t('pleaseEnter'))}
      allowClear={field.clearable !== false && !mask}
      maxLength={maxLength}
      showCount={!!field.showCount && maxLength !== undefined}
      prefix={str(field.prefixText) || undefined}
      suffix={str(field.suffixText) || undefined}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onChange={(e) => onChange(e.target.value)}
    />,
    str(field.addonBefore ?? field.__slot__?.prepend),
    str(field.addonAfter ?? field.__slot__?.append),
  );
}

export function InputView({ field, value }: ViewProps) {
  const mask = maskOf(field);
  const text = str(value);
  const before = str(field.addonBefore ?? field.__slot__?.prepend);
  const after = str(field.addonAfter ?? field.__slot__?.append);
  if (!text) return null;
  return <>{`${before}${mask ? maskText(text, mask) : text}${after}`}</>;
}

export function TextareaWidget(props: WidgetProps) {
  const { field, value, onChange, disabled, id } = props;
  const { t } = useFormEngineTranslation();
  const maxLength = num(field.maxlength) ?? num(field.maxLength);
  const autoSize = field.autoSize as { minRows?: number; maxRows?: number } | undefined;
  return (
    <Input.TextArea
      id={id}
      value={str(value)}
      disabled={disabled}
      readOnly={!!field.readonly}
      placeholder={placeholderOf(props, t('pleaseEnter'))}
      maxLength={maxLength}
      showCount={!!field.showCount && maxLength !== undefined}
      autoSize={autoSize ?? { minRows: 3 }}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

export function PsdInputWidget(props: WidgetProps) {
  const { field, value, onChange, disabled, id } = props;
  const { t } = useFormEngineTranslation();
  return (
    <Input.Password
      id={id}
      value={str(value)}
      disabled={disabled}
      placeholder={placeholderOf(props, t('pleaseEnter'))}
      maxLength={num(field.maxlength)}
      autoComplete="new-password"
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** A password never shows in a detail. */
export function PsdInputView({ value }: ViewProps) {
  return str(value) ? <>******</> : null;
}

// ---------------------------------------------------------------------------------------------- numbers

/** The capital amount under a number (isAmountChinese). */
function Capitals({ value }: { value: unknown }) {
  const text = toChineseAmount(parseNumberText(value as string | number | null | undefined));
  return text ? <div className="fe-capitals">{text}</div> : null;
}

/** inputNumber: step, precision, min/max, thousands separators (applied on blur), capitals below. */
export function InputNumberWidget(props: WidgetProps) {
  const { field, value, onChange, disabled, id } = props;
  const { t } = useFormEngineTranslation();
  const precision = num(field.precision);
  const thousands = !!field.thousands;
  const n = parseNumberText(value as string | number | null | undefined);
  return (
    <div className="fe-number">
      {withAddons(
        <InputNumber<number>
          id={id}
          style={{ width: '100%' }}
          value={n}
          disabled={disabled}
          readOnly={!!field.readonly}
          placeholder={placeholderOf(props, t('pleaseEnter'))}
          step={num(field.step, 1)}
          min={num(field.min)}
          max={num(field.max)}
          precision={precision}
          controls={field.controls !== false}
          formatter={thousands ? (v) => thousandsFormat(v === undefined ? '' : String(v)) : undefined}
          parser={thousands ? (v) => Number((v ?? '').replace(/,/g, '')) : undefined}
          onChange={(v) => onChange(v ?? undefined)}
        />,
        str(field.addonBefore),
        str(field.addonAfter),
      )}
      {field.isAmountChinese ? <Capitals value={n} /> : null}
    </div>
  );
}

export function InputNumberView({ field, value }: ViewProps) {
  const text = formatNumberInput(value as number | string | null | undefined, {
    precision: num(field.precision),
    thousands: !!field.thousands,
  });
  if (!text) return null;
  return (
    <>
      {`${str(field.addonBefore)}${text}${str(field.addonAfter)}`}
      {field.isAmountChinese ? <Capitals value={value} /> : null}
    </>
  );
}

/** Numeric range: two numbers, precision on both; empty only when both ends are empty (0 is a value). */
export function NumRangeWidget(props: WidgetProps) {
  const { field, value, onChange, disabled, id } = props;
  const { t } = useFormEngineTranslation();
  const range = Array.isArray(value) ? value : [];
  const precision = num(field.precision);
  const set = (index: 0 | 1, v: number | null) => {
    const next = [range[0] ?? null, range[1] ?? null];
    next[index] = v;
    onChange(isNumberRangeEmpty(next) ? [] : next);
  };
  return (
    <div className="fe-range">
      <InputNumber<number>
        id={id}
        value={num(range[0]) ?? null}
        precision={precision}
        disabled={disabled}
        placeholder={t('rangeStart')}
        aria-label={t('rangeStart')}
        onChange={(v) => set(0, v)}
      />
      <span className="fe-range-sep">{t('to')}</span>
      <InputNumber<number>
        value={num(range[1]) ?? null}
        precision={precision}
        disabled={disabled}
        placeholder={t('rangeEnd')}
        aria-label={t('rangeEnd')}
        onChange={(v) => set(1, v)}
      />
    </div>
  );
}

export function NumRangeView({ field, value }: ViewProps) {
  if (!Array.isArray(value) || isNumberRangeEmpty(value)) return null;
  const p = num(field.precision);
  const f = (v: unknown) => formatNumberInput(v as number | null, { precision: p });
  return <>{`${f(value[0])} ~ ${f(value[1])}`}</>;
}

/**
 * calculate: the shared parser's result, thousands and capitals; always read-only. A plain input
 * styled like antd's (a form may hold dozens, each re-rendered on every keystroke upstream).
 */
export function CalculateWidget({ field, value, id }: WidgetProps) {
  const precision = num(field.precision, 0);
  const n = typeof value === 'number' ? value : 0;
  const text = formatNumberInput(n, { precision, thousands: !!field.thousands });
  return (
    <div className="fe-number">
      <input
        id={id}
        className="fe-calc"
        value={text}
        readOnly
        aria-label={field.__config__.label}
        data-calc={field.__vModel__}
      />
      {field.isAmountChinese ? <Capitals value={n} /> : null}
    </div>
  );
}

export function CalculateView({ field, value }: ViewProps) {
  const precision = num(field.precision, 0);
  const n = typeof value === 'number' ? value : 0;
  return (
    <>
      {formatNumberInput(n, { precision, thousands: !!field.thousands })}
      {field.isAmountChinese ? <Capitals value={n} /> : null}
    </>
  );
}

// ---------------------------------------------------------------------------------------------- choices

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

// ---------------------------------------------------------------------------------------------- small

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

export function RateWidget({ field, value, onChange, disabled, id }: WidgetProps) {
  return (
    <Rate
      id={id}
      value={num(value, 0)}
      count={num(field.count, 5)}
      allowHalf={!!field.allowHalf}
      disabled={disabled}
      onChange={(v) => onChange(v)}
    />
  );
}

export function RateView({ field, value }: ViewProps) {
  return <Rate value={num(value, 0)} count={num(field.count, 5)} allowHalf={!!field.allowHalf} disabled />;
}

export function SliderWidget({ field, value, onChange, disabled, id }: WidgetProps) {
  const range = !!field.range;
  const common = { id, min: num(field.min, 0), max: num(field.max, 100), step: num(field.step, 1), disabled };
  // The handles are what the keyboard and screen readers reach: they carry the field's label.
  const label = field.__config__?.label ?? '';
  return range ? (
    <Slider
      {...common}
      ariaLabelForHandle={[label, label]}
      range
      value={(Array.isArray(value) ? value : [0, 0]) as [number, number]}
      onChange={(v) => onChange(v)}
    />
  ) : (
    <Slider {...common} ariaLabelForHandle={label} value={num(value, 0)} onChange={(v) => onChange(v)} />
  );
}

export function SliderView({ value }: ViewProps) {
  return <>{Array.isArray(value) ? value.join(' ~ ') : str(value)}</>;
}

// ---------------------------------------------------------------------------------------------- dates

/** yyyy gives year, yyyy-MM month, yyyy-MM-dd date, anything else datetime (widgets.md §4). */
export function pickerOf(format: string): 'year' | 'month' | 'date' | 'datetime' {
  if (format === 'yyyy' || format === 'YYYY') return 'year';
  if (/^(yyyy|YYYY)-MM$/.test(format)) return 'month';
  if (/^(yyyy|YYYY)-MM-(dd|DD)$/.test(format)) return 'date';
  return 'datetime';
}

const dayjsFormat = (format: string) => format.replace(/yyyy/g, 'YYYY').replace(/dd/g, 'DD');

function formatOf(field: WidgetProps['field'], fallback: string): string {
  return typeof field.format === 'string' && field.format ? field.format : fallback;
}

const toDay = (v: unknown): Dayjs | null => (typeof v === 'number' || (typeof v === 'string' && v) ? dayjs(v) : null);

function limits(field: WidgetProps['field']) {
  const start = toDay(field.startTime);
  const end = toDay(field.endTime);
  return { start, end, inverted: !!start && !!end && start.isAfter(end) };
}

/** On the start and end days of a datetime picker, the time part is bounded too (widgets.md §5). */
export function boundaryTime(day: Dayjs | null, start: Dayjs | null, end: Dayjs | null) {
  const clock = (d: Dayjs) => d.format('HH:mm:ss');
  const onStart = !!day && !!start && day.isSame(start, 'day');
  const onEnd = !!day && !!end && day.isSame(end, 'day');
  return timeLimits({
    __config__: { jnpfKey: 'time' },
    startTime: onStart && start ? clock(start) : undefined,
    endTime: onEnd && end ? clock(end) : undefined,
  }).disabledTime();
}

/** date: stores timestamps; dates outside the start/end range are disabled; read-only when start > end. */
export function DateWidget(props: WidgetProps) {
  const { field, value, onChange, disabled, id } = props;
  const { t } = useFormEngineTranslation();
  const format = formatOf(field, 'yyyy-MM-dd');
  const picker = pickerOf(format);
  const { start, end, inverted } = limits(field);
  const unit = picker === 'year' ? 'year' : picker === 'month' ? 'month' : 'day';
  return (
    <DatePicker
      id={id}
      style={{ width: '100%' }}
      value={toDay(value)}
      format={dayjsFormat(format)}
      picker={picker === 'datetime' ? 'date' : picker}
      showTime={picker === 'datetime'}
      disabled={disabled || inverted}
      placeholder={placeholderOf(props, t('pleaseSelect'))}
      disabledDate={(d) => (!!start && d.isBefore(start, unit)) || (!!end && d.isAfter(end, unit))}
      disabledTime={picker === 'datetime' ? (d) => boundaryTime(d, start, end) : undefined}
      onChange={(d) => onChange(d ? d.valueOf() : undefined)}
    />
  );
}

export function dateText(value: unknown, format: string): string {
  if (value === null || value === undefined || value === '') return '';
  const d = typeof value === 'number' ? value : Date.parse(String(value));
  return Number.isNaN(d) ? str(value) : formatDate(d, format.replace(/dd/g, 'DD'));
}

export function DateView({ field, value }: ViewProps) {
  return <>{dateText(value, formatOf(field, 'yyyy-MM-dd'))}</>;
}

/** Start/end times get :00 seconds appended when missing (widgets.md §5). */
export function withSeconds(time: string): string {
  return /^\d{1,2}:\d{2}$/.test(time) ? `${time}:00` : time;
}

const secondsOf = (time: string): number => {
  const [h = 0, m = 0, s = 0] = withSeconds(time).split(':').map(Number);
  return h * 3600 + m * 60 + s;
};

/**
 * A time picker's limits: the field's startTime / endTime (default 00:00:00 to 23:59:59, seconds
 * appended), whether it is read-only (start later than end), and antd's disabledTime for them.
 */
export function timeLimits(field: WidgetProps['field']) {
  const start = secondsOf(typeof field.startTime === 'string' && field.startTime ? field.startTime : '00:00:00');
  const end = secondsOf(typeof field.endTime === 'string' && field.endTime ? field.endTime : '23:59:59');
  const range = (n: number) => Array.from({ length: n }, (_, i) => i);
  const outside = (from: number, width: number, to: (i: number) => number) =>
    range(width).filter((i) => {
      const lo = to(i);
      const hi = lo + from - 1;
      return hi < start || lo > end;
    });
  return {
    inverted: start > end,
    disabledTime: () => ({
      disabledHours: () => outside(3600, 24, (h) => h * 3600),
      disabledMinutes: (h: number) => outside(60, 60, (m) => h * 3600 + m * 60),
      disabledSeconds: (h: number, m: number) => outside(1, 60, (s) => h * 3600 + m * 60 + s),
    }),
  };
}

/** time: the value is the text in the format (default HH:mm:ss), within the start/end limits. */
export function TimeWidget(props: WidgetProps) {
  const { field, value, onChange, disabled, id } = props;
  const { t } = useFormEngineTranslation();
  const format = formatOf(field, 'HH:mm:ss');
  const { inverted, disabledTime } = timeLimits(field);
  return (
    <TimePicker
      id={id}
      style={{ width: '100%' }}
      value={typeof value === 'string' && value ? dayjs(value, format) : null}
      format={format}
      disabled={disabled || inverted}
      disabledTime={disabledTime}
      placeholder={placeholderOf(props, t('pleaseSelect'))}
      onChange={(d) => onChange(d ? d.format(format) : undefined)}
    />
  );
}

export function TextView({ value }: ViewProps) {
  if (Array.isArray(value)) return <>{value.map(str).join(',')}</>;
  return <>{str(value)}</>;
}

/** dateRange: two timestamps, month / date / datetime by the format, in range mode. */
export function DateRangeWidget(props: WidgetProps) {
  const { field, value, onChange, disabled, id } = props;
  const { t } = useFormEngineTranslation();
  const format = formatOf(field, 'yyyy-MM-dd');
  const picker = pickerOf(format);
  const range = Array.isArray(value) ? value : [];
  return (
    <DatePicker.RangePicker
      id={id}
      style={{ width: '100%' }}
      value={[toDay(range[0]), toDay(range[1])]}
      format={dayjsFormat(format)}
      picker={picker === 'datetime' || picker === 'year' ? (picker === 'year' ? 'month' : 'date') : picker}
      showTime={picker === 'datetime'}
      disabled={disabled}
      // widgets.md §5: in year format only January can be picked.
      disabledDate={picker === 'year' ? (d) => d.month() !== 0 : undefined}
      placeholder={[t('startPlaceholder'), t('endPlaceholder')]}
      onChange={(d) => onChange(d ? [d[0]?.valueOf() ?? null, d[1]?.valueOf() ?? null] : [])}
    />
  );
}

export function DateRangeView({ field, value }: ViewProps) {
  if (!Array.isArray(value) || value.length === 0) return null;
  const format = formatOf(field, 'yyyy-MM-dd');
  return <>{`${dateText(value[0], format)} ~ ${dateText(value[1], format)}`}</>;
}

export function TimeRangeWidget(props: WidgetProps) {
  const { field, value, onChange, disabled, id } = props;
  const { t } = useFormEngineTranslation();
  const format = formatOf(field, 'HH:mm:ss');
  const range = Array.isArray(value) ? value : [];
  const day = (v: unknown) => (typeof v === 'string' && v ? dayjs(v, format) : null);
  return (
    <TimePicker.RangePicker
      id={id}
      style={{ width: '100%' }}
      value={[day(range[0]), day(range[1])]}
      format={format}
      disabled={disabled}
      placeholder={[t('startPlaceholder'), t('endPlaceholder')]}
      onChange={(d) => onChange(d ? [d[0]?.format(format) ?? '', d[1]?.format(format) ?? ''] : [])}
    />
  );
}

export function RangeTextView({ value }: ViewProps) {
  if (!Array.isArray(value) || value.length === 0) return null;
  return <>{value.map(str).join(' ~ ')}</>;
}
