import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Modal from 'antd/es/modal';
import notificationApi from 'antd/es/notification';
import Spin from 'antd/es/spin';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LanguageSwitch } from '../../../app/LanguageSwitch.tsx';
import { formatDateTime } from '../../../shared/format.ts';
import { LogoMark } from '../../../shared/Logo.tsx';
import { sessionApi } from '../../../shared/session/api.ts';
import { previousLoginNoticeKind, useSession } from '../../../shared/session/store.ts';
import { readStored, removeStored } from '../../../shared/storage.ts';
import { LockScreenButton } from '../../lockScreen/LockScreenButton.tsx';
import { ChangePasswordButton } from '../../password/ChangePasswordButton.tsx';
import { FirstLoginPasswordCheck } from '../../password/useFirstLoginPasswordCheck.tsx';
import './home.css';

/**
 * The signed-in landing page until the shell (layout, menus, tabs) arrives: who is signed in, and
 * a way out.
 */
export default function HomePage() {
  const { t } = useTranslation('home');
  const [modal, modalHolder] = Modal.useModal();
  const [notification, notificationHolder] = notificationApi.useNotification();
  const navigate = useNavigate();
  const stored = useSession((state) => state.userInfo);
  const current = useQuery({ queryKey: ['currentUser'], queryFn: () => sessionApi.currentUser() });
  const user = current.data?.userInfo ?? stored;
  const systemName = current.data?.sysConfigInfo?.sysName || t('common:appName');

  useEffect(() => {
    if (current.data) useSession.getState().setUserInfo(current.data.userInfo);
  }, [current.data]);

  useEffect(() => {
    document.title = `${t('pageTitle')} - ${systemName}`;
  }, [t, systemName]);

  // Issue 3: the previous login, bottom right for 2 s, once after signing in.
  useEffect(() => {
    if (!user || !readStored(previousLoginNoticeKind, { session: true })) return;
    removeStored(previousLoginNoticeKind, { session: true });
    if (!user.prevLoginTime) return;
    notification.info({
      message: t('prevLogin'),
      description: t('prevLoginDetail', {
        time: formatDateTime(user.prevLoginTime),
        ip: [user.prevLoginIPAddress, user.prevLoginIPAddressName].filter(Boolean).join(' '),
      }),
      placement: 'bottomRight',
      duration: 2,
    });
  }, [user, notification, t]);

  const logout = () =>
    modal.confirm({
      title: t('confirmTitle'),
      content: t('logoutConfirm'),
      okText: t('ok'),
      cancelText: t('cancel'),
      onOk: async () => {
        await sessionApi.logout().catch(() => undefined);
        useSession.getState().reset();
        navigate('/login', { replace: true });
      },
    });

  const name = user?.userName || user?.userAccount || '';

  return (
    <div className="home-page">
      {modalHolder}
      {notificationHolder}
      <FirstLoginPasswordCheck />
      <header className="home-bar">
        <span className="home-brand">
          <LogoMark size={28} />
          {systemName}
        </span>
        <span className="home-actions">
          <LanguageSwitch className="home-language" />
          <ChangePasswordButton />
          <LockScreenButton />
          <Button icon={<LogoutOutlined />} onClick={logout}>
            {t('logout')}
          </Button>
        </span>
      </header>
      <main className="home-main">
        <Card className="home-card">
          {current.isLoading && !user ? (
            <Spin />
          ) : (
            <>
              <div className="home-hero">
                <Avatar size={64} src={user?.headIcon || undefined} icon={<UserOutlined />} />
                <div>
                  <h1 className="home-welcome">{t('welcome', { name })}</h1>
                  <p className="home-intro">{t('intro', { system: systemName })}</p>
                </div>
              </div>
              <Descriptions
                column={1}
                size="middle"
                items={[
                  { key: 'account', label: t('account'), children: user?.userAccount ?? '' },
                  { key: 'organize', label: t('organize'), children: user?.organizeName ?? '' },
                  {
                    key: 'prev',
                    label: t('prevLogin'),
                    children: user?.prevLoginTime
                      ? `${formatDateTime(user.prevLoginTime)} ${user.prevLoginIPAddress ?? ''}`
                      : '',
                  },
                ]}
              />
            </>
          )}
        </Card>
      </main>
    </div>
  );
}
