import { maskText } from '@platform/shared';
import Input from 'antd/es/input';
import { type ReactNode, useState } from 'react';
import { useFormEngineTranslation } from '../i18n.ts';
import type { ViewProps, WidgetProps } from './types.ts';

export const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
export const num = (v: unknown, fallback?: number): number | undefined => (typeof v === 'number' ? v : fallback);

export function placeholderOf(props: WidgetProps, fallback: string): string {
  return typeof props.field.placeholder === 'string' && props.field.placeholder ? props.field.placeholder : fallback;
}

/** The mask settings of an input (useMask + maskConfig). */
function maskOf(field: WidgetProps['field']) {
  return field.useMask ? ((field.maskConfig ?? {}) as Record<string, unknown>) : null;
}

// ---------------------------------------------------------------------------------------------- input

/** Text before and after a control (addonBefore / addonAfter, or the slot's prepend / append). */
export function withAddons(control: ReactNode, before: string, after: string): ReactNode {
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

/** Text as stored; a list's items joined by commas. */
export function TextView({ value }: ViewProps) {
  if (Array.isArray(value)) return <>{value.map(str).join(',')}</>;
  return <>{str(value)}</>;
}
