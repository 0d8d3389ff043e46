import type { Envelope, PageData, PositionInput, PositionQuery, PositionRow } from '@platform/shared';
import { http } from '../../shared/api/http.ts';

const base = '/api/permission/Position';

/** admin.md §7 "Positions". */
export const positionApi = {
  list: (query: PositionQuery, signal?: AbortSignal) => http.get<PageData<PositionRow>>(base, query, { signal }),
  info: (id: string) => http.get<PositionRow>(`${base}/${id}`),
  create: (input: PositionInput) => http.post<Envelope<{ id: string }>>(base, input, { envelope: true }),
  update: (id: string, input: PositionInput) =>
    http.put<Envelope<null>>(`${base}/${id}`, { ...input, id }, { envelope: true }),
  remove: (id: string) => http.delete<Envelope<null>>(`${base}/${id}`, undefined, { envelope: true }),
};
