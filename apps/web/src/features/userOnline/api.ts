import type { Envelope, OnlineUserRow, PageData, PageQuery } from '@platform/shared';
import { http } from '../../shared/api/http.ts';

const base = '/api/permission/OnlineUser';

export const userOnlineApi = {
  list: (query: PageQuery, signal?: AbortSignal) => http.get<PageData<OnlineUserRow>>(base, query, { signal }),
  offline: (id: string) => http.delete<Envelope<null>>(`${base}/${id}`, undefined, { envelope: true }),
  batchOffline: (ids: string[]) =>
    http.post<Envelope<null>>(`${base}/Actions/BatchOffline`, { ids }, { envelope: true }),
};
