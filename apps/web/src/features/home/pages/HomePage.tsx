import { UserOutlined } from '@ant-design/icons';
import type { MessageRow, ScheduleRow } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Avatar from 'antd/es/avatar';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import List from 'antd/es/list';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import dayjs from 'dayjs';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { i18n } from '../../../shared/i18n/index.ts';
import { useSession } from '../../../shared/session/store.ts';
import { MenuIcon } from '../../../shared/shell/menu-icons.tsx';
import { useMenuTitle } from '../../../shared/shell/menu-title.ts';
import { menuKey, useOpenMenu } from '../../../shared/shell/open-menu.ts';
import { useShell } from '../../../shared/shell/shell-store.ts';
import { homeApi, todayRange } from '../api.ts';
import './home.css';

const shortcutCount = 12;

function greetingKey(hour: number): string {
  if (hour < 6) return 'night';
  if (hour < 12) return 'morning';
  if (hour < 14) return 'noon';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

/**
 * A home card listing rows that all lead to one page: loading, failure and empty states, a "more"
 * link, and each row a button with its title and a right-hand note.
 */
function LinkCard<T extends { id: string }>({
  title,
  to,
  query,
  empty,
  rowTitle,
  rowMeta,
}: {
  title: string;
  to: string;
  query: { isLoading: boolean; isError: boolean; data?: T[] };
  empty: string;
  rowTitle: (row: T) => ReactNode;
  rowMeta: (row: T) => ReactNode;
}) {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const open = () => navigate(to);
  let body: ReactNode;
  if (query.isLoading) {
    body = (
      <div className="home-card-state">
        <Spin />
      </div>
    );
  } else if (query.isError) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('loadFailed')} />;
  } else if (!query.data?.length) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  } else {
    body = (
      <List
        size="small"
        dataSource={query.data}
        rowKey="id"
        renderItem={(row) => (
          <List.Item className="home-row">
            <button type="button" className="home-row-button" onClick={open}>
              <span className="home-row-title">{rowTitle(row)}</span>
              <span className="home-row-meta">{rowMeta(row)}</span>
            </button>
          </List.Item>
        )}
      />
    );
  }
  return (
    <Card
      className="home-card"
      title={title}
      extra={
        <button type="button" className="home-more" onClick={open}>
          {t('more')}
        </button>
      }
    >
      {body}
    </Card>
  );
}

/** The newest unread messages; a click opens the message record page. */
export function UnreadMessagesCard() {
  const { t } = useTranslation('home');
  const messages = useQuery({
    queryKey: ['home', 'unreadMessages'],
    queryFn: ({ signal }) => homeApi.unreadMessages(signal).then((page) => page.list),
  });
  return (
    <LinkCard<MessageRow>
      title={t('unreadMessages')}
      to="/messageRecord"
      query={messages}
      empty={t('noUnread')}
      rowTitle={(row) => row.title}
      rowMeta={(row) => formatDateTime(row.releaseTime)}
    />
  );
}

function scheduleTime(row: ScheduleRow, t: (key: string) => string): string {
  if (row.allDay) return t('allDay');
  return `${dayjs(row.startDay).format('HH:mm')} - ${dayjs(row.endDay).format('HH:mm')}`;
}

/** Today's schedule entries; a click opens the schedule page. */
export function TodayScheduleCard() {
  const { t } = useTranslation('home');
  const [start, end] = useMemo(() => todayRange(), []);
  const schedules = useQuery({
    queryKey: ['home', 'todaySchedule', start],
    queryFn: ({ signal }) =>
      homeApi.schedules(start, end, signal).then((data) => [...data.list].sort((a, b) => a.startDay - b.startDay)),
  });
  return (
    <LinkCard<ScheduleRow>
      title={t('todaySchedule')}
      to="/extend/schedule"
      query={schedules}
      empty={t('noSchedule')}
      rowTitle={(row) => (
        <>
          <span className="home-dot" style={{ background: row.color || '#1677ff' }} />
          {row.title}
          {row.urgent > 1 ? (
            <Tag color="red" style={{ marginLeft: 8 }}>
              {t('urgent')}
            </Tag>
          ) : null}
        </>
      )}
      rowMeta={(row) => scheduleTime(row, t)}
    />
  );
}

/** The portal home page, with the portal texts; loaded only for users who have a portal. */
const PortalHome = lazy(async () => {
  const [module] = await Promise.all([
    import('../../portal/index.ts').then((m) => ({ default: m.PortalHome })),
    i18n.loadNamespaces('portal'),
  ]);
  return module;
});

/**
 * The landing page (/home, /dashboard): the user's portal (their own default, else their role's),
 * or without one a greeting, who is signed in, and shortcuts to the pages the user may open, the
 * newest unread messages and today's schedule.
 */
export default function HomePage() {
  const portalId = useSession((s) => s.userInfo?.portalId);
  if (!portalId) return <DefaultHome />;
  return (
    <Suspense fallback={<Spin className="home-card-state" />}>
      <PortalHome portalId={portalId} />
    </Suspense>
  );
}

function DefaultHome() {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const user = useSession((s) => s.userInfo);
  const routes = useShell((s) => s.routes);
  const sysConfig = useShell((s) => s.sysConfig);
  const title = useMenuTitle();
  const open = useOpenMenu();
  const shortcuts = useMemo(() => routes.filter((r) => !r.hidden).slice(0, shortcutCount), [routes]);
  const name = user?.userName || user?.userAccount || '';
  const systemName = sysConfig.sysName || t('common:appName');

  return (
    <div className="home-page">
      <Card className="home-card">
        <div className="home-hero">
          <Avatar size={56} src={user?.headIcon || undefined} icon={<UserOutlined />} />
          <div className="home-hero-text">
            <h1 className="home-welcome">{t(`greeting.${greetingKey(new Date().getHours())}`, { name })}</h1>
            <p className="home-intro">
              {t('intro', { system: systemName })}
              {user?.organizeName ? ` · ${user.organizeName}` : ''}
            </p>
            {user?.prevLoginTime ? (
              <p className="home-prev">
                {t('prevLoginDetail', {
                  time: formatDateTime(user.prevLoginTime),
                  ip: [user.prevLoginIPAddress, user.prevLoginIPAddressName].filter(Boolean).join(' '),
                })}
              </p>
            ) : null}
          </div>
          <button type="button" className="home-profile-link" onClick={() => navigate('/profile')}>
            {t('profile')}
          </button>
        </div>
      </Card>
      <Card className="home-card" title={t('shortcuts')}>
        {shortcuts.length ? (
          <div className="home-shortcuts">
            {shortcuts.map((route) => (
              <button key={route.enCode} type="button" className="home-shortcut" onClick={() => open(menuKey(route))}>
                <span className="home-shortcut-icon">
                  <MenuIcon icon={route.meta.icon} />
                </span>
                <span>{title(route)}</span>
              </button>
            ))}
          </div>
        ) : (
          <Empty />
        )}
      </Card>
      <div className="home-columns">
        <UnreadMessagesCard />
        <TodayScheduleCard />
      </div>
    </div>
  );
}
