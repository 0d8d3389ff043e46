import type { Envelope, GroupInput, GroupQuery, GroupRow, PageData } from '@platform/shared';
import { http } from '../../shared/api/http.ts';

const base = '/api/permission/Group';

/** admin.md §7 "Groups". */
export const groupApi = {
  list: (query: GroupQuery, signal?: AbortSignal) => http.get<PageData<GroupRow>>(base, query, { signal }),
  info: (id: string) => http.get<GroupRow>(`${base}/${id}`),
  create: (input: GroupInput) => http.post<Envelope<{ id: string }>>(base, input, { envelope: true }),
  update: (id: string, input: GroupInput) =>
    http.put<Envelope<null>>(`${base}/${id}`, { ...input, id }, { envelope: true }),
  remove: (id: string) => http.delete<Envelope<null>>(`${base}/${id}`, undefined, { envelope: true }),
};
