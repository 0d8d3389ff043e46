import {
  BellOutlined,
  DownOutlined,
  InfoCircleOutlined,
  KeyOutlined,
  LockOutlined,
  LogoutOutlined,
  MailOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  MessageOutlined,
  NotificationOutlined,
  SettingOutlined,
  SwapOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import Avatar from 'antd/es/avatar';
import Badge from 'antd/es/badge';
import Dropdown from 'antd/es/dropdown';
import Tooltip from 'antd/es/tooltip';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { shellApi } from '../../features/shell/api.ts';
import { useSession } from '../../shared/session/store.ts';
import { useToast } from '../../shared/toast.tsx';
import { LanguageSwitch } from '../LanguageSwitch.tsx';
import { useSettings } from '../settings-store.ts';
import { MenuSearch } from './MenuSearch.tsx';
import type { ShellDialog } from './ShellDialogs.tsx';

/** shell.md §9: the badge shows at most 99. */
const badgeMax = 99;

function IconButton({ label, onClick, children }: { label: string; onClick?: () => void; children: ReactNode }) {
  return (
    <Tooltip title={label} placement="bottom">
      <button type="button" className="shell-icon-button" aria-label={label} onClick={onClick}>
        {children}
      </button>
    </Tooltip>
  );
}

interface NavbarProps {
  left: ReactNode;
  showCollapse: boolean;
  collapsed: boolean;
  onToggle: () => void;
  onDialog: (dialog: ShellDialog) => void;
  onSettings: () => void;
  onChangePassword: () => void;
  onLock: () => void;
  onLogout: () => void;
}

/** shell.md §2.5 navbar entries, left to right. */
export function Navbar(props: NavbarProps) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const toast = useToast();
  const user = useSession((s) => s.userInfo);
  const systems = (user?.systemIds as unknown[] | undefined) ?? [];
  const { showSearch, showLanguage } = useSettings();
  // Messaging arrives with its own issue: until the server answers, the bell shows no count.
  const unread = useQuery({
    queryKey: ['shell', 'unreadMessages'],
    queryFn: shellApi.unreadMessages,
    staleTime: 60_000,
  });
  const unreadCount = unread.data?.pagination?.total ?? 0;

  return (
    <header className="shell-navbar">
      {props.showCollapse && (
        <IconButton label={props.collapsed ? t('expand') : t('collapse')} onClick={props.onToggle}>
          {props.collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        </IconButton>
      )}
      <div className="shell-navbar-left">{props.left}</div>
      <div className="shell-navbar-right">
        {showSearch && <MenuSearch />}
        <IconButton label={t('chat')} onClick={() => toast.info(t('chatUnavailable'))}>
          <MessageOutlined />
        </IconButton>
        <IconButton label={t('notice')} onClick={() => navigate('/messageRecord')}>
          <Badge count={unreadCount} overflowCount={badgeMax} size="small">
            <BellOutlined />
          </Badge>
        </IconButton>
        {systems.length > 1 && (
          <IconButton label={t('switchSystem')} onClick={() => props.onDialog('system')}>
            <SwapOutlined />
          </IconButton>
        )}
        {showLanguage && <LanguageSwitch className="shell-language" />}
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'profile', icon: <UserOutlined />, label: t('user.profile') },
              { key: 'password', icon: <KeyOutlined />, label: t('user.changePassword') },
              { key: 'feedback', icon: <MailOutlined />, label: t('user.feedback') },
              { key: 'about', icon: <InfoCircleOutlined />, label: t('user.about') },
              { key: 'statement', icon: <NotificationOutlined />, label: t('user.statement') },
              { key: 'lock', icon: <LockOutlined />, label: t('user.lockScreen') },
              { type: 'divider' },
              { key: 'logout', icon: <LogoutOutlined />, label: t('user.logout') },
            ],
            onClick: ({ key }) => {
              if (key === 'profile') navigate('/profile');
              else if (key === 'password') props.onChangePassword();
              else if (key === 'lock') props.onLock();
              else if (key === 'logout') props.onLogout();
              else props.onDialog(key as ShellDialog);
            },
          }}
        >
          <button type="button" className="shell-user" aria-label={t('user.menu')}>
            <Avatar size={26} src={user?.headIcon || undefined} icon={<UserOutlined />} />
            <span className="shell-user-name">{user?.userName || user?.userAccount}</span>
            <DownOutlined />
          </button>
        </Dropdown>
        <IconButton label={t('settings')} onClick={props.onSettings}>
          <SettingOutlined />
        </IconButton>
      </div>
    </header>
  );
}
