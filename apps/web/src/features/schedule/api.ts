import type {
  ListData,
  ScheduleDetail,
  ScheduleInfo,
  ScheduleInput,
  ScheduleRow,
  ScheduleScope,
} from '@platform/shared';
import { http } from '../../shared/api/http.ts';

/** The only HTTP of the schedule (admin.md §6 "Schedule", shell.md §7). */
export const scheduleApi = {
  /** Entries overlapping [startTime, endTime). */
  list: (startTime: number, endTime: number, signal?: AbortSignal) =>
    http.get<ListData<ScheduleRow>>('/api/system/Schedule', { startTime, endTime }, { silent: true, signal }),
  info: (id: string) => http.get<ScheduleInfo>(`/api/system/Schedule/${encodeURIComponent(id)}`),
  /** GET /api/system/Schedule/detail/?groupId=&id= */
  detail: (id: string, groupId?: string) =>
    http.get<ScheduleDetail>('/api/system/Schedule/detail', groupId ? { groupId, id } : { id }),
  create: (input: ScheduleInput) => http.post<{ msg: string }>('/api/system/Schedule', input, { envelope: true }),
  update: (id: string, scope: ScheduleScope, input: ScheduleInput) =>
    http.put<{ msg: string }>(`/api/system/Schedule/${encodeURIComponent(id)}/${scope}`, input, { envelope: true }),
  remove: (id: string, scope: ScheduleScope) =>
    http.delete<{ msg: string }>(`/api/system/Schedule/${encodeURIComponent(id)}/${scope}`, undefined, {
      envelope: true,
    }),
};
