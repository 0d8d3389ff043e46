import { ArrowRightOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { sessionEndingCodes } from '@platform/shared';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import type { InputRef } from 'antd/es/input';
import Input from 'antd/es/input';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HttpError } from '../../../shared/api/http.ts';
import { sessionApi } from '../../../shared/session/api.ts';
import { useSession } from '../../../shared/session/store.ts';
import { lockScreenApi } from '../api.ts';
import { unlock } from '../lock-state.ts';
import './lock-screen.css';

// MD5 (WebAssembly) loads with this page only.
const loadCipher = () => import('../../../shared/crypto/login-cipher.ts');

function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * /lockScreen (shell.md §2.2, §4): who is signed in, the time, and a password field. Only the
 * server's yes (`POST /api/oauth/LockScreen`) clears the lock; until then the route guard sends
 * every other path here, across reloads.
 */
export default function LockScreenPage() {
  const { t, i18n } = useTranslation('lockScreen');
  const navigate = useNavigate();
  const user = useSession((state) => state.userInfo);
  const now = useNow();
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const input = useRef<InputRef>(null);
  const name = user?.userName || user?.userAccount || '';
  const locale = i18n.resolvedLanguage ?? 'zh-CN';

  useEffect(() => {
    document.title = t('pageTitle');
  }, [t]);

  const backToLogin = async (ended: boolean) => {
    if (!ended) await sessionApi.logout().catch(() => undefined);
    useSession.getState().reset();
    navigate('/login', { replace: true });
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    if (!password) {
      setError(t('passwordRequired'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      const { hashPassword } = await loadCipher();
      await lockScreenApi.unlock(user?.userAccount ?? '', await hashPassword(password));
      unlock();
      navigate('/', { replace: true });
    } catch (failure) {
      setPassword('');
      if (failure instanceof HttpError && sessionEndingCodes.includes(failure.code)) {
        // The session itself is over (too many wrong passwords lock the account and end it).
        await backToLogin(true);
        return;
      }
      setError(failure instanceof HttpError ? failure.message : t('unlockFailed'));
    } finally {
      setBusy(false);
      input.current?.focus();
    }
  };

  return (
    <div className="lock-screen">
      <div className="lock-screen-clock" aria-live="off">
        <div className="lock-screen-time">
          {now.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', hour12: false })}
        </div>
        <div className="lock-screen-date">
          {now.toLocaleDateString(locale, { year: 'numeric', month: 'long', day: 'numeric', weekday: 'long' })}
        </div>
      </div>
      <main className="lock-screen-card" aria-label={t('locked')}>
        <Avatar size={88} src={user?.headIcon || undefined} icon={<UserOutlined />} className="lock-screen-avatar" />
        <h1 className="lock-screen-name">{name}</h1>
        <p className="lock-screen-status">
          <LockOutlined /> {t('locked')}
        </p>
        <form className="lock-screen-form" onSubmit={submit}>
          <Input.Password
            ref={input}
            size="large"
            autoFocus
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              if (error) setError('');
            }}
            placeholder={t('password')}
            aria-label={t('password')}
            autoComplete="current-password"
            status={error ? 'error' : undefined}
            onFocus={loadCipher}
          />
          <Button
            size="large"
            type="primary"
            htmlType="submit"
            icon={<ArrowRightOutlined />}
            loading={busy}
            aria-label={t('unlock')}
            title={t('unlockHint')}
          />
        </form>
        <p className="lock-screen-error" role="alert">
          {error}
        </p>
        <button type="button" className="lock-screen-relogin" onClick={() => backToLogin(false)}>
          {t('relogin')}
        </button>
      </main>
    </div>
  );
}
