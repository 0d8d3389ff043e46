import type { LoginConfig, ModifyPasswordInput, PasswordPolicy } from '@platform/shared';
import { http } from '../../shared/api/http.ts';

export type { ModifyPasswordInput };

export const passwordPolicyKey = ['password', 'policy'] as const;

export const passwordApi = {
  policy: () => http.get<PasswordPolicy>('/api/oauth/PasswordPolicy', undefined, { silent: true }),
  cipherKey: () =>
    http
      .get<LoginConfig>('/api/oauth/getLoginConfig', undefined, { silent: true })
      .then((config) => config.cipherKey ?? ''),
  captchaUrl: (random: string) => `/api/file/ImageCode/${random}`,
  /** Resolves with the envelope: its `msg` is the success text to show. */
  modify: (input: ModifyPasswordInput) =>
    http.post<{ msg: string }>('/api/permission/Users/Current/Actions/ModifyPassword', input, { envelope: true }),
};
