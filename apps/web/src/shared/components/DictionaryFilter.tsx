import Form from 'antd/es/form';
import Select from 'antd/es/select';
import type { ColumnType } from 'antd/es/table';
import { type ReactElement, useMemo } from 'react';
import { useDictionaryOptions } from '../api/dictionaries.ts';

/**
 * A list filter on one dictionary's entries (every entry when cleared), from the one cached
 * `DictionaryData/All`; the filter's value is the entry's id or its code, as the list expects.
 */
export function DictionaryFilter({
  name,
  label,
  placeholder,
  dictionary,
  value,
  width = 140,
}: {
  name: string;
  label: string;
  placeholder: string;
  /** The dictionary's enCode (businessType, msgSendType ...). */
  dictionary: string;
  value: 'id' | 'enCode';
  width?: number;
}) {
  const { options, loading } = useDictionaryOptions(dictionary, value);
  return (
    <Form.Item name={name} label={label}>
      <Select allowClear style={{ width }} placeholder={placeholder} options={options} loading={loading} />
    </Form.Item>
  );
}

/**
 * The category of a list page's rows when it is an entry of one dictionary (code rules, data
 * interfaces, print templates): the entries as options (for the record's form), the `category`
 * column naming a row's entry, and the list's filter on it.
 */
export function useDictionaryCategory<Row>({
  dictionary,
  value,
  filterName = 'category',
  label,
  placeholder,
}: {
  dictionary: string;
  value: 'id' | 'enCode';
  /** The list query's field the filter sets. */
  filterName?: string;
  label: string;
  placeholder: string;
}): { options: { value: string; label: string }[]; column: ColumnType<Row>; filter: ReactElement } {
  const { options } = useDictionaryOptions(dictionary, value);
  const names = useMemo(() => new Map(options.map((option) => [option.value, option.label])), [options]);
  return {
    options,
    column: {
      title: label,
      dataIndex: 'category',
      key: 'category',
      width: 120,
      render: (entry: string) => names.get(entry) ?? entry,
    },
    filter: (
      <DictionaryFilter
        name={filterName}
        label={label}
        placeholder={placeholder}
        dictionary={dictionary}
        value={value}
        width={160}
      />
    ),
  };
}
