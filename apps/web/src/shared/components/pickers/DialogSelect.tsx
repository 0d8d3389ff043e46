import Select from 'antd/es/select';
import type { MouseEvent } from 'react';
import { useComponentsTranslation } from '../i18n.ts';

/**
 * The field of a picker that chooses in a dialog: what was picked as tags, each removable, and the
 * clear button; a click anywhere else in it, Enter, space or ArrowDown opens the dialog (the field
 * never opens a dropdown of its own). Full width unless `className` places it (a search bar).
 */
export function DialogSelect({
  id,
  value,
  options,
  placeholder,
  disabled,
  clearable,
  className,
  onChange,
  onOpen,
}: {
  id?: string | undefined;
  value: string[];
  options: { value: string; label: string }[];
  placeholder?: string | undefined;
  disabled?: boolean | undefined;
  clearable: boolean;
  className?: string;
  onChange: (value: string[]) => void;
  onOpen: () => void;
}) {
  const { t } = useComponentsTranslation();
  // Deleting a tag or clearing is a click inside the field too; it must not open the dialog.
  const openOnClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    if (disabled || target?.closest('.ant-select-clear, .ant-select-selection-item-remove')) return;
    onOpen();
  };
  return (
    <Select
      id={id}
      mode="multiple"
      open={false}
      value={value}
      options={options}
      placeholder={placeholder ?? t('pleaseSelect')}
      disabled={disabled}
      allowClear={clearable}
      onChange={onChange}
      onClick={openOnClick}
      onKeyDown={(event) => {
        if (disabled || !['Enter', ' ', 'ArrowDown'].includes(event.key)) return;
        event.preventDefault();
        onOpen();
      }}
      suffixIcon={null}
      className={className}
      style={className ? undefined : { width: '100%' }}
    />
  );
}
