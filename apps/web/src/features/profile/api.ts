import { http } from '../../shared/api/http.ts';

/** shell.md §7 "Current user": the calls of /profile, all under /api/permission/Users/Current. */
const base = '/api/permission/Users/Current';

export interface BaseInfo {
  id?: string;
  account?: string;
  realName?: string;
  gender?: string | number;
  mobilePhone?: string;
  email?: string;
  organize?: string;
  position?: string;
  roleId?: string;
  headIcon?: string;
  description?: string;
  [field: string]: unknown;
}

export interface UserOrganize {
  id: string;
  fullName: string;
  isDefault?: boolean;
}

export interface LogRow {
  id: string;
  creatorTime: number;
  ipAddress?: string;
  platForm?: string;
  [field: string]: unknown;
}

// Sections read quietly: a call the server does not have yet shows an "unavailable" state in place.
const quiet = { silent: true };

export const profileApi = {
  baseInfo: () => http.get<BaseInfo>(`${base}/BaseInfo`, undefined, quiet),
  saveBaseInfo: (info: Partial<BaseInfo>) => http.put<null>(`${base}/BaseInfo`, info),
  organizes: () => http.get<UserOrganize[]>(`${base}/getUserOrganizes`, undefined, quiet),
  positions: () => http.get<UserOrganize[]>(`${base}/getUserPositions`, undefined, quiet),
  setMajor: (majorId: string, majorType: 'Organize' | 'Position') =>
    http.put<null>(`${base}/major`, { majorId, majorType }),
  subordinates: (id: string) => http.get<unknown[]>(`${base}/Subordinate/${encodeURIComponent(id)}`, undefined, quiet),
  systemLog: (category: 1 | 3, currentPage = 1) =>
    http.get<{ list: LogRow[]; pagination: { total: number } }>(
      `${base}/SystemLog`,
      { category, currentPage, pageSize: 20 },
      quiet,
    ),
  signatures: () => http.get<{ id: string; signImg: string; isDefault: number }[]>(`${base}/SignImg`, undefined, quiet),
};
