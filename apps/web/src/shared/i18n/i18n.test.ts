import { describe, expect, test } from 'vitest';
import { firstLanguage, i18n, i18nReady } from './index.ts';

// happy-dom's browser speaks en-US and nothing is stored: the first language is English, whose
// strings are not in the first chunk (only the default language's are).
describe('locale files load as they are needed', () => {
  test('the first language other than the default is ready before the first render', async () => {
    expect(firstLanguage).toBe('en');
    await i18nReady;
    expect(i18n.resolvedLanguage).toBe('en');
    expect(i18n.t('login:heading')).toBe('Welcome');
    expect(i18n.t('common:backHome')).toBe('Back to home');
  });

  test("a feature's strings load with it, in the language shown and after a switch", async () => {
    await i18nReady;
    expect(i18n.hasResourceBundle('en', 'area')).toBe(false);
    await i18n.loadNamespaces('area');
    expect(i18n.t('area:addArea')).toBe('New area');
    await i18n.changeLanguage('zh-TW');
    expect(i18n.t('login:heading')).toBe('歡迎登錄');
    expect(i18n.t('area:addArea')).toBe('新建區域');
    expect(i18n.hasResourceBundle('zh-TW', 'area')).toBe(true);
  });
});
