import type { MessageRow, PageData } from '@platform/shared';
import { http } from '../../shared/api/http.ts';

/**
 * The shell's calls (shell.md §7). Settings and switches are best-effort: the display options are
 * stored locally first, so a server without the call (HTTP 404) loses nothing on this device.
 */
export const shellApi = {
  /** PUT /api/permission/Users/Current/SystemTheme: the navigation style (classic, functional, blend, plain). */
  saveTheme: (theme: string) =>
    http.put<null>('/api/permission/Users/Current/SystemTheme', { theme }, { silent: true }),
  /** PUT /api/permission/Users/Current/SystemLanguage. */
  saveLanguage: (language: string) =>
    http.put<null>('/api/permission/Users/Current/SystemLanguage', { language }, { silent: true }),
  /** System switch: PUT /api/permission/Users/Current/major with majorType 'System' (shell.md §7). */
  switchSystem: (majorId: string) =>
    http.put<null>('/api/permission/Users/Current/major', { majorId, majorType: 'System' }),
  /** Unread messages for the bell: GET /api/message (isRead '0', first page). */
  unreadMessages: () =>
    http.get<PageData<MessageRow>>(
      '/api/message',
      { currentPage: 1, pageSize: 20, sort: 'desc', isRead: '0', keyword: '' },
      { silent: true },
    ),
};
