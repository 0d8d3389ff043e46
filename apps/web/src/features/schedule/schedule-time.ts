import { formatDate } from '@platform/shared';
/** Calendar arithmetic for the schedule page, in local time. Pure, so it is tested directly. */
export type CalendarView = 'month' | 'week' | 'day';

const dayMs = 24 * 60 * 60 * 1000;

export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days, date.getHours(), date.getMinutes());
}

/** Weeks start on Sunday, as the weekday header does. */
export function startOfWeek(date: Date): Date {
  const day = startOfDay(date);
  return addDays(day, -day.getDay());
}

/** The days a view shows: 6 whole weeks around the month, 7 days of the week, or the day. */
export function visibleDays(view: CalendarView, anchor: Date): Date[] {
  if (view === 'day') return [startOfDay(anchor)];
  if (view === 'week') {
    const first = startOfWeek(anchor);
    return Array.from({ length: 7 }, (_, i) => addDays(first, i));
  }
  const first = startOfWeek(new Date(anchor.getFullYear(), anchor.getMonth(), 1));
  return Array.from({ length: 42 }, (_, i) => addDays(first, i));
}

/** [start, end) in milliseconds of what a view shows: the range the list call asks for. */
export function viewRange(view: CalendarView, anchor: Date): { startTime: number; endTime: number } {
  const days = visibleDays(view, anchor);
  const first = days[0] as Date;
  const last = days[days.length - 1] as Date;
  return { startTime: first.getTime(), endTime: addDays(last, 1).getTime() };
}

/** The anchor one page back or forward. */
export function shiftAnchor(view: CalendarView, anchor: Date, step: -1 | 1): Date {
  if (view === 'month') return new Date(anchor.getFullYear(), anchor.getMonth() + step, 1);
  return addDays(anchor, view === 'week' ? 7 * step : step);
}

/** Does an entry [startDay, endDay] touch this day? */
export function overlapsDay(entry: { startDay: number; endDay: number }, day: Date): boolean {
  const start = startOfDay(day).getTime();
  const end = start + dayMs;
  return entry.startDay < end && Math.max(entry.endDay, entry.startDay + 1) > start;
}

export function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** admin.md §2.8: times in the detail as yyyy-MM-dd HH:mm. */
export function formatMinute(millis: number | null | undefined): string {
  return millis == null ? '' : formatDate(millis, 'YYYY-MM-DD HH:mm');
}

export function formatClock(millis: number): string {
  return formatDate(millis, 'HH:mm');
}
