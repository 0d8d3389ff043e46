import ConfigProvider from 'antd/es/config-provider';
import theme from 'antd/es/theme';
import { type ReactNode, Suspense } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { antdLocaleOf } from '../shared/i18n/antd-locale.ts';
import { i18n } from '../shared/i18n/index.ts';
import type { Language } from '../shared/i18n/language.ts';
import { ToastProvider } from '../shared/toast.tsx';
import { antdSize, themeColors, useSettings } from './settings-store.ts';

function AntdConfig({ children }: { children: ReactNode }) {
  const { i18n: current } = useTranslation();
  // shell.md §2.6: dark or light, the theme colour and the interface size (default small).
  const mode = useSettings((s) => s.mode);
  const color = useSettings((s) => s.themeColor);
  const size = useSettings((s) => s.size);
  const algorithm = [
    ...(mode === 'dark' ? [theme.darkAlgorithm] : []),
    ...(size === 'mini' ? [theme.compactAlgorithm] : []),
  ];
  return (
    <ConfigProvider
      locale={antdLocaleOf((current.resolvedLanguage ?? 'zh-CN') as Language)}
      componentSize={antdSize(size)}
      theme={{ algorithm, token: { colorPrimary: themeColors[color], borderRadius: 6 } }}
    >
      <ToastProvider>{children}</ToastProvider>
    </ConfigProvider>
  );
}

/** What every screen needs; TanStack Query is added by the main layout (app/query-client.tsx). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <AntdConfig>
        <Suspense fallback={null}>{children}</Suspense>
      </AntdConfig>
    </I18nextProvider>
  );
}
