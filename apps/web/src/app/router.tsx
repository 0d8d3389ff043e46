import { createBrowserRouter, type LoaderFunctionArgs, redirect } from 'react-router';
import { isLocked, lockScreenPath } from '../features/lockScreen/lock-state.ts';
import LoginPage from '../features/login/pages/LoginPage.tsx';
import { i18n } from '../shared/i18n/index.ts';
import { loginPath, noMenuPath } from '../shared/session/redirect.ts';
import { getToken } from '../shared/session/store.ts';
import { shellGuard } from './guard.ts';
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

/**
 * A signed-in page outside the main layout (a data screen in its own window): it gets the query
 * client the layout would have given it.
 */
const withQueries = (load: ReturnType<typeof page>) => async () => {
  const [{ Component: Page }, { QueryProvider }] = await Promise.all([load(), import('./query-client.tsx')]);
  return {
    Component: () => (
      <QueryProvider>
        <Page />
      </QueryProvider>
    ),
  };
};

const homePage = page(() => import('../features/home/pages/HomePage.tsx'), 'home');

/** Route handle of a fixed route: the key of its tab title (namespace `shell`) and its tab rules. */
const tab = (key: string, options: { icon?: string; affix?: boolean; noCache?: boolean } = {}) => ({
  tag: key,
  icon: options.icon ?? key,
  affix: options.affix,
  noCache: options.noCache,
});

/**
 * What shows while the first route's code and data load at start-up: nothing. The login page is
 * in the first chunk and the signed-in layout loads in a fraction of a second, so a spinner would
 * only flash; declaring it keeps the router from warning on every page load.
 */
function InitialLoad() {
  return null;
}

export function createRouter(basename?: string) {
  return createBrowserRouter(
    [
      {
        ErrorBoundary: RouteError,
        HydrateFallback: InitialLoad,
        children: [
          // The login page is in the first chunk: it is what a signed-out visitor sees first.
          { path: '/login', loader: leaveLoginWhenSignedIn, Component: LoginPage },
          // shell.md §2.1: open routes. No single-sign-on provider is configured (getLoginConfig
          // answers redirect: false), so its landing routes lead to the login page, keeping `redirect`.
          { path: '/sso', loader: ({ request }) => redirect(`/login${new URL(request.url).search}`) },
          { path: '/auth-redirect', loader: ({ request }) => redirect(`/login${new URL(request.url).search}`) },
          // A generated form's public form or list (外链); the server decides what the link allows.
          {
            path: '/formShortLink',
            lazy: page(() => import('../features/visualdev/pages/ShortLinkPage.tsx'), 'visualdev'),
          },
          {
            // shell.md §2.2: the fixed routes under the main layout; every other path is a menu
            // route (MenuPage reads the table the guard built from the menu list) or /404.
            path: '/',
            loader: (args: LoaderFunctionArgs) => (isLocked() ? redirect(lockScreenPath) : shellGuard(args)),
            lazy: page(() => import('./layout/MainLayout.tsx'), 'shell'),
            children: [
              { index: true, loader: () => redirect('/home') },
              { path: 'home', handle: tab('home', { affix: true }), lazy: homePage },
              { path: 'dashboard', handle: tab('dashboard', { icon: 'home' }), lazy: homePage },
              {
                path: 'profile',
                handle: tab('profile'),
                lazy: page(() => import('../features/profile/pages/ProfilePage.tsx'), 'profile'),
              },
              {
                path: 'messageRecord',
                handle: tab('messageRecord', { icon: 'message' }),
                lazy: page(() => import('../features/message/pages/MessageRecordPage.tsx'), 'message'),
              },
              {
                path: 'previewModel',
                handle: tab('previewModel', { noCache: true }),
                lazy: page(() => import('../features/previewModel/pages/PreviewModelPage.tsx')),
              },
              {
                path: 'emailDetail',
                handle: tab('emailDetail', { icon: 'message' }),
                lazy: page(() => import('../features/message/pages/EmailDetailPage.tsx'), 'message'),
              },
              {
                path: 'workFlowDetail',
                handle: tab('workFlowDetail', { icon: 'flow', noCache: true }),
                lazy: page(() => import('../features/workflow/pages/FlowDetailPage.tsx'), 'workflow'),
              },
              {
                path: 'workFlow/entrust',
                handle: tab('entrust', { icon: 'flow' }),
                lazy: page(() => import('../features/workflow/pages/EntrustPage.tsx'), 'workflow'),
              },
              {
                path: 'externalLink',
                handle: tab('externalLink', { icon: 'link' }),
                lazy: page(() => import('./pages/ExternalLinkPage.tsx')),
              },
              { path: 'menuMore', loader: () => redirect('/home') },
              { path: '403', handle: tab('noPermission'), lazy: page(() => import('./pages/NoPermissionPage.tsx')) },
              { path: '404', handle: { icon: 'home' }, lazy: page(() => import('./pages/NotFoundPage.tsx')) },
              { path: 'redirect/*', lazy: page(() => import('./pages/RedirectPage.tsx')) },
              { path: '*', lazy: page(() => import('./pages/MenuPage.tsx')) },
            ],
          },
          // A data screen (menu type 6): the built-in visualisation host, full screen in its own window.
          {
            path: '/DataV/view/:id',
            loader: (args: LoaderFunctionArgs) => (isLocked() ? redirect(lockScreenPath) : shellGuard(args)),
            lazy: withQueries(page(() => import('../features/portal/pages/ScreenPage.tsx'), 'portal')),
          },
          // A signed-in user granted no menu: says so and whom to ask (shell.md §5, issue 36).
          {
            path: noMenuPath,
            loader: (args: LoaderFunctionArgs) => (getToken() ? null : requireSession(args)),
            lazy: page(() => import('./pages/NoMenuPage.tsx'), 'shell'),
          },
          {
            path: lockScreenPath,
            loader: (args: LoaderFunctionArgs) =>
              getToken() ? (isLocked() ? null : redirect('/')) : requireSession(args),
            lazy: page(() => import('../features/lockScreen/pages/LockScreenPage.tsx'), 'lockScreen'),
          },
          { path: '*', loader: () => redirect('/404') },
        ],
      },
    ],
    { basename },
  );
}

export type AppRouter = ReturnType<typeof createRouter>;
