import { UserOutlined } from '@ant-design/icons';
import Avatar from 'antd/es/avatar';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MenuIcon } from '../../../app/layout/menu-icons.tsx';
import { menuKey, useOpenMenu } from '../../../app/layout/NavMenus.tsx';
import { useMenuTitle } from '../../../app/menu-title.ts';
import { useShell } from '../../../app/shell-store.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { useSession } from '../../../shared/session/store.ts';
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
 * The landing page (/home, /dashboard): a greeting, who is signed in, and shortcuts to the pages
 * the user may open. Unread messages and today's schedule join it with their issues.
 */
export default function HomePage() {
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
    </div>
  );
}
