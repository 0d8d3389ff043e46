import ColorPicker from 'antd/es/color-picker';
import type { WidgetProps } from './types.ts';

/** colorPicker: the value is the colour's hex text (or rgb with alpha); loaded on first use. */
export default function ColorField({ field, value, onChange, disabled, id }: WidgetProps) {
  const alpha = !!field['show-alpha'] || !!field.showAlpha;
  return (
    <span id={id}>
      <ColorPicker
        value={typeof value === 'string' && value ? value : undefined}
        disabled={disabled}
        disabledAlpha={!alpha}
        allowClear
        showText
        onChange={(color) => onChange(alpha ? color.toRgbString() : color.toHexString())}
        onClear={() => onChange(undefined)}
      />
    </span>
  );
}
