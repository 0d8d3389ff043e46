import type { Envelope, PageData, RoleInput, RoleQuery, RoleRow } from '@platform/shared';
import { http } from '../../shared/api/http.ts';

const base = '/api/permission/Role';

/** admin.md §7 "Roles". */
export const roleApi = {
  list: (query: RoleQuery, signal?: AbortSignal) => http.get<PageData<RoleRow>>(base, query, { signal }),
  info: (id: string) => http.get<RoleRow>(`${base}/${id}`),
  create: (input: RoleInput) => http.post<Envelope<{ id: string }>>(base, input, { envelope: true }),
  update: (id: string, input: RoleInput) =>
    http.put<Envelope<null>>(`${base}/${id}`, { ...input, id }, { envelope: true }),
  toggleState: (id: string) => http.put<Envelope<null>>(`${base}/${id}/Actions/State`, undefined, { envelope: true }),
  remove: (id: string) => http.delete<Envelope<null>>(`${base}/${id}`, undefined, { envelope: true }),
};
