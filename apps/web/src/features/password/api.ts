import type { LoginConfig, PasswordPolicy } from '@platform/shared';
import { http } from '../../shared/api/http.ts';

export const passwordPolicyKey = ['password', 'policy'] as const;

export const passwordApi = {
  policy: () => http.get<PasswordPolicy>('/api/oauth/PasswordPolicy', undefined, { silent: true }),
  cipherKey: () =>
    http
      .get<LoginConfig>('/api/oauth/getLoginConfig', undefined, { silent: true })
      .then((config) => config.cipherKey ?? ''),
  captchaUrl: (random: string) => `/api/file/ImageCode/${random}`,
};
