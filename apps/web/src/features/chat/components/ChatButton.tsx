import { MessageOutlined } from '@ant-design/icons';
import Badge from 'antd/es/badge';
import Tooltip from 'antd/es/tooltip';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageSocket, startMessageSocket } from '../../../shared/api/ws.ts';
import { i18n } from '../../../shared/i18n/index.ts';
import { useSession } from '../../../shared/session/store.ts';
import { totalUnread, useChat } from '../chat-store.ts';
import '../chat-button.css';

const ChatDrawer = lazy(async () => {
  const [module] = await Promise.all([import('./ChatDrawer.tsx'), i18n.loadNamespaces('chat')]);
  return module;
});

/**
 * The navbar's chat icon (shell.md §2.5): it twinkles while any conversation has unread messages;
 * a click opens the 内部聊天 drawer. Mounting it opens the app's socket.
 */
export function ChatButton() {
  const { t } = useTranslation('shell');
  const unread = useChat((s) => totalUnread(s.unread));
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    startMessageSocket();
    return messageSocket.subscribe('*', (frame) =>
      useChat.getState().onFrame(frame, String(useSession.getState().userInfo?.userId ?? '')),
    );
  }, []);

  const label = t('chat');
  return (
    <>
      <Tooltip title={label} placement="bottom">
        <button
          type="button"
          className={`shell-icon-button chat-button ${unread > 0 ? 'chat-twinkle' : ''}`}
          aria-label={label}
          data-testid="chat-button"
          data-unread={unread}
          onClick={() => {
            setLoaded(true);
            setOpen(true);
          }}
        >
          <Badge dot={unread > 0} size="small" offset={[-2, 2]}>
            <MessageOutlined />
          </Badge>
        </button>
      </Tooltip>
      {loaded && (
        <Suspense fallback={null}>
          <ChatDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
