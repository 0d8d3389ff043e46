import type { ImConversation, ListData } from '@platform/shared';
import { type UseQueryResult, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import Avatar from 'antd/es/avatar';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Dropdown from 'antd/es/dropdown';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import Tabs from 'antd/es/tabs';
import { type UIEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';
import { useSession } from '../../../shared/session/store.ts';
import { useToast } from '../../../shared/toast.tsx';
import { chatApi } from '../api.ts';
import { contactScrollThreshold } from '../chat-rules.ts';
import { useChat } from '../chat-store.ts';
import { latestPreview } from './ChatContent.tsx';
import { type ChatPeer, ChatWindow } from './ChatWindow.tsx';
import '../chat.css';

function Presence({ userId }: { userId: string }) {
  const online = useChat((s) => s.online.has(userId));
  return <span className={`chat-dot ${online ? 'online' : ''}`} />;
}

/** The 内部聊天 drawer (shell.md §2.8), 280 px: conversations and contacts. */
export default function ChatDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('chat');
  const toast = useToast();
  const [modal, modalHolder] = Modal.useModal();
  const me = String(useSession((s) => s.userInfo?.userId) ?? '');
  const version = useChat((s) => s.version);
  const [tab, setTab] = useState('messages');
  const [peer, setPeer] = useState<ChatPeer | null>(null);

  const conversations = useQuery({
    queryKey: ['chat', 'conversations'],
    queryFn: chatApi.conversations,
    enabled: open,
  });
  const { refetch } = conversations;
  useEffect(() => {
    if (open && version > 0) void refetch();
  }, [version, open, refetch]);

  // The chat window takes over from the drawer (the drawer's focus trap would hold the keyboard).
  const openChat = (row: ChatPeer) => {
    setPeer(row);
    onClose();
  };

  const removeConversation = async (row: ImConversation) => {
    const answer = await chatApi.removeConversation(row.id);
    toast.success({ content: answer.msg, duration: 1.5 });
    useChat.getState().clearUnread(row.id);
    void refetch();
  };

  const clearHistory = (row: ImConversation) =>
    modal.confirm({
      title: t('confirmTitle'),
      content: t('clearConfirm'),
      okText: t('ok'),
      cancelText: t('cancel'),
      onOk: async () => {
        const answer = await chatApi.deleteHistory(row.id);
        toast.success({ content: answer.msg, duration: 1.5 });
        useChat.getState().clearUnread(row.id);
        if (useChat.getState().activeUserId === row.id) useChat.getState().setLines([]);
        void refetch();
      },
    });

  return (
    <>
      <Drawer
        open={open}
        onClose={onClose}
        title={t('title')}
        size={280}
        placement="right"
        className="chat-drawer"
        styles={{ body: { padding: '0 8px', display: 'flex', flexDirection: 'column' } }}
      >
        {modalHolder}
        <Tabs
          activeKey={tab}
          onChange={setTab}
          centered
          className="chat-tabs"
          items={[
            {
              key: 'messages',
              label: t('messages'),
              children: (
                <ConversationList
                  conversations={conversations}
                  onOpen={openChat}
                  onRemove={(row) => void removeConversation(row).catch(() => undefined)}
                  onClearHistory={clearHistory}
                />
              ),
            },
            {
              key: 'contacts',
              label: t('contacts'),
              children: <ContactList enabled={open && tab === 'contacts'} onOpen={openChat} />,
            },
          ]}
        />
      </Drawer>
      {peer && (
        <ChatWindow
          key={peer.id}
          me={me}
          peer={peer}
          onClose={() => {
            setPeer(null);
            void refetch();
          }}
        />
      )}
    </>
  );
}

/** The 消息 tab: the conversations, newest first, each with its unread count; a right click removes one or clears its history. */
function ConversationList({
  conversations,
  onOpen,
  onRemove,
  onClearHistory,
}: {
  conversations: UseQueryResult<ListData<ImConversation>>;
  onOpen: (row: ChatPeer) => void;
  onRemove: (row: ImConversation) => void;
  onClearHistory: (row: ImConversation) => void;
}) {
  const { t } = useTranslation('chat');
  const unread = useChat((s) => s.unread);
  return conversations.isError ? (
    <Result
      status="warning"
      title={t('loadFailed')}
      extra={
        <Button size="small" onClick={() => void conversations.refetch()}>
          {t('retry')}
        </Button>
      }
    />
  ) : conversations.isPending ? (
    <div className="chat-center">
      <Spin />
    </div>
  ) : !conversations.data?.list.length ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
  ) : (
    <div className="chat-list" data-testid="chat-conversations">
      {conversations.data.list.map((row) => {
        const count = unread[row.id] ?? 0;
        return (
          <Dropdown
            key={row.id}
            trigger={['contextMenu']}
            menu={{
              items: [
                { key: 'remove', label: t('remove') },
                { key: 'history', label: t('deleteHistory'), danger: true },
              ],
              onClick: ({ key }) => {
                if (key === 'remove') onRemove(row);
                else onClearHistory(row);
              },
            }}
          >
            <button type="button" className="chat-row" onClick={() => onOpen(row)}>
              <Badge count={count} size="small" overflowCount={99}>
                <Avatar size={36} src={row.headIcon || undefined}>
                  {row.realName.slice(0, 1)}
                </Avatar>
              </Badge>
              <span className="chat-row-text">
                <span className="chat-row-head">
                  <span className="chat-row-name">
                    <Presence userId={row.id} />
                    {row.realName}
                  </span>
                  <span className="chat-row-time">{formatDateTime(row.latestDate).slice(5, 16)}</span>
                </span>
                <span className="chat-row-latest">{latestPreview(row.messageType, row.latestMessage, t)}</span>
              </span>
            </button>
          </Dropdown>
        );
      })}
    </div>
  );
}

