import Form from 'antd/es/form';
import Select from 'antd/es/select';
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
