import { expect, test } from 'vitest';
import { formatMinute, overlapsDay, shiftAnchor, viewRange, visibleDays } from './schedule-time.ts';

test('a month shows six whole weeks from the Sunday before the 1st', () => {
  const days = visibleDays('month', new Date(2026, 4, 15));
  expect(days).toHaveLength(42);
  expect(days[0]?.getDay()).toBe(0);
  expect(days[0]?.getTime()).toBeLessThanOrEqual(new Date(2026, 4, 1).getTime());
});

test('week and day ranges', () => {
  const anchor = new Date(2026, 4, 13, 15);
  const week = viewRange('week', anchor);
  expect(new Date(week.startTime).getDay()).toBe(0);
  expect(week.endTime - week.startTime).toBe(7 * 24 * 3600 * 1000);
  const day = viewRange('day', anchor);
  expect(new Date(day.startTime).getDate()).toBe(13);
  expect(shiftAnchor('month', new Date(2026, 0, 31), 1).getMonth()).toBe(1);
});

test('an entry touches the days it spans', () => {
  const entry = { startDay: new Date(2026, 4, 13, 23).getTime(), endDay: new Date(2026, 4, 14, 1).getTime() };
  expect(overlapsDay(entry, new Date(2026, 4, 13))).toBe(true);
  expect(overlapsDay(entry, new Date(2026, 4, 14))).toBe(true);
  expect(overlapsDay(entry, new Date(2026, 4, 15))).toBe(false);
  expect(formatMinute(new Date(2026, 0, 2, 3, 4).getTime())).toBe('2026-01-02 03:04');
});
