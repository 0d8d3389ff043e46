import {
  DownOutlined,
  InfoCircleOutlined,
  KeyOutlined,
  LockOutlined,
  LogoutOutlined,
  MailOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  NotificationOutlined,
  SettingOutlined,
  SwapOutlined,
  UserOutlined,
} from '@ant-design/icons';
import Avatar from 'antd/es/avatar';
import Dropdown from 'antd/es/dropdown';
import Tooltip from 'antd/es/tooltip';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ChatButton } from '../../features/chat/components/ChatButton.tsx';
import { MessageBell } from '../../features/message/components/MessageBell.tsx';
import { LanguageSwitch } from '../../shared/components/LanguageSwitch.tsx';
import { useSession } from '../../shared/session/store.ts';
import { useSettings } from '../settings-store.ts';
import { MenuSearch } from './MenuSearch.tsx';
import type { ShellDialog } from './ShellDialogs.tsx';

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
  const user = useSession((s) => s.userInfo);
  const systems = (user?.systemIds as unknown[] | undefined) ?? [];
  const { showSearch, showLanguage } = useSettings();

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
        <ChatButton />
        <MessageBell />
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
          <button
            type="button"
            className="shell-user"
            aria-label={`${user?.userName || user?.userAccount || ''}, ${t('user.menu')}`}
          >
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
