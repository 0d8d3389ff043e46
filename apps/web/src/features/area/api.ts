import type {
  AreaIdsQuery,
  AreaInfo,
  AreaInput,
  AreaListQuery,
  AreaNames,
  AreaRow,
  AreaSelectorNode,
  ListData,
} from '@platform/shared';
import { crudApi } from '../../shared/api/crud-api.ts';
import { http } from '../../shared/api/http.ts';

const base = '/api/system/Area';
// The area page reads a lazy tree, not the paged list, so only the kit's writes are taken.
const { create, update, toggleState, remove } = crudApi<AreaRow, AreaInput, AreaListQuery>(base);

/** admin.md §7 "Areas", protocol-admin.md §3. */
export const areaApi = {
  /** The areas below `nodeId` ('-1' the provinces); with a keyword, every match below it. */
  children: (nodeId: string, keyword?: string, signal?: AbortSignal) =>
    http.get<ListData<AreaRow>>(`${base}/${nodeId}`, keyword ? { keyword } : undefined, { signal }),
  info: (id: string) => http.get<AreaInfo>(`${base}/${id}/Info`),
  /** The picker's enabled areas below `parentId`, never `exceptId` (the area being edited; '0' none). */
  selector: (parentId: string, exceptId: string) =>
    http.get<ListData<AreaSelectorNode>>(`${base}/${parentId}/Selector/${exceptId}`),
  names: (query: AreaIdsQuery) => http.post<AreaNames>(`${base}/GetAreaByIds`, query),
  create,
  update,
  toggleState,
  remove,
};
