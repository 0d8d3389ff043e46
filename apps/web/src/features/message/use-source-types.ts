import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { messageApi } from './api.ts';

const builtIn = ['1', '2', '3', '4'];

/** The type filter: the msgSourceType dictionary, else the four built-in types, after 'all'. */
export function useSourceTypeOptions(): { value: string; label: string }[] {
  const { t } = useTranslation('message');
  const dictionary = useQuery({
    queryKey: ['dictionary', 'msgSourceType'],
    queryFn: messageApi.sourceTypes,
    staleTime: 5 * 60_000,
  });
  const entries = dictionary.data?.length
    ? dictionary.data.map((d) => ({ value: d.enCode, label: d.fullName }))
    : builtIn.map((code) => ({ value: code, label: t(`types.${code}`) }));
  return [{ value: '', label: t('all') }, ...entries];
}
