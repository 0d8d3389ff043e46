/**
 * The `redirect` query value of /login, accepted only when it is a path of this site: an absolute
 * or protocol-relative address would turn the login page into an open redirect.
 */
export function safeRedirect(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (value.startsWith('/login')) return '/';
  return value;
}

export const loginPath = (redirect: string) =>
  redirect && redirect !== '/' ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login';

/** The page of a signed-in user the server grants no menu (shell.md §5, issue 36). */
export const noMenuPath = '/noMenu';
