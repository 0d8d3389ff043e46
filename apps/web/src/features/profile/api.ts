import type {
  AccessContact,
  BaseInfo,
  BaseInfoInput,
  FileLink,
  LogRow,
  ModifyPasswordInput,
  PageData,
  Signature,
  Subordinate,
  UserOrganize,
} from '@platform/shared';
import { http } from '../../shared/api/http.ts';

/**
 * shell.md §7 "Current user": every call under /api/permission/Users/Current, the profile page's
 * and those the shell (theme, language, system switch) and the password dialog make, in one place.
 */
const base = '/api/permission/Users/Current';

export type { BaseInfo, Signature as SignatureRow, Subordinate, UserOrganize };

/** 1 logins, 2 operations. */
export type LogCategory = 1 | 2;
export const logPageSize = 20;
/** The server's avatar limit: 5 MB. */
export const avatarMaxMb = 5;

// Sections read quietly: a failed section shows its own state in place.
const quiet = { silent: true };

export const profileApi = {
  baseInfo: () => http.get<BaseInfo>(`${base}/BaseInfo`, undefined, quiet),
  saveBaseInfo: (info: BaseInfoInput) => http.put<null>(`${base}/BaseInfo`, info),
  organizes: () => http.get<UserOrganize[]>(`${base}/getUserOrganizes`, undefined, quiet),
  positions: () => http.get<UserOrganize[]>(`${base}/getUserPositions`, undefined, quiet),
  /** '0' = the caller's own direct reports. */
  /** Whom to ask for access (the page of a user without a menu). */
  accessContacts: () => http.get<AccessContact[]>(`${base}/Administrators`, undefined, quiet),
  subordinates: (id = '0') =>
    http.get<Subordinate[]>(`${base}/Subordinate/${encodeURIComponent(id)}`, undefined, quiet),
  systemLog: (category: LogCategory, currentPage = 1, pageSize = logPageSize) =>
    http.get<PageData<LogRow>>(`${base}/SystemLog`, { category, currentPage, pageSize }, quiet),
  signatures: () => http.get<Signature[]>(`${base}/SignImg`, undefined, quiet),
  addSignature: (signImg: string, isDefault?: 0 | 1) =>
    http.post<{ id: string }>(`${base}/SignImg`, isDefault === undefined ? { signImg } : { signImg, isDefault }),
  setDefaultSignature: (id: string) => http.put<null>(`${base}/${encodeURIComponent(id)}/SignImg`),
  deleteSignature: (id: string) => http.delete<null>(`${base}/${encodeURIComponent(id)}/SignImg`),
  setAvatar: (name: string) => http.put<null>(`${base}/Avatar/${encodeURIComponent(name)}`),
  // The shell's settings are best-effort: the display options are stored locally first, so a
  // server without the call (HTTP 404) loses nothing on this device.
  /** The navigation style (classic, functional, blend, plain). */
  saveTheme: (theme: string) => http.put<null>(`${base}/SystemTheme`, { theme }, quiet),
  saveLanguage: (language: string) => http.put<null>(`${base}/SystemLanguage`, { language }, quiet),
  /** The shell's system switch: majorType 'System'. */
  switchSystem: (majorId: string) => http.put<null>(`${base}/major`, { majorId, majorType: 'System' }),
  /** Resolves with the envelope: its `msg` is the success text to show. */
  modifyPassword: (input: ModifyPasswordInput) =>
    http.post<{ msg: string }>(`${base}/Actions/ModifyPassword`, input, { envelope: true }),
  /** POST /api/file/Uploader/userAvatar: where the stored avatar is; `setAvatar` then makes it the user's. */
  uploadAvatar: (file: Blob, name: string) => http.postFile<FileLink>('/api/file/Uploader/userAvatar', file, name),
};
