import type { ListData, MessageRow, PageData, ScheduleRow } from '@platform/shared';
import { http } from '../../shared/api/http.ts';

/** How many unread messages the landing page shows. */
export const homeMessageCount = 5;

/** The only HTTP of the landing page: read-only, quiet (a failed card shows its own state). */
export const homeApi = {
  /** GET /api/message: the newest unread ones. */
  unreadMessages: (signal?: AbortSignal) =>
    http.get<PageData<MessageRow>>(
      '/api/message',
      { currentPage: 1, pageSize: homeMessageCount, sort: 'desc', keyword: '', type: '', isRead: '0' },
      { silent: true, signal },
    ),
  /** GET /api/system/Schedule: entries overlapping [startTime, endTime) in ms. */
  schedules: (startTime: number, endTime: number, signal?: AbortSignal) =>
    http.get<ListData<ScheduleRow>>('/api/system/Schedule', { startTime, endTime }, { silent: true, signal }),
};

/** Today's bounds in local time: [00:00, next 00:00). */
export function todayRange(now: Date = new Date()): [number, number] {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const end = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return [start.getTime(), end.getTime()];
}
