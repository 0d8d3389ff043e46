import type { SendMessageConfigInfo } from '@platform/shared';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton, CrudPage, useCrudQuery } from '../../../shared/components/index.ts';
import { sendConfigApi } from '../api.ts';
import { SendConfigForm } from '../components/SendConfigForm.tsx';
import { TestSendDialog } from '../components/TestSendDialog.tsx';
import { useMessageKinds } from '../message-kinds.tsx';

const initialSearch: { keyword: string; messageSource?: string } = { keyword: '' };

/** 发送配置: which templates go out through which channels; state switch, copy, delete and 测试发送. */
export default function SendConfigPage() {
  const { t } = useTranslation('sendConfig');
  const kinds = useMessageKinds<SendMessageConfigInfo>(t);
  const { typeName } = kinds;
  const [testing, setTesting] = useState<SendMessageConfigInfo | null>(null);
  const crud = useCrudQuery<SendMessageConfigInfo, typeof initialSearch>({
    queryKey: ['sendConfig', 'list'],
    fetch: (params, signal) => sendConfigApi.list(params, signal),
    initialSearch,
  });
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
    kinds.sourceColumn,
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
      filters={kinds.sourceFilter}
      actions={<AddButton onClick={() => crud.open({})} />}
    >
      <SendConfigForm {...crud.form} types={kinds.types} sources={kinds.sources} />
      <TestSendDialog config={testing} types={typeName} onClose={() => setTesting(null)} />
    </CrudPage>
  );
}
