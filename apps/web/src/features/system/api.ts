import type { Envelope, ListData, SystemInfo, SystemInput, SystemQuery } from '@platform/shared';
import { http } from '../../shared/api/http.ts';

const base = '/api/system/System';

/** Applications (systems): each has its own menu tree; a user's systems feed the application switch. */
export const systemApi = {
  list: (query: SystemQuery) => http.get<ListData<SystemInfo>>(base, query).then((d) => d.list),
  info: (id: string) => http.get<SystemInfo>(`${base}/${id}`),
  create: (input: SystemInput) => http.post<Envelope<string>>(base, input, { envelope: true }),
  update: (id: string, input: SystemInput) => http.put<Envelope<null>>(`${base}/${id}`, input, { envelope: true }),
  toggleState: (id: string) => http.put<Envelope<null>>(`${base}/${id}/Actions/State`, undefined, { envelope: true }),
  remove: (id: string) => http.delete<Envelope<null>>(`${base}/${id}`, undefined, { envelope: true }),
};
