import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n/index.ts';
import en from './locales/en.ts';
import zhCN from './locales/zh-CN.ts';
import zhTW from './locales/zh-TW.ts';

/**
 * The `components` namespace: strings of the shared list, confirm, picker and column-settings
 * components. They are few, so all three languages ship with the first page that uses them.
 */
export const componentsNamespace = 'components';

for (const [language, resources] of [
  ['zh-CN', zhCN],
  ['zh-TW', zhTW],
  ['en', en],
] as const) {
  if (!i18n.hasResourceBundle(language, componentsNamespace)) {
    i18n.addResourceBundle(language, componentsNamespace, resources, true, false);
  }
}

export function useComponentsTranslation() {
  return useTranslation(componentsNamespace);
}
