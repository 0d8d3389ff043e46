import type {
  Envelope,
  ExportQuery,
  FileLink,
  PageData,
  UserImportRow,
  UserInput,
  UserQuery,
  UserRow,
} from '@platform/shared';
import { http } from '../../shared/api/http.ts';
import { getToken } from '../../shared/session/store.ts';

const base = '/api/permission/Users';

/** The user card of `GET /api/permission/Users/{id}`: organizeId, positionId, roleId, groupId comma-joined. */
export interface UserInfo extends Omit<UserInput, 'organizeId' | 'positionId' | 'roleId' | 'groupId'> {
  id: string;
  organizeId: string;
  positionId: string;
  roleId: string;
  groupId: string;
}

/** `GET /api/system/DictionaryData/All` (protocol.md): every dictionary with its enabled entries. */
export interface DictionaryAll {
  list: { enCode: string; dictionaryList?: { id: string; enCode: string; fullName: string }[] }[];
}

export interface ImportPreview {
  headerRow: { id: string; fullName: string }[];
  dataRow: UserImportRow[];
}

export interface ImportResult {
  resultType: number;
  snum: number;
  fnum: number;
  failResult: UserImportRow[];
}

/** admin.md §7 "Users". */
export const userApi = {
  list: (query: UserQuery, signal?: AbortSignal) => http.get<PageData<UserRow>>(base, query, { signal }),
  info: (id: string) => http.get<UserInfo>(`${base}/${id}`),
  /** The form's certificate types and education levels come from here (certificateType, education). */
  dictionaries: () => http.get<DictionaryAll>('/api/system/DictionaryData/All', undefined, { silent: true }),
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
  importPreview: (fileName: string) => http.get<ImportPreview>(`${base}/ImportPreview`, { fileName }),
  importData: (list: UserImportRow[]) =>
    http.post<Envelope<ImportResult>>(`${base}/ImportData`, { list }, { envelope: true }),
  exportFailures: (list: UserImportRow[]) => http.post<FileLink>(`${base}/ExportExceptionData`, { list }),
  exportData: (query: ExportQuery) => http.get<FileLink>(`${base}/ExportData`, query),
};

/** Opens a generated file's link as a plain download. */
export function download(link: FileLink) {
  if (!link.url) return;
  const anchor = document.createElement('a');
  anchor.href = link.url;
  anchor.download = link.name;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
