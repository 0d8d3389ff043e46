import { BellOutlined } from '@ant-design/icons';
import Badge from 'antd/es/badge';
import Tooltip from 'antd/es/tooltip';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageSocket, startMessageSocket } from '../../../shared/api/ws.ts';
import { i18n } from '../../../shared/i18n/index.ts';
import { messageApi } from '../api.ts';
import { badgeMax, badgeText, useMessageUnread } from '../unread-store.ts';

const MessageDrawer = lazy(async () => {
  const [module] = await Promise.all([import('./MessageDrawer.tsx'), i18n.loadNamespaces('message')]);
  return module;
});

/**
 * The navbar's notice bell (shell.md §2.5): the unread count, capped at 99, live from the socket;
 * a click opens the 站内消息 drawer. Mounting it opens the app's socket.
 */
export function MessageBell() {
  const { t } = useTranslation('shell');
  const unread = useMessageUnread((s) => s.unread);
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    startMessageSocket();
    const off = messageSocket.subscribe('*', (frame) => useMessageUnread.getState().onFrame(frame));
    // Until the socket greets us (or when it cannot), the count comes from the list call.
    messageApi.unreadCounts().then(
      (counts) => useMessageUnread.getState().set(counts.unReadNum),
      () => undefined,
    );
    return off;
  }, []);

  const label = t('notice');
  const text = badgeText(unread);
  return (
    <>
      <Tooltip title={label} placement="bottom">
        <button
          type="button"
          className="shell-icon-button"
          aria-label={text ? `${label} ${text}` : label}
          data-testid="message-bell"
          onClick={() => {
            setLoaded(true);
            setOpen(true);
          }}
        >
          <Badge count={unread} overflowCount={badgeMax} size="small">
            <BellOutlined />
          </Badge>
        </button>
      </Tooltip>
      {loaded && (
        <Suspense fallback={null}>
          <MessageDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
