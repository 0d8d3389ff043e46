import {
  formatNumberInput,
  isNumberRangeEmpty,
  parseNumberText,
  thousandsFormat,
  toChineseAmount,
} from '@platform/shared';
import InputNumber from 'antd/es/input-number';
import Rate from 'antd/es/rate';
import Slider from 'antd/es/slider';
import { useFormEngineTranslation } from '../i18n.ts';
import { num, placeholderOf, str, withAddons } from './inputs.tsx';
import type { ViewProps, WidgetProps } from './types.ts';

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
