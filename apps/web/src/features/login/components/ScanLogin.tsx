import QRCode from 'antd/es/qr-code';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loginApi, scanStatus } from '../api.ts';
import { useCompleteLogin } from '../useLogin.ts';

const pollEveryMs = 2000;

type State = { phase: 'loading' } | { phase: 'waiting' | 'scanned'; ticket: string } | { phase: 'expired' };

/**
 * App-scan tab (issue 3): a ticket from codeCertificate is shown as a QR code and its status
 * polled; when a signed-in phone confirms, this page signs in with origin `scan` and the ticket.
 */
export function ScanLogin() {
  const { t } = useTranslation('login');
  const completeLogin = useCompleteLogin();
  const [state, setState] = useState<State>({ phase: 'loading' });
  const generation = useRef(0);

  const start = useCallback(async () => {
    const mine = ++generation.current;
    setState({ phase: 'loading' });
    try {
      const answer = await loginApi.scanTicket();
      const ticket = typeof answer === 'string' ? answer : answer?.ticket;
      if (mine !== generation.current) return;
      setState(ticket ? { phase: 'waiting', ticket } : { phase: 'expired' });
    } catch {
      if (mine === generation.current) setState({ phase: 'expired' });
    }
  }, []);

  useEffect(() => {
    start();
    return () => {
      generation.current++;
    };
  }, [start]);

  const ticket = state.phase === 'waiting' || state.phase === 'scanned' ? state.ticket : '';
  useEffect(() => {
    if (!ticket) return;
    const mine = generation.current;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      const answer = await loginApi.scanStatus(ticket).catch(() => undefined);
      if (mine !== generation.current) return;
      const status = Number(answer?.status);
      if (status === scanStatus.confirmed) {
        generation.current++;
        try {
          const token =
            answer?.token ?? (await loginApi.login({ account: '', password: '', origin: 'scan', ticket })).token;
          if (!(await completeLogin(token))) start();
        } catch {
          start();
        }
        return;
      }
      if (status === scanStatus.expired) {
        setState({ phase: 'expired' });
        return;
      }
      if (status === scanStatus.scanned) setState({ phase: 'scanned', ticket });
      timer = setTimeout(poll, pollEveryMs);
    };
    timer = setTimeout(poll, pollEveryMs);
    return () => clearTimeout(timer);
  }, [ticket, completeLogin, start]);

  return (
    <div className="login-scan">
      <QRCode
        value={ticket || 'about:blank'}
        size={184}
        bordered
        status={state.phase === 'loading' ? 'loading' : state.phase === 'expired' ? 'expired' : 'active'}
        onRefresh={start}
        statusRender={
          state.phase === 'expired'
            ? () => (
                <button type="button" className="login-scan-refresh" onClick={start}>
                  <span>{t('scanExpired')}</span>
                  <span className="login-link">{t('scanRefresh')}</span>
                </button>
              )
            : undefined
        }
      />
      <p className="login-scan-tip">{state.phase === 'scanned' ? t('scanned') : t('scanTip')}</p>
    </div>
  );
}
