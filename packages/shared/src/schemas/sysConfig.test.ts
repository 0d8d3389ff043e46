import { expect, test } from 'vitest';
import { onWhitelist, whitelistEntries } from './sysConfig.ts';

test('whitelist entries are split on commas, semicolons and spaces', () => {
  expect(whitelistEntries(' 10.0.0.1,10.0.0.2;  ::1 \n192.168.1.8 ')).toEqual([
    '10.0.0.1',
    '10.0.0.2',
    '::1',
    '192.168.1.8',
  ]);
});

test('an address is on the whitelist as written, IPv4 also when it arrives IPv6-mapped', () => {
  expect(onWhitelist('10.0.0.2', '10.0.0.1, 10.0.0.2')).toBe(true);
  expect(onWhitelist('::ffff:10.0.0.2', '10.0.0.2')).toBe(true);
  expect(onWhitelist('::1', '127.0.0.1')).toBe(false);
  expect(onWhitelist('10.0.0.20', '10.0.0.2')).toBe(false);
  expect(onWhitelist(null, '10.0.0.2')).toBe(false);
  expect(onWhitelist('10.0.0.2', '')).toBe(false);
});
