import type { MessageRow } from '@platform/shared';
import { type UseInfiniteQueryResult, useInfiniteQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import Switch from 'antd/es/switch';
import { type UIEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { useToast } from '../../../shared/toast.tsx';
import { messageApi, messagePageSize } from '../api.ts';
import { useMessageUnread } from '../unread-store.ts';
import { useSourceTypeOptions } from '../use-source-types.ts';
import { refreshUnread, useMessageOpener } from './MessageOpener.tsx';
import { MessageTypeIcon } from './type-icon.tsx';
import '../message.css';

/** shell.md §9: the next page loads when the list is scrolled within 200 px of its end. */
export const messageScrollThreshold = 200;

export function nearEnd(element: { scrollTop: number; scrollHeight: number; clientHeight: number }, within: number) {
  return element.scrollHeight - element.scrollTop - element.clientHeight <= within;
}

/** The 站内消息 drawer (shell.md §2.7), 280 px. */
export default function MessageDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('message');
  const navigate = useNavigate();
  const toast = useToast();
  const [modal, modalHolder] = Modal.useModal();
  const typeOptions = useSourceTypeOptions();
  const [keywordInput, setKeywordInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [type, setType] = useState('');
  // shell.md §9: the default filter is unread only.
  const [onlyUnread, setOnlyUnread] = useState(true);
  const pushes = useMessageUnread((s) => s.pushes);
  const isRead = onlyUnread ? '0' : '';
  const opener = useMessageOpener(onClose);

  const list = useInfiniteQuery({
    queryKey: ['message', 'drawer', { keyword, type, isRead }],
    queryFn: ({ pageParam, signal }) => messageApi.list({ currentPage: pageParam, keyword, type, isRead }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, p) => sum + p.list.length, 0);
      return loaded < last.pagination.total && last.list.length > 0 ? pages.length + 1 : undefined;
    },
    enabled: open,
  });
  const { refetch } = list;

  // A pushed message shows at once in an open drawer.
  useEffect(() => {
    if (open && pushes > 0) void refetch();
  }, [pushes, open, refetch]);

  const rows: MessageRow[] = list.data?.pages.flatMap((p) => p.list) ?? [];

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    if (nearEnd(event.currentTarget, messageScrollThreshold) && list.hasNextPage && !list.isFetchingNextPage) {
      void list.fetchNextPage();
    }
  };

  const readAll = () =>
    modal.confirm({
      title: t('confirmTitle'),
      content: t('readAllConfirm'),
      okText: t('ok'),
      cancelText: t('cancel'),
      onOk: async () => {
        // shell.md §4: mark-all-read respects the current keyword, type and isRead filter.
        const answer = await messageApi.readAll({ keyword: keyword.trim(), type: type as '', isRead: isRead as '' });
        toast.success({ content: answer.msg, duration: 1.5 });
        refreshUnread();
        void refetch();
      },
    });

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('title')}
      size={280}
      placement="right"
      className="message-drawer"
      styles={{ body: { padding: 0, display: 'flex', flexDirection: 'column' } }}
      footer={
        <div className="message-drawer-footer">
          <Button type="link" size="small" onClick={readAll}>
            {t('readAll')}
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() => {
              onClose();
              navigate('/messageRecord');
            }}
          >
            {t('more')}
          </Button>
        </div>
      }
    >
      {modalHolder}
      <div className="message-drawer-filters">
        <Input.Search
          size="small"
          allowClear
          placeholder={t('keyword')}
          value={keywordInput}
          onChange={(e) => {
            setKeywordInput(e.target.value);
            if (!e.target.value) setKeyword('');
          }}
          onSearch={(value) => setKeyword(value.trim())}
          aria-label={t('keyword')}
        />
        <div className="message-drawer-filter-row">
          <Select
            size="small"
            value={type}
            options={typeOptions}
            onChange={setType}
            style={{ width: 120 }}
            aria-label={t('record.type')}
          />
          <span className="message-drawer-unread">
            <Switch size="small" checked={onlyUnread} onChange={setOnlyUnread} aria-label={t('onlyUnread')} />
            <span aria-hidden>{t('onlyUnread')}</span>
          </span>
        </div>
      </div>
      <MessageList
        list={list}
        rows={rows}
        loading={list.isPending && open}
        onScroll={onScroll}
        onOpen={(id) => void opener.open(id).catch(() => undefined)}
      />
      {opener.dialogs}
    </Drawer>
  );
}

/** The drawer's messages, unread ones marked, with the load, retry, empty and end-of-list states. */
function MessageList({
  list,
  rows,
  loading,
  onScroll,
  onOpen,
}: {
  list: UseInfiniteQueryResult<unknown>;
  rows: readonly MessageRow[];
  loading: boolean;
  onScroll: (event: UIEvent<HTMLDivElement>) => void;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation('message');
  return (
    <div className="message-drawer-list" onScroll={onScroll} data-testid="message-list">
      {list.isError ? (
        <Result
          status="warning"
          title={t('loadFailed')}
          extra={
            <Button size="small" onClick={() => void list.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      ) : loading ? (
        <div className="message-drawer-loading">
          <Spin />
        </div>
      ) : rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
      ) : (
        <>
          {rows.map((row) => (
            <button
              type="button"
              key={row.id}
              className={`message-item ${row.isRead === '1' ? 'read' : 'unread'}`}
              onClick={() => onOpen(row.id)}
            >
              <span className="message-item-icon">
                <MessageTypeIcon type={row.type} />
              </span>
              <span className="message-item-text">
                <span className="message-item-title">{row.title}</span>
                <span className="message-item-time">{formatDateTime(row.releaseTime)}</span>
              </span>
              {row.isRead !== '1' && <span className="message-item-dot" role="img" aria-label={t('unread')} />}
            </button>
          ))}
          <div className="message-drawer-more">
            {list.isFetchingNextPage ? (
              <Spin size="small" />
            ) : !list.hasNextPage && rows.length >= messagePageSize ? (
              t('noMore')
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}
