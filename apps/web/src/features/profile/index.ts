/** What other features use of the profile: the calls of the signed-in user's own account (changing the password). */
export { profileApi } from './api.ts';
