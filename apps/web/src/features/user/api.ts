import type {
  DictionaryAllItem,
  Envelope,
  ExportQuery,
  FileLink,
  ListData,
  PageData,
  UserImportPreview,
  UserImportResult,
  UserImportRow,
  UserInfo,
  UserInput,
  UserQuery,
  UserRow,
} from '@platform/shared';
import { http } from '../../shared/api/http.ts';
import { openDownload } from '../../shared/download.ts';
import { getToken } from '../../shared/session/store.ts';

const base = '/api/permission/Users';

export type { UserImportPreview as ImportPreview, UserImportResult as ImportResult, UserInfo };

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
  templateDownload: () => http.get<FileLink>(`${base}/TemplateDownload`),
  /** The wizard's upload target: antd's Upload posts the file itself, with these headers (admin.md §7 "Generic import"). */
  uploadAction: `${base}/Uploader`,
  uploadHeaders: (): Record<string, string> => {
    const token = getToken();
    return token ? { Authorization: token, 'jnpf-origin': 'pc' } : { 'jnpf-origin': 'pc' };
  },
  importPreview: (fileName: string) => http.get<UserImportPreview>(`${base}/ImportPreview`, { fileName }),
  importData: (list: UserImportRow[]) =>
    http.post<Envelope<UserImportResult>>(`${base}/ImportData`, { list }, { envelope: true }),
  exportFailures: (list: UserImportRow[]) => http.post<FileLink>(`${base}/ExportExceptionData`, { list }),
  exportData: (query: ExportQuery) => http.get<FileLink>(`${base}/ExportData`, query),
};

/** Opens a generated file's link as a plain download. */
export const download = (link: FileLink) => openDownload(link.url, link.name);
