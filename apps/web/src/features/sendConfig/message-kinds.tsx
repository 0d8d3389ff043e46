import type { ColumnType } from 'antd/es/table';
import { useMemo } from 'react';
import { useDictionaryOptions } from '../../shared/api/dictionaries.ts';
import { DictionaryFilter } from '../../shared/components/index.ts';

const labels = (options: { value: string; label: string }[]) =>
  new Map(options.map((option) => [option.value, option.label]));

/**
 * The message channels (the msgSendType dictionary) and sources (msgSourceType) as options and
 * names, with the source column and filter that both message lists (templates, send
 * configurations) show.
 */
export function useMessageKinds<Row>(t: (key: 'messageSource' | 'allSources') => string) {
  const types = useDictionaryOptions('msgSendType', 'enCode');
  const sources = useDictionaryOptions('msgSourceType', 'enCode');
  const typeName = useMemo(() => labels(types.options), [types.options]);
  const sourceName = useMemo(() => labels(sources.options), [sources.options]);
  const sourceColumn: ColumnType<Row> = {
    title: t('messageSource'),
    dataIndex: 'messageSource',
    key: 'messageSource',
    width: 100,
    render: (code: string | null) => (code ? (sourceName.get(code) ?? code) : ''),
  };
  return {
    types: types.options,
    sources: sources.options,
    typeName,
    sourceColumn,
    sourceFilter: (
      <DictionaryFilter
        name="messageSource"
        label={t('messageSource')}
        placeholder={t('allSources')}
        dictionary="msgSourceType"
        value="enCode"
      />
    ),
  };
}
