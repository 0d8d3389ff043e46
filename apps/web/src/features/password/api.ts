import type { PasswordPolicy } from '@platform/shared';
import { http } from '../../shared/api/http.ts';

export interface ModifyPasswordInput {
  /** MD5 hex of the current password. */
  oldPassword: string;
  /** MD5 hex of the new password. */
  password: string;
  code: string;
  /** The captcha's random key, as used in its image URL. */
  timestamp: string;
  /** The new password under the login cipher; the server needs it to check the policy (passwordStrengthLimit 1). */
  passwordCipher?: string;
}

export const passwordPolicyKey = ['password', 'policy'] as const;

export const passwordApi = {
  policy: () => http.get<PasswordPolicy>('/api/oauth/PasswordPolicy', undefined, { silent: true }),
  cipherKey: () =>
    http
      .get<{ cipherKey?: string }>('/api/oauth/getLoginConfig', undefined, { silent: true })
      .then((config) => config.cipherKey ?? ''),
  captchaUrl: (random: string) => `/api/file/ImageCode/${random}`,
  /** Resolves with the envelope: its `msg` is the success text to show. */
  modify: (input: ModifyPasswordInput) =>
    http.post<{ msg: string }>('/api/permission/Users/Current/Actions/ModifyPassword', input, { envelope: true }),
};
