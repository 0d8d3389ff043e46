import { AppstoreOutlined, MessageOutlined, TeamOutlined } from '@ant-design/icons';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../shared/components/LanguageSwitch.tsx';
import { LogoMark } from '../../../shared/Logo.tsx';
import { LoginTabs } from '../components/LoginTabs.tsx';
import { PasswordLoginForm } from '../components/PasswordLoginForm.tsx';
import { SmsLoginForm } from '../components/SmsLoginForm.tsx';
import { useLoginConfig } from '../useLogin.ts';
import './login.css';

type Tab = 'password' | 'scan' | 'sms';

// The QR code is only drawn for those who pick the scan tab.
const ScanLogin = lazy(() => import('../components/ScanLogin.tsx').then((module) => ({ default: module.ScanLogin })));

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

  const features = [
    { icon: <AppstoreOutlined />, text: t('features.design') },
    { icon: <TeamOutlined />, text: t('features.organize') },
    { icon: <MessageOutlined />, text: t('features.message') },
  ];

  return (
    <div className="login-page">
      <section className="login-brand" aria-hidden="false">
        <div className="login-brand-grid" />
        <div className="login-brand-glow" />
        <header className="login-brand-head">
          {logo ? <img className="login-logo" src={logo} alt="" /> : <LogoMark size={40} />}
          <span className="login-brand-name">{systemName}</span>
        </header>
        <div className="login-brand-body">
          <h1 className="login-brand-title">{systemName}</h1>
          <p className="login-brand-tagline">{t('tagline')}</p>
          <ul className="login-brand-features">
            {features.map((feature) => (
              <li key={feature.text}>
                <span className="login-brand-feature-icon">{feature.icon}</span>
                {feature.text}
              </li>
            ))}
          </ul>
        </div>
        <div className="login-brand-illustration" aria-hidden="true">
          <div className="login-window">
            <div className="login-window-bar">
              <i />
              <i />
              <i />
            </div>
            <div className="login-window-body">
              <div className="login-window-side" />
              <div className="login-window-main">
                <div className="login-window-row" />
                <div className="login-window-row short" />
                <div className="login-window-cards">
                  <div />
                  <div />
                  <div />
                </div>
                <div className="login-window-row" />
                <div className="login-window-row short" />
              </div>
            </div>
          </div>
        </div>
      </section>

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
              { key: 'sms', label: t('tabs.sms'), children: <SmsLoginForm /> },
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
