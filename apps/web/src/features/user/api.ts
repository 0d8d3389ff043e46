import type {
  DictionaryAllItem,
  Envelope,
  ExportQuery,
  FileLink,
  ListData,
  PageData,
  UserInfo,
  UserInput,
  UserQuery,
  UserRow,
} from '@platform/shared';
import { http } from '../../shared/api/http.ts';
import { sheetImportApi } from '../../shared/components/import/index.ts';

const base = '/api/permission/Users';

export type { UserInfo };

/** admin.md §7 "Users". */
export const userApi = {
  list: (query: UserQuery, signal?: AbortSignal) => http.get<PageData<UserRow>>(base, query, { signal }),
  info: (id: string) => http.get<UserInfo>(`${base}/${id}`),
  /** The form's certificate types and education levels come from here (certificateType, education). */
  dictionaries: () =>
    http.get<ListData<DictionaryAllItem>>('/api/system/DictionaryData/All', undefined, { silent: true }),
  create: (input: UserInput) => http.post<Envelope<{ id: string }>>(base, input, { envelope: true }),
  update: (id: string, input: UserInput) =>
    http.put<Envelope<null>>(`${base}/${id}`, { ...input, id }, { envelope: true }),
  remove: (id: string) => http.delete<Envelope<null>>(`${base}/${id}`, undefined, { envelope: true }),
  toggleState: (id: string) => http.put<Envelope<null>>(`${base}/${id}/Actions/State`, undefined, { envelope: true }),
  unlock: (id: string) => http.put<Envelope<null>>(`${base}/${id}/Actions/unlock`, undefined, { envelope: true }),
  /** Both fields are the MD5 hex of the new password. */
  resetPassword: (id: string, digest: string) =>
    http.post<Envelope<null>>(
      `${base}/${id}/Actions/ResetPassword`,
      { userPassword: digest, validatePassword: digest },
      { envelope: true },
    ),
  /** The generic import calls (protocol-admin.md 6) under the users' path. */
  sheets: sheetImportApi(base),
  exportData: (query: ExportQuery) => http.get<FileLink>(`${base}/ExportData`, query),
};
