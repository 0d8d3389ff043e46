import type { Locale } from 'antd/es/locale';
import zhCN from 'antd/es/locale/zh_CN';
import type { Language } from './language.ts';

/** antd's own texts per language: Simplified Chinese ships with the page, the others load on demand. */
const loaded: Partial<Record<Language, Locale>> = { 'zh-CN': zhCN };

export async function loadAntdLocale(language: Language): Promise<Locale> {
  const ready = loaded[language];
  if (ready) return ready;
  const locale =
    language === 'zh-TW'
      ? (await import('antd/es/locale/zh_TW')).default
      : (await import('antd/es/locale/en_US')).default;
  loaded[language] = locale;
  return locale;
}

export const antdLocaleOf = (language: Language): Locale => loaded[language] ?? zhCN;
