import { useQuery } from '@tanstack/react-query';
import Select from 'antd/es/select';
import { useState } from 'react';
import { searchContacts } from './api.ts';

export interface ContactOption {
  value: string;
  label: string;
}

/**
 * A form field choosing people (their ids) from the contact list, searched on the server as one
 * types; `chosen` names people already chosen whom the search has not found (an edited entry's).
 * It asks only while `active` (its dialog open).
 */
export function ContactSelect({
  active,
  chosen = [],
  placeholder,
  ...field
}: {
  active: boolean;
  chosen?: ContactOption[];
  placeholder: string;
  id?: string;
  value?: string[];
  onChange?: (ids: string[]) => void;
}) {
  const [keyword, setKeyword] = useState('');
  const people = useQuery({
    queryKey: ['contacts', 'search', keyword],
    queryFn: () => searchContacts(keyword),
    enabled: active,
  });
  const found = (people.data?.list ?? []).map((p) => ({ value: p.id, label: `${p.realName}/${p.account}` }));
  const options = [...found, ...chosen.filter((p) => !found.some((f) => f.value === p.value))];
  return (
    <Select
      {...field}
      mode="multiple"
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      placeholder={placeholder}
      options={options}
      loading={people.isFetching}
    />
  );
}
