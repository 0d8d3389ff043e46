import type { MessageRow } from '@platform/shared';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage, ListTable, RefreshButton, SearchBar } from '../../../shared/components/ListPage.tsx';
import { useListQuery } from '../../../shared/components/list.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { useToast } from '../../../shared/toast.tsx';
import { messageApi } from '../api.ts';
import { refreshUnread, useMessageOpener } from '../components/MessageOpener.tsx';
import { MessageTypeIcon } from '../components/type-icon.tsx';
import { useMessageUnread } from '../unread-store.ts';
import { useSourceTypeOptions } from '../use-source-types.ts';

interface Search {
  keyword: string;
  type: string;
  isRead: string;
}
const initialSearch: Search = { keyword: '', type: '', isRead: '' };

/** /messageRecord (shell.md §2.2): every message of the user, with filters, read-all and delete. */
export default function MessageRecordPage() {
  const { t } = useTranslation('message');
  const toast = useToast();
  const [modal, modalHolder] = Modal.useModal();
  const typeOptions = useSourceTypeOptions();
  const opener = useMessageOpener();
  const [selected, setSelected] = useState<string[]>([]);
  const pushes = useMessageUnread((s) => s.pushes);
  const list = useListQuery<MessageRow, Search>({
    queryKey: ['message', 'record'],
    fetch: (params, signal) => messageApi.list(params, signal),
    initialSearch,
  });
  const { refetch } = list;
  useEffect(() => {
    if (pushes > 0) refetch();
  }, [pushes, refetch]);

  const typeLabel = useMemo(() => new Map(typeOptions.map((o) => [o.value, o.label])), [typeOptions]);

  const remove = (ids: string[]) => {
    if (!ids.length) {
      toast.warning(t('record.selectFirst'));
      return;
    }
    modal.confirm({
      title: t('confirmTitle'),
      content: t('record.removeConfirm'),
      okText: t('ok'),
      cancelText: t('cancel'),
      onOk: async () => {
        const answer = await messageApi.removeRecords(ids);
        toast.success({ content: answer.msg, duration: 1.5 });
        setSelected([]);
        refreshUnread();
        refetch();
      },
    });
  };

  const readAll = () =>
    modal.confirm({
      title: t('confirmTitle'),
      content: t('readAllConfirm'),
      okText: t('ok'),
      cancelText: t('cancel'),
      onOk: async () => {
        const { keyword, type, isRead } = list.state.search;
        const answer = await messageApi.readAll({ keyword: keyword.trim(), type: type as '', isRead: isRead as '' });
        toast.success({ content: answer.msg, duration: 1.5 });
        refreshUnread();
        refetch();
      },
    });

  return (
    <ListPage
      search={
        <SearchBar values={list.state.search} onSearch={list.search} onReset={list.reset}>
          <Form.Item name="type" label={t('record.type')}>
            <Select options={typeOptions} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="isRead" label={t('record.status')}>
            <Select
              style={{ width: 120 }}
              options={[
                { value: '', label: t('all') },
                { value: '0', label: t('unread') },
                { value: '1', label: t('read') },
              ]}
            />
          </Form.Item>
        </SearchBar>
      }
      actions={
        <>
          <Button type="primary" onClick={readAll}>
            {t('readAll')}
          </Button>
          <Button danger onClick={() => remove(selected)}>
            {t('record.removeSelected')}
          </Button>
        </>
      }
      tools={<RefreshButton onClick={refetch} loading={list.loading} />}
    >
      {modalHolder}
      <ListTable<MessageRow>
        loading={list.loading}
        error={list.error}
        onRetry={refetch}
        dataSource={list.rows}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
        columns={recordColumns({
          t,
          typeLabel,
          onOpen: (id) => void opener.open(id).catch(() => undefined),
          onRemove: (id) => remove([id]),
        })}
        paging={{
          currentPage: list.state.currentPage,
          pageSize: list.state.pageSize,
          total: list.total,
          onChange: list.setPage,
        }}
      />
      {opener.dialogs}
    </ListPage>
  );
}

/** The record table's columns: title (opens the message), type, sender, time, read state, actions. */
function recordColumns({
  t,
  typeLabel,
  onOpen,
  onRemove,
}: {
  t: TFunction<'message'>;
  typeLabel: ReadonlyMap<string, string>;
  onOpen: (id: string) => void;
  onRemove: (id: string) => void;
}): ColumnsType<MessageRow> {
  return [
    {
      title: t('record.messageTitle'),
      dataIndex: 'title',
      render: (title: string, row) => (
        <Space>
          <MessageTypeIcon type={row.type} />
          <Button type="link" size="small" onClick={() => onOpen(row.id)}>
            {title}
          </Button>
        </Space>
      ),
    },
    {
      title: t('record.type'),
      dataIndex: 'type',
      width: 120,
      render: (type: number) => typeLabel.get(String(type)) ?? type,
    },
    { title: t('record.releaseUser'), dataIndex: 'releaseUser', width: 140 },
    {
      title: t('record.releaseTime'),
      dataIndex: 'releaseTime',
      width: 170,
      render: (v: number) => formatDateTime(v),
    },
    {
      title: t('record.status'),
      dataIndex: 'isRead',
      width: 90,
      render: (isRead: string) => (isRead === '1' ? <Tag>{t('read')}</Tag> : <Tag color="red">{t('unread')}</Tag>),
    },
    {
      title: t('record.actions'),
      key: 'actions',
      width: 130,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => onOpen(row.id)}>
            {t('record.view')}
          </Button>
          <Button type="link" size="small" danger onClick={() => onRemove(row.id)}>
            {t('record.remove')}
          </Button>
        </Space>
      ),
    },
  ];
}
