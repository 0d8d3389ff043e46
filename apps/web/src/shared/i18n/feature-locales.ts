import type { ResourceKey } from 'i18next';

/**
 * Every feature's locale files but the login page's, by path. The list names a chunk per feature
 * and language and grows with each feature, so it is a chunk of its own, loaded with the first
 * feature namespace (index.ts), never by the login page.
 */
export const featureLocaleFiles = import.meta.glob<{ default: ResourceKey }>([
  '../../features/*/locales/*.ts',
  '!../../features/login/locales/*.ts',
]);
