import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../shared/components/LanguageSwitch.tsx';
import { LogoMark } from '../../../shared/Logo.tsx';
import { LoginBrand } from '../components/LoginBrand.tsx';
import { LoginTabs } from '../components/LoginTabs.tsx';
import { PasswordLoginForm } from '../components/PasswordLoginForm.tsx';
import { handOverLoginShell } from '../login-shell.ts';
import { useLoginConfig } from '../useLogin.ts';
import './login.css';

type Tab = 'password' | 'scan' | 'sms';

// The QR code is only drawn for those who pick the scan tab, and the SMS form only loads for those
// who pick its tab: neither is in /login's first chunks.
const ScanLogin = lazy(() => import('../components/ScanLogin.tsx').then((module) => ({ default: module.ScanLogin })));
const SmsLoginForm = lazy(() =>
  import('../components/SmsLoginForm.tsx').then((module) => ({ default: module.SmsLoginForm })),
);

export default function LoginPage() {
  const { t } = useTranslation('login');
  const { data: config } = useLoginConfig();
  const [tab, setTab] = useState<Tab>('password');
  const systemName = config?.sysName || config?.title || t('common:appName');
  const logo = config?.loginIcon || config?.logoIcon;

  useEffect(() => {
    document.title = `${t('pageTitle')} - ${systemName}`;
  }, [t, systemName]);

  // Single sign-on: the server says where this deployment signs in.
  useEffect(() => {
    if (config?.redirect && config.url) window.location.replace(config.url);
  }, [config]);

  // index.html's static copy of the brand panel steps behind this page's in the frame it first paints.
  useLayoutEffect(handOverLoginShell, []);

  return (
    <div className="login-page">
      <LoginBrand
        systemName={systemName}
        logo={logo}
        tagline={t('tagline')}
        features={{ design: t('features.design'), organize: t('features.organize'), message: t('features.message') }}
      />

      <main className="login-panel">
        <div className="login-panel-top">
          <LanguageSwitch className="login-language" />
        </div>
        <div className="login-card">
          <div className="login-card-mobile-brand">
            {logo ? <img className="login-logo" src={logo} alt="" /> : <LogoMark size={36} />}
            <span>{systemName}</span>
          </div>
          <h2 className="login-card-title">{t('heading')}</h2>
          <p className="login-card-subtitle">{t('subheading')}</p>
          <LoginTabs<Tab>
            activeKey={tab}
            onChange={setTab}
            items={[
              { key: 'password', label: t('tabs.password'), children: <PasswordLoginForm /> },
              {
                key: 'scan',
                label: t('tabs.scan'),
                // The ticket is polled only while the tab is shown.
                keepMounted: false,
                children: (
                  <Suspense fallback={<div className="login-scan-placeholder" />}>
                    <ScanLogin />
                  </Suspense>
                ),
              },
              {
                key: 'sms',
                label: t('tabs.sms'),
                children: (
                  <Suspense fallback={<div className="login-sms-placeholder" />}>
                    <SmsLoginForm />
                  </Suspense>
                ),
              },
            ]}
          />
        </div>
        <footer className="login-footer">
          {config?.copyright || t('copyright', { year: new Date().getFullYear(), name: systemName })}
        </footer>
      </main>
    </div>
  );
}
