import { describe, expect, test } from 'vitest';
import { detectLanguage } from './language.ts';

describe('language detection (stored choice, then the browser, default Chinese)', () => {
  test.each([
    ['en', ['zh-CN'], 'en'],
    ['zh-TW', ['en-US'], 'zh-TW'],
    ['zhtw', [], 'zh-TW'],
    ['zh', [], 'zh-CN'],
    [undefined, ['zh-TW'], 'zh-TW'],
    [undefined, ['zh-HK'], 'zh-TW'],
    [undefined, ['zh-Hant-MO'], 'zh-TW'],
    [undefined, ['zh_tw'], 'zh-TW'],
    [undefined, ['zh-CN'], 'zh-CN'],
    [undefined, ['zh'], 'zh-CN'],
    [undefined, ['zh-SG'], 'zh-CN'],
    [undefined, ['en-US', 'zh-CN'], 'en'],
    [undefined, ['fr-FR'], 'en'],
    [undefined, [], 'zh-CN'],
    [undefined, undefined, 'zh-CN'],
    [42, ['de'], 'en'],
  ] as const)('stored %j, browser %j -> %s', (stored, browser, expected) => {
    expect(detectLanguage(stored, browser)).toBe(expected);
  });
});
