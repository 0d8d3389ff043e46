import { http } from '../../shared/api/http.ts';

// 600/601/602 on this call is a failed attempt, not the end of the session (http.ts knows the path).
export const lockScreenApi = {
  /** The password is the MD5 digest (lowercase hex) of the clear password. */
  unlock: (account: string, password: string) =>
    http.post<null>('/api/oauth/LockScreen', { account, password }, { silent: true }),
};
