import type {
  DataInterfaceDataRow,
  DataInterfaceInput,
  DataInterfaceLogRow,
  DataInterfaceParameter,
  DataInterfaceParamValue,
  DataInterfaceQuery,
  DataInterfaceRow,
  DataInterfaceVariateInput,
  DataInterfaceVariateRow,
  Envelope,
  ListData,
  PageData,
} from '@platform/shared';
import { crudApi, transferApi } from '../../shared/api/crud-api.ts';
import { http } from '../../shared/api/http.ts';

const base = '/api/system/DataInterface';
const variates = '/api/system/DataInterfaceVariate';

/** admin.md §7 "Data interfaces" (protocol-admin.md section 4). */
export const dataInterfaceApi = {
  ...crudApi<DataInterfaceRow, DataInterfaceInput, DataInterfaceQuery>(base),
  ...transferApi(base),
  copy: (id: string) =>
    http.post<Envelope<{ id: string }>>(`${base}/${id}/Actions/Copy`, undefined, { envelope: true }),
  parameters: (id: string) => http.get<DataInterfaceParameter[]>(`${base}/GetParam/${id}`),
  preview: (id: string, paramList: DataInterfaceParamValue[]) =>
    http.post<DataInterfaceDataRow[]>(`${base}/${id}/Actions/Preview`, { paramList, origin: 'preview' }),
  logs: (id: string, query: { currentPage: number; pageSize: number; keyword?: string }, signal?: AbortSignal) =>
    http.get<PageData<DataInterfaceLogRow>>(`/api/system/DataInterfaceLog/${id}`, query, { signal }),
  variates: (interfaceId: string) => http.get<ListData<DataInterfaceVariateRow>>(`${variates}/${interfaceId}`),
  createVariate: (input: DataInterfaceVariateInput) =>
    http.post<Envelope<{ id: string }>>(variates, input, { envelope: true }),
  updateVariate: (id: string, input: DataInterfaceVariateInput) =>
    http.put<Envelope<null>>(`${variates}/${id}`, { ...input, id }, { envelope: true }),
  removeVariate: (id: string) => http.delete<Envelope<null>>(`${variates}/${id}`, undefined, { envelope: true }),
};
