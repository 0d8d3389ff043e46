import type { LogQuery, LogRow, PageData } from '@platform/shared';
import { http } from '../../shared/api/http.ts';

/** 1 logins, 2 operations. */
export type LogCategory = 1 | 2;

export const logApi = {
  list: (category: LogCategory, query: LogQuery, signal?: AbortSignal) =>
    http.get<PageData<LogRow>>(`/api/system/Log/${category}`, query, { signal }),
};
