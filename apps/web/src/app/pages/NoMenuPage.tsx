import type { AccessContact } from '@platform/shared';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Space from 'antd/es/space';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { profileApi } from '../../features/profile/api.ts';
import { messageSocket, startMessageSocket } from '../../shared/api/ws.ts';
import { sessionApi } from '../../shared/session/api.ts';
import { useSession } from '../../shared/session/store.ts';
import { useShell } from '../../shared/shell/shell-store.ts';

/**
 * A signed-in user the server grants no menu (shell.md §5 "Empty menu list"): the spec's
 * 您的权限不足，请联系管理员 as a page that names whom to ask, instead of a toast on the way back
 * to the login page. A grant made meanwhile (the server's `menuChanged` push, or 重新检查) opens
 * the console.
 */
export default function NoMenuPage() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const userInfo = useSession((s) => s.userInfo);
  const [contacts, setContacts] = useState<AccessContact[] | null>(null);
  const [checking, setChecking] = useState(false);

  useEffect(() => {
    profileApi
      .accessContacts()
      .then(setContacts)
      .catch(() => setContacts([]));
  }, []);

  const check = useCallback(async () => {
    setChecking(true);
    try {
      if (await useShell.getState().refresh()) navigate('/', { replace: true });
    } finally {
      setChecking(false);
    }
  }, [navigate]);

  useEffect(() => {
    startMessageSocket();
    return messageSocket.subscribe('menuChanged', () => void check().catch(() => undefined));
  }, [check]);

  const signOut = async () => {
    await sessionApi.logout().catch(() => undefined);
    useSession.getState().reset();
    navigate('/login', { replace: true });
  };

  const who = (contact: AccessContact) =>
    contact.organizeName
      ? t('noMenu.tieredContact', { name: contact.realName, account: contact.account, organize: contact.organizeName })
      : t('noMenu.adminContact', { name: contact.realName, account: contact.account });

  return (
    <main className="no-menu-page" style={{ paddingTop: '12vh' }}>
      <Result
        status="403"
        title={t('guardEmptyMenu')}
        subTitle={
          <Space direction="vertical" size={4}>
            <span>
              {userInfo
                ? t('noMenu.detailOf', { name: userInfo.userName, account: userInfo.userAccount })
                : t('noMenu.detail')}
            </span>
            {contacts === null ? null : contacts.length ? (
              <>
                <span>{t('noMenu.askThem')}</span>
                <ul aria-label={t('noMenu.contacts')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  {contacts.map((contact) => (
                    <li key={contact.account}>{who(contact)}</li>
                  ))}
                </ul>
              </>
            ) : (
              <span>{t('noMenu.askAdministrator')}</span>
            )}
          </Space>
        }
        extra={
          <Space>
            <Button type="primary" loading={checking} onClick={() => void check().catch(() => undefined)}>
              {t('noMenu.check')}
            </Button>
            <Button onClick={() => void signOut()}>{t('noMenu.signOut')}</Button>
          </Space>
        }
      />
    </main>
  );
}
