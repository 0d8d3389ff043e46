import ConfigProvider from 'antd/es/config-provider';
import theme from 'antd/es/theme';
import { type ReactNode, Suspense } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { antdLocaleOf } from '../shared/i18n/antd-locale.ts';
import { i18n } from '../shared/i18n/index.ts';
import type { Language } from '../shared/i18n/language.ts';
import { usePrefersReducedMotion } from '../shared/reduced-motion.ts';
import { contrastShades, quietText } from '../shared/theme-contrast.ts';
import { ToastProvider } from '../shared/toast.tsx';
import { AppFormEngine } from './form-engine.tsx';
import { antdSize, themeColors, useSettings } from './settings-store.ts';

/**
 * antd writes its tokens as CSS variables under this class, which it gives its own components; the
 * document carries it too, so that our stylesheets' `var(--ant-…)` follow the theme everywhere (a
 * page of our own markup outside any antd component would otherwise fall back to light colours).
 */
const themeClass = 'app-theme';
document.documentElement.classList.add(themeClass);

function AntdConfig({ children }: { children: ReactNode }) {
  const { i18n: current } = useTranslation();
  // shell.md §2.6: dark or light, the theme colour and the interface size (default small).
  const mode = useSettings((s) => s.mode);
  const color = useSettings((s) => s.themeColor);
  const size = useSettings((s) => s.size);
  const reducedMotion = usePrefersReducedMotion();
  const algorithm = [
    ...(mode === 'dark' ? [theme.darkAlgorithm] : []),
    ...(size === 'mini' ? [theme.compactAlgorithm] : []),
  ];
  // WCAG AA contrast in every theme (theme-contrast.ts): fills carry white text, text shades read on the page.
  const primary = contrastShades(themeColors[color], mode);
  const danger = contrastShades('#ff4d4f', mode);
  const success = contrastShades('#52c41a', 'light');
  const warning = contrastShades('#d48806', 'light');
  const quiet = quietText(mode);
  const token = {
    colorPrimary: primary.fill,
    colorPrimaryHover: primary.fillHover,
    colorPrimaryActive: primary.fillActive,
    colorLink: primary.text,
    colorLinkHover: primary.textHover,
    colorLinkActive: primary.textHover,
    colorPrimaryText: primary.text,
    colorPrimaryTextHover: primary.textHover,
    colorPrimaryTextActive: primary.textHover,
    colorError: danger.fill,
    colorErrorHover: danger.fillHover,
    colorErrorActive: danger.fillActive,
    colorErrorText: danger.text,
    colorErrorTextHover: danger.textHover,
    colorErrorTextActive: danger.textHover,
    // Status colours are mostly text on faint tints (tags): in light mode their text shade over
    // antd's own tints (a darker seed would darken the derived tints too). Dark mode's pass as they are.
    ...(mode === 'light'
      ? {
          colorSuccess: success.text,
          colorSuccessBg: '#f6ffed',
          colorSuccessBorder: '#b7eb8f',
          colorWarning: warning.text,
          colorWarningBg: '#fffbe6',
          colorWarningBorder: '#ffe58f',
        }
      : {}),
    colorTextDescription: quiet,
    colorTextTertiary: quiet,
    colorTextPlaceholder: quiet,
    borderRadius: 6,
    motion: !reducedMotion,
  };
  const components = {
    Menu: { itemSelectedColor: primary.text, horizontalItemSelectedColor: primary.text },
    Tabs: {
      itemSelectedColor: primary.text,
      itemActiveColor: primary.text,
      itemHoverColor: primary.text,
      inkBarColor: primary.text,
    },
    Button: { dangerColor: '#fff' },
  };
  return (
    <ConfigProvider
      locale={antdLocaleOf((current.resolvedLanguage ?? 'zh-CN') as Language)}
      componentSize={antdSize(size)}
      theme={{ algorithm, token, components, cssVar: { key: themeClass } }}
    >
      <ToastProvider>{children}</ToastProvider>
    </ConfigProvider>
  );
}

/** What every screen needs (forms get the engine's plug-ins here); TanStack Query is added by the main layout (app/query-client.tsx). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <AntdConfig>
        <AppFormEngine>
          <Suspense fallback={null}>{children}</Suspense>
        </AppFormEngine>
      </AntdConfig>
    </I18nextProvider>
  );
}
