import type { CurrentUser } from '@platform/shared';
import { http, type RequestOptions } from '../api/http.ts';

/** `GET /api/oauth/CurrentUser` (shell.md §3, protocol.md "Login"). */
export type { CurrentUser };

/** The calls about the signed-in session that more than one feature makes. */
export const sessionApi = {
  currentUser: (options?: RequestOptions) => http.get<CurrentUser>('/api/oauth/CurrentUser', undefined, options),
  logout: () => http.get<null>('/api/oauth/Logout'),
  /** Called once after login (protocol.md); the answer is not used. */
  updatePasswordMessage: () => http.post<null>('/api/oauth/updatePasswordMessage', {}, { silent: true }),
};
