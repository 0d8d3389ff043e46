import { applicationsMenu, standardMenus } from '@platform/shared';
import { describe, expect, test } from 'vitest';
import en from './locales/en.ts';
import zhCN from './locales/zh-CN.ts';
import zhTW from './locales/zh-TW.ts';

/** Every menu the server seeds, by enCode, with its zh-CN name. */
const seeded: [enCode: string, fullName: string][] = [
  ...standardMenus.flatMap((directory): [string, string][] => [
    [directory.enCode, directory.fullName],
    ...directory.children.map(([enCode, fullName]): [string, string] => [enCode, fullName]),
  ]),
  [applicationsMenu.enCode, applicationsMenu.fullName],
];
const names = (locale: { menuNames: Record<string, string> }) => locale.menuNames;
const chinese = /[\u4e00-\u9fff]/;

describe('every seeded menu is named in every language', () => {
  test.each(seeded)('%s (%s)', (enCode, fullName) => {
    expect(names(zhCN)[enCode]).toBe(fullName);
    expect(names(zhTW)[enCode]).toMatch(chinese);
    expect(names(en)[enCode]).toMatch(/^[A-Z]/);
    expect(names(en)[enCode]).not.toMatch(chinese);
  });
});

test('English spells organisation one way on every screen', () => {
  const english = import.meta.glob<{ default: unknown }>('../../**/locales/en.ts', { eager: true });
  expect(Object.keys(english).length).toBeGreaterThan(10);
  for (const [file, locale] of Object.entries(english)) {
    expect(JSON.stringify(locale.default), file).not.toMatch(/rganization/);
  }
});
