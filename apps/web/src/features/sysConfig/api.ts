import type { AdminListItem, Envelope, SynThirdTotal, SysConfigInput, SysConfigView } from '@platform/shared';
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
  /** WeCom: 0 the application secret, 1 the address-book secret; the settings as typed, saved or not. */
  testWeCom: (kind: 0 | 1, settings: SysConfigInput) =>
    http.post<Envelope<null>>(`/api/system/SysConfig/${kind}/testQyWebChatConnect`, settings, { envelope: true }),
  testDingTalk: (settings: SysConfigInput) =>
    http.post<Envelope<null>>('/api/system/SysConfig/testDingTalkConnect', settings, { envelope: true }),
  /** 1 WeCom, 2 DingTalk: organisations, then users. */
  synTotals: (third: ThirdType) => http.get<SynThirdTotal[]>(`/api/system/SynThirdInfo/getSynThirdTotal/${third}`),
  /** direction 0 sends ours, 1 takes theirs; answers the kind's totals. */
  synchronise: (third: ThirdType, kind: 'Organize' | 'User', direction: 0 | 1) =>
    http.get<Envelope<SynThirdTotal>>(
      `/api/system/SynThirdInfo/synAll${kind}SysTo${third === 1 ? 'Qy' : 'Ding'}`,
      { type: direction },
      { envelope: true },
    ),
};

/** 1 WeCom (企业微信), 2 DingTalk (钉钉). */
export type ThirdType = 1 | 2;
export const synTotalsKey = (third: ThirdType) => ['sysConfig', 'synTotals', third] as const;

export const sysConfigKey = ['sysConfig', 'settings'] as const;
export const administratorsKey = ['sysConfig', 'administrators'] as const;
