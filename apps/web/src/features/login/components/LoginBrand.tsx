import { AppstoreOutlined, MessageOutlined, TeamOutlined } from '@ant-design/icons';
import { LogoMark } from '../../../shared/Logo.tsx';

export interface LoginBrandTexts {
  systemName: string;
  tagline: string;
  features: { design: string; organize: string; message: string };
}

/**
 * The login page's brand panel (left half at desktop widths). It takes its texts as props, not
 * from i18next, because the build also renders it to plain HTML for index.html (vite-login-shell.ts):
 * that copy paints before any script runs, and React's copy must come out the same size so the
 * largest contentful paint stays the first one.
 */
export function LoginBrand({ systemName, tagline, features, logo }: LoginBrandTexts & { logo?: string }) {
  const items = [
    { icon: <AppstoreOutlined />, text: features.design },
    { icon: <TeamOutlined />, text: features.organize },
    { icon: <MessageOutlined />, text: features.message },
  ];
  return (
    <section className="login-brand" aria-hidden="false">
      <div className="login-brand-grid" />
      <div className="login-brand-glow" />
      <header className="login-brand-head">
        {logo ? <img className="login-logo" src={logo} alt="" /> : <LogoMark size={40} />}
        <span className="login-brand-name">{systemName}</span>
      </header>
      <div className="login-brand-body">
        <h1 className="login-brand-title">{systemName}</h1>
        <p className="login-brand-tagline">{tagline}</p>
        <ul className="login-brand-features">
          {items.map((item) => (
            <li key={item.text}>
              <span className="login-brand-feature-icon">{item.icon}</span>
              {item.text}
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
  );
}
