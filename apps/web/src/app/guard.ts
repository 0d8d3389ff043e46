import { type LoaderFunctionArgs, redirect } from 'react-router';
import { httpSettings } from '../shared/api/http.ts';
import { i18n } from '../shared/i18n/index.ts';
import { loginPath, noMenuPath } from '../shared/session/redirect.ts';
import { getToken, useSession } from '../shared/session/store.ts';
import { EmptyMenuError, useShell } from '../shared/shell/shell-store.ts';

const errorSeconds = 1.5;

/** The built-in visualisation host's screens: `/DataV/view/{id}`. */
export const screenPath = /\/DataV\/view\/[^/]+$/;

/**
 * shell.md §2.4 for every page under the main layout (and the data screens): a token is needed;
 * /workFlowDetail?token= and /DataV/view/{id}?token= replace a different stored token; when no menu list is loaded yet, CurrentUser is fetched and
 * the route table built before the page renders (so a deep link refreshes into its page). An empty
 * menu list leads to the page that says so (/noMenu); a failed fetch ends the session with the
 * spec's message.
 */
export async function shellGuard({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const path = `${url.pathname}${url.search}`;
  // A flow detail and a data screen (type-6 menu, opened in a new window) carry the token to use.
  const passedToken =
    url.pathname.endsWith('/workFlowDetail') || screenPath.test(url.pathname) ? url.searchParams.get('token') : null;
  if (passedToken && passedToken !== getToken()) useSession.getState().setToken(passedToken);
  if (!getToken()) return redirect(loginPath(path));
  if (useShell.getState().loaded) return null;
  try {
    await Promise.all([useShell.getState().load(), i18n.loadNamespaces('shell')]);
    return null;
  } catch (error) {
    // Signed in but granted nothing: a page that says so and whom to ask (the session stays, so
    // a grant made meanwhile opens the console without signing in again).
    if (error instanceof EmptyMenuError) return redirect(noMenuPath);
    useSession.getState().reset();
    httpSettings.toastError(i18n.t('shell:guardFailed'), errorSeconds);
    return redirect(loginPath(path));
  }
}
