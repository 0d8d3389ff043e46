import type { AdminListItem, Envelope, SysConfigInput, SysConfigView } from '@platform/shared';
import { http } from '../../shared/api/http.ts';

/** protocol-admin.md §9 "System config": the only place this feature touches HTTP. */
export const sysConfigApi = {
  get: () => http.get<SysConfigView>('/api/system/SysConfig'),
  /** Saves what is sent; the settings not sent are kept. */
  save: (settings: SysConfigInput) => http.put<Envelope<null>>('/api/system/SysConfig', settings, { envelope: true }),
  administrators: () => http.get<AdminListItem[]>('/api/system/SysConfig/getAdminList'),
  setAdministrators: (adminIds: string[]) =>
    http.put<Envelope<null>>('/api/system/SysConfig/setAdminList', { adminIds }, { envelope: true }),
  /** Silent: the test dialog shows the server's answer, success or failure, itself. */
  testMail: (to: string) =>
    http.post<Envelope<null>>('/api/system/SysConfig/Actions/TestMail', { to }, { envelope: true, silent: true }),
};

export const sysConfigKey = ['sysConfig', 'settings'] as const;
export const administratorsKey = ['sysConfig', 'administrators'] as const;
