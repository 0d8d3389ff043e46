import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n/index.ts';
import en from './locales/en.ts';
import zhCN from './locales/zh-CN.ts';
import zhTW from './locales/zh-TW.ts';

/** The `formEngine` namespace: few strings, so all three languages ship with the engine. */
export const formEngineNamespace = 'formEngine';

for (const [language, resources] of [
  ['zh-CN', zhCN],
  ['zh-TW', zhTW],
  ['en', en],
] as const) {
  if (!i18n.hasResourceBundle(language, formEngineNamespace)) {
    i18n.addResourceBundle(language, formEngineNamespace, resources, true, false);
  }
}

export function useFormEngineTranslation() {
  return useTranslation(formEngineNamespace);
}

/** Translation outside React (validation messages built by the store). */
export function formEngineT(key: string, options?: Record<string, unknown>): string {
  return i18n.t(key, { ns: formEngineNamespace, ...options });
}
