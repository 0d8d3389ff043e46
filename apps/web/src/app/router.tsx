import { createBrowserRouter, type LoaderFunctionArgs, redirect } from 'react-router';
import { isLocked, lockScreenPath } from '../features/lockScreen/lock-state.ts';
import LoginPage from '../features/login/pages/LoginPage.tsx';
import { i18n } from '../shared/i18n/index.ts';
import { loginPath } from '../shared/session/redirect.ts';
import { getToken } from '../shared/session/store.ts';
import { RouteError } from './RouteError.tsx';

/** shell.md §2.4: without a token, a path outside the open list goes to /login?redirect={path}. */
function requireSession({ request }: LoaderFunctionArgs) {
  // shell.md §2.4: a locked session is forced to /lockScreen.
  if (getToken()) return isLocked() ? redirect(lockScreenPath) : null;
  const url = new URL(request.url);
  return redirect(loginPath(`${url.pathname}${url.search}`));
}

/** shell.md §2.4: with a token, an open /login goes to /. */
function leaveLoginWhenSignedIn() {
  return getToken() ? redirect('/') : null;
}

/** A lazy route: its code and its locale namespace load together, so it renders without a flash. */
const page = (load: () => Promise<{ default: React.ComponentType }>, namespace?: string) => async () => {
  const [module] = await Promise.all([load(), namespace ? i18n.loadNamespaces(namespace) : undefined]);
  return { Component: module.default };
};

export function createRouter(basename?: string) {
  return createBrowserRouter(
    [
      {
        ErrorBoundary: RouteError,
        children: [
          // The login page is in the first chunk: it is what a signed-out visitor sees first.
          { path: '/login', loader: leaveLoginWhenSignedIn, Component: LoginPage },
          {
            path: '/',
            loader: requireSession,
            lazy: page(() => import('../features/home/pages/HomePage.tsx'), 'home'),
          },
          {
            path: lockScreenPath,
            loader: (args: LoaderFunctionArgs) =>
              getToken() ? (isLocked() ? null : redirect('/')) : requireSession(args),
            lazy: page(() => import('../features/lockScreen/pages/LockScreenPage.tsx'), 'lockScreen'),
          },
          { path: '/404', lazy: page(() => import('./pages/NotFoundPage.tsx')) },
          { path: '*', loader: () => redirect('/404') },
        ],
      },
    ],
    { basename },
  );
}

export type AppRouter = ReturnType<typeof createRouter>;
