/** The interface languages (shell.md §1: zh, zhtw, en), named as i18next and antd name them. */
export const languages = ['zh-CN', 'zh-TW', 'en'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'zh-CN';
export const languageStorageKind = 'language';

/**
 * Maps any language tag to one of ours: anything naming Taiwan (or Hong Kong, Macau, Hant script)
 * is Traditional Chinese (as are zh-HK, zh-MO, zh-Hant), other zh* is Simplified, anything else English. The server's own names
 * (zh, zhtw) are understood too.
 */
export function normalizeLanguage(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const lower = tag.toLowerCase().replace('_', '-');
  if (lower.includes('tw')) return 'zh-TW';
  if (lower.startsWith('zh')) return /-(hk|mo|hant)\b/.test(lower) ? 'zh-TW' : 'zh-CN';
  return 'en';
}

/** shell.md §9: the stored choice first, then the browser's language, default Chinese. */
export function detectLanguage(stored: unknown, browserLanguages: readonly string[] | undefined): Language {
  if (typeof stored === 'string' && (languages as readonly string[]).includes(stored)) return stored as Language;
  const fromStored = typeof stored === 'string' ? normalizeLanguage(stored) : undefined;
  if (fromStored) return fromStored;
  return normalizeLanguage(browserLanguages?.[0]) ?? defaultLanguage;
}
