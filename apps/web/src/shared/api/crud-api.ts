import type { Envelope, PageData } from '@platform/shared';
import { http, type Query as QueryString } from './http.ts';

/**
 * The calls of an administration area on the server's list kit (`crudRoutes`): the paged list,
 * one record, create, update (the body carries the id too, as older clients send it), the state
 * switch and delete. A feature's api.ts spreads it and adds its own calls.
 */
export function crudApi<Row, Input, Query extends QueryString, Info = Row, Created = { id: string }>(base: string) {
  return {
    list: (query: Query, signal?: AbortSignal) => http.get<PageData<Row>>(base, query, { signal }),
    info: (id: string) => http.get<Info>(`${base}/${id}`),
    /** `Created` follows the route's `createAnswer`: `{id}` by default, the bare id with `'idAsData'`. */
    create: (input: Input) => http.post<Envelope<Created>>(base, input, { envelope: true }),
    update: (id: string, input: Input) =>
      http.put<Envelope<null>>(`${base}/${id}`, { ...input, id }, { envelope: true }),
    toggleState: (id: string) => http.put<Envelope<null>>(`${base}/${id}/Actions/State`, undefined, { envelope: true }),
    remove: (id: string) => http.delete<Envelope<null>>(`${base}/${id}`, undefined, { envelope: true }),
  };
}

/**
 * The definition file calls of an area on the server's `transferRoutes`: `exportFile` answers where
 * the file downloads from; `importFile` sends one, `type` 0 skipping a definition whose code exists
 * and 1 adding it with a suffix. `Imported` is what the area's import answers.
 */
export function transferApi<Imported = { id: string; skipped: boolean }, Link = { url: string }>(base: string) {
  return {
    exportFile: (id: string) => http.get<Link>(`${base}/${id}/Actions/Export`),
    importFile: (file: File, type: 0 | 1) => {
      const form = new FormData();
      form.append('file', file);
      form.append('type', String(type));
      return http.postMultipart<Envelope<Imported>>(`${base}/Actions/Import`, form, { envelope: true });
    },
  };
}
