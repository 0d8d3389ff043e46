import type { SendMessageConfigInfo } from '@platform/shared';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictionaryOptions } from '../../../shared/api/dictionaries.ts';
import { AddButton, CrudPage, DictionaryFilter, useCrudList, useListQuery } from '../../../shared/components/index.ts';
import { sendConfigApi } from '../api.ts';
import { SendConfigForm } from '../components/SendConfigForm.tsx';
import { TestSendDialog } from '../components/TestSendDialog.tsx';

const initialSearch: { keyword: string; messageSource?: string } = { keyword: '' };

const labels = (options: { value: string; label: string }[]) =>
  new Map(options.map((option) => [option.value, option.label]));

/** 发送配置: which templates go out through which channels; state switch, copy, delete and 测试发送. */
export default function SendConfigPage() {
  const { t } = useTranslation('sendConfig');
  const types = useDictionaryOptions('msgSendType', 'enCode');
  const sources = useDictionaryOptions('msgSourceType', 'enCode');
  const typeName = useMemo(() => labels(types.options), [types.options]);
  const sourceName = useMemo(() => labels(sources.options), [sources.options]);
  const [testing, setTesting] = useState<SendMessageConfigInfo | null>(null);
  const list = useListQuery<SendMessageConfigInfo, typeof initialSearch>({
    queryKey: ['sendConfig', 'list'],
    fetch: (params, signal) => sendConfigApi.list(params, signal),
    initialSearch,
  });
  const crud = useCrudList<SendMessageConfigInfo>(list);
  const columns: ColumnsType<SendMessageConfigInfo> = [
    { title: t('fullName'), dataIndex: 'fullName', key: 'fullName', width: 150, ellipsis: true },
    { title: t('enCode'), dataIndex: 'enCode', key: 'enCode', width: 130, ellipsis: true },
    {
      title: t('channels'),
      dataIndex: 'sendConfigTemplateList',
      key: 'channels',
      width: 200,
      render: (channels: SendMessageConfigInfo['sendConfigTemplateList']) =>
        channels.map((channel) => (
          <Tag key={channel.id} color={channel.enabledMark === 1 ? 'blue' : 'default'}>
            {typeName.get(channel.messageType) ?? channel.messageType}
          </Tag>
        )),
    },
    {
      title: t('messageSource'),
      dataIndex: 'messageSource',
      key: 'messageSource',
      width: 100,
      render: (code: string | null) => (code ? (sourceName.get(code) ?? code) : ''),
    },
    crud.columns.creatorTime,
    crud.columns.sortCode,
    crud.columns.stateSwitch({ width: 80, toggle: (row) => sendConfigApi.toggleState(row.id) }),
    crud.columns.actions({
      width: 260,
      actions: (row) => [
        { key: 'testSend', label: t('testSend'), button: 'btn_edit', onClick: () => setTesting(row) },
        crud.edit({ id: row.id }),
        crud.copy(t('copyConfirm'), () => sendConfigApi.copy(row.id)),
        crud.remove(() => sendConfigApi.remove(row.id)),
      ],
    }),
  ];
  return (
    <CrudPage
      crud={crud}
      columns={columns}
      filters={
        <DictionaryFilter
          name="messageSource"
          label={t('messageSource')}
          placeholder={t('allSources')}
          dictionary="msgSourceType"
          value="enCode"
        />
      }
      actions={<AddButton onClick={() => crud.open({})} />}
    >
      <SendConfigForm {...crud.form} types={types.options} sources={sources.options} />
      <TestSendDialog config={testing} types={typeName} onClose={() => setTesting(null)} />
    </CrudPage>
  );
}
