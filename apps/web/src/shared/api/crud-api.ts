import type { Envelope, PageData } from '@platform/shared';
import { http, type Query as QueryString } from './http.ts';

/**
 * The calls of an administration area on the server's list kit (`crudRoutes`): the paged list,
 * one record, create, update (the body carries the id too, as older clients send it), the state
 * switch and delete. A feature's api.ts spreads it and adds its own calls.
 */
export function crudApi<Row, Input, Query extends QueryString, Info = Row>(base: string) {
  return {
    list: (query: Query, signal?: AbortSignal) => http.get<PageData<Row>>(base, query, { signal }),
    info: (id: string) => http.get<Info>(`${base}/${id}`),
    create: (input: Input) => http.post<Envelope<{ id: string }>>(base, input, { envelope: true }),
    update: (id: string, input: Input) =>
      http.put<Envelope<null>>(`${base}/${id}`, { ...input, id }, { envelope: true }),
    toggleState: (id: string) => http.put<Envelope<null>>(`${base}/${id}/Actions/State`, undefined, { envelope: true }),
    remove: (id: string) => http.delete<Envelope<null>>(`${base}/${id}`, undefined, { envelope: true }),
  };
}