/** The 联系人 tab: the contacts, searched by keyword, a page more as the list scrolls to its end. */
function ContactList({ enabled, onOpen }: { enabled: boolean; onOpen: (row: ChatPeer) => void }) {
  const { t } = useTranslation('chat');
  const [keywordInput, setKeywordInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const contacts = useInfiniteQuery({
    queryKey: ['chat', 'contacts', keyword],
    queryFn: ({ pageParam, signal }) => chatApi.contacts(keyword, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, p) => sum + p.list.length, 0);
      return loaded < last.pagination.total && last.list.length > 0 ? pages.length + 1 : undefined;
    },
    enabled,
  });
  const contactRows = contacts.data?.pages.flatMap((p) => p.list) ?? [];

  const onContactScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    if (
      el.scrollHeight - el.scrollTop - el.clientHeight <= contactScrollThreshold &&
      contacts.hasNextPage &&
      !contacts.isFetchingNextPage
    ) {
      void contacts.fetchNextPage();
    }
  };

  return (
    <div className="chat-contacts">
      <Input.Search
        size="small"
        allowClear
        placeholder={t('searchContacts')}
        aria-label={t('searchContacts')}
        value={keywordInput}
        onChange={(e) => {
          setKeywordInput(e.target.value);
          if (!e.target.value) setKeyword('');
        }}
        onSearch={(value) => setKeyword(value.trim())}
      />
      <div className="chat-list" onScroll={onContactScroll} data-testid="chat-contacts">
        {contacts.isError ? (
          <Result status="warning" title={t('loadFailed')} />
        ) : contacts.isPending ? (
          <div className="chat-center">
            <Spin />
          </div>
        ) : contactRows.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
        ) : (
          <>
            {contactRows.map((row) => (
              <button type="button" key={row.id} className="chat-row" onClick={() => onOpen(row)}>
                <Avatar size={36} src={row.headIcon || undefined}>
                  {row.realName.slice(0, 1)}
                </Avatar>
                <span className="chat-row-text">
                  <span className="chat-row-name">
                    <Presence userId={row.id} />
                    {row.realName}/{row.account}
                  </span>
                  <span className="chat-row-latest">{row.department}</span>
                </span>
              </button>
            ))}
            <div className="chat-center">
              {contacts.isFetchingNextPage ? <Spin size="small" /> : contacts.hasNextPage ? null : t('noMore')}
            </div>
          </>
        )}
      </div>
    </div>
  );
}
