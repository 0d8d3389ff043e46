import { useQueryClient } from '@tanstack/react-query';
import Drawer from 'antd/es/drawer';
import Modal from 'antd/es/modal';
import notificationApi from 'antd/es/notification';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { useLockScreen } from '../../features/lockScreen/LockScreenButton.tsx';
import { ResetPasswordDialog } from '../../features/password/ResetPasswordDialog.tsx';
import { FirstLoginPasswordCheck } from '../../features/password/useFirstLoginPasswordCheck.tsx';
import { sessionApi } from '../../shared/session/api.ts';
import { noMenuPath } from '../../shared/session/redirect.ts';
import { useSession } from '../../shared/session/store.ts';
import { findRoute, firstDirectory, type RouteMeta, visibleMenus } from '../../shared/shell/menu-routes.ts';
import { useMenuTitle } from '../../shared/shell/menu-title.ts';
import { menuKey } from '../../shared/shell/open-menu.ts';
import { useShell } from '../../shared/shell/shell-store.ts';
import { preloadToasts } from '../../shared/toast.tsx';
import { QueryProvider } from '../query-client.tsx';
import { useSettings } from '../settings-store.ts';
import { useTags } from '../tags-store.ts';
import { Brand } from './Brand.tsx';
import { KeepAliveOutlet } from './KeepAlive.tsx';
import {
  type FixedHandle,
  useDocumentTitle,
  useFrameVars,
  useLanguageSavedOnServer,
  useLiveMenus,
  usePreviousLoginNotice,
  useVisitedView,
  useWindowWidth,
} from './layout-hooks.ts';
import { Navbar } from './Navbar.tsx';
import { SideMenu } from './NavMenus.tsx';
import { firstPageOf, navigation, sideDark } from './navigation.tsx';
import { SettingsDrawer } from './SettingsDrawer.tsx';
import { type ShellDialog, ShellDialogs } from './ShellDialogs.tsx';
import { TagsBar } from './TagsBar.tsx';
import './layout.css';

/** shell.md §4 "Device": mobile under 992 px. */
export const mobileBreakpoint = 992;
const landingPaths = ['/home', '/dashboard', '/404'];

/**
 * The main layout (shell.md §2.5): one of four navigation styles, navbar, tags bar and the
 * kept-alive content. Every signed-in page renders inside it.
 */
export default function MainLayoutRoute() {
  return (
    <QueryProvider>
      <MainLayout />
    </QueryProvider>
  );
}

function MainLayout() {
  // Signed in, toasts are frequent: fetch their code now rather than with the first one.
  useEffect(preloadToasts, []);
  const { t } = useTranslation('shell');
  const settings = useSettings();
  const menuList = useShell((s) => s.menuList);
  const routes = useShell((s) => s.routes);
  const location = useLocation();
  const navigate = useNavigate();
  const matches = useMatches();
  const menuTitle = useMenuTitle();
  const lockScreen = useLockScreen();
  const [modal, modalHolder] = Modal.useModal();
  const [notification, notificationHolder] = notificationApi.useNotification();
  const width = useWindowWidth();
  const mobile = width < mobileBreakpoint;
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [dialog, setDialog] = useState<ShellDialog>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [chosenTop, setChosenTop] = useState<string>();

  const menus = useMemo(() => visibleMenus(menuList), [menuList]);
  const { pathname, search } = location;
  const fullPath = `${pathname}${search}`;
  const route = findRoute(routes, pathname, search);
  const handle = matches[matches.length - 1]?.handle as FixedHandle | undefined;
  const first = firstDirectory(menus);
  const landing = landingPaths.includes(pathname);

  const meta: RouteMeta | undefined = route
    ? route.meta
    : handle?.tag
      ? { title: t(handle.tag), zhTitle: handle.tag, icon: handle.icon ?? '', moduleId: '', noCache: handle.noCache }
      : undefined;
  const title = route ? menuTitle(route) : handle?.tag ? t(handle.tag) : '';

  // The top-level directory whose pages the blend and plain sidebars show.
  const routeTop = route?.parents[0] ?? (landing ? first?.enCode : undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page resets the chosen directory
  useEffect(() => setChosenTop(undefined), [fullPath]);
  const activeTop = chosenTop ?? routeTop ?? first?.enCode;
  const topNode = menus.find((m) => m.enCode === activeTop);
  const selectedKey = route ? menuKey(route) : pathname;
  const openKeys = route ? route.parents.map((p) => `dir:${p}`) : landing && first ? [`dir:${first.enCode}`] : [];

  // shell.md §4 "Device": the sidebar closes on mobile.
  useEffect(() => {
    if (mobile) setDrawerOpen(false);
  }, [mobile]);

  useVisitedView({ title, fullPath, pathname, route, handle });
  useDocumentTitle(title);
  useLanguageSavedOnServer();
  usePreviousLoginNotice(notification);
  useLiveMenus(useCallback(() => navigate(noMenuPath, { replace: true }), [navigate]));

  const logout = useLogout(modal);

  const dark = settings.mode === 'dark';
  const frameVars = useFrameVars();
  const layout = mobile ? 'mobile' : settings.layout;
  const sideCollapsed = collapsed && !mobile;

  const selectDirectory = (enCode: string) => {
    setChosenTop(enCode);
    const node = menus.find((m) => m.enCode === enCode);
    const firstPage = node && firstPageOf(node);
    const target = firstPage && routes.find((r) => r.enCode === firstPage.enCode);
    if (target?.path) navigate(target.path);
  };

  const { aside, navLeft } = navigation({
    layout,
    menus,
    selectedKey,
    openKeys,
    sideCollapsed,
    dark,
    activeTop,
    topNode,
    selectDirectory,
    menuTitle,
  });

  return (
    <div className={`shell shell-${layout} ${dark ? 'shell-dark' : 'shell-light'}`} style={frameVars}>
      {modalHolder}
      {notificationHolder}
      <FirstLoginPasswordCheck />
      {/* The first stop of the Tab key: past the menu and the toolbar, straight to the page. */}
      <a className="skip-link" href="#main-content">
        {t('skipToContent')}
      </a>
      {aside}
      {mobile && (
        <MobileMenuDrawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          menus={menus}
          selectedKey={selectedKey}
          openKeys={openKeys}
        />
      )}
      <div className="shell-main">
        <Navbar
          left={navLeft}
          showCollapse={layout !== 'functional'}
          collapsed={mobile ? !drawerOpen : collapsed}
          onToggle={() => (mobile ? setDrawerOpen((o) => !o) : setCollapsed((c) => !c))}
          onDialog={setDialog}
          onSettings={() => setSettingsOpen(true)}
          onChangePassword={() => setPasswordOpen(true)}
          onLock={lockScreen}
          onLogout={logout}
        />
        {settings.showTagsView && <TagsBar />}
        <main className="shell-content" id="main-content" tabIndex={-1}>
          <KeepAliveOutlet meta={meta} />
        </main>
      </div>
      <ShellDialogs open={dialog} onClose={() => setDialog(null)} />
      <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      <ResetPasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </div>
  );
}

/** Signing out after a confirmation: the session, the tags and every cached answer are dropped. */
function useLogout(modal: ReturnType<typeof Modal.useModal>[0]) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return () =>
    modal.confirm({
      title: t('confirmTitle'),
      content: t('logoutConfirm'),
      okText: t('ok'),
      cancelText: t('cancel'),
      onOk: async () => {
        await sessionApi.logout().catch(() => undefined);
        useSession.getState().reset();
        useTags.getState().reset();
        queryClient.clear();
        navigate('/login', { replace: true });
      },
    });
}

/** shell.md §4 "Device": on mobile the side menu lives in a drawer from the left. */
function MobileMenuDrawer({
  open,
  onClose,
  menus,
  selectedKey,
  openKeys,
}: {
  open: boolean;
  onClose: () => void;
  menus: ReturnType<typeof visibleMenus>;
  selectedKey: string;
  openKeys: string[];
}) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      size={210}
      closable={false}
      className="shell-mobile-drawer"
      styles={{ body: { padding: 0 } }}
    >
      <div className="shell-aside" data-testid="sidebar">
        <Brand />
        <SideMenu
          nodes={menus}
          selectedKey={selectedKey}
          openKeys={openKeys}
          collapsed={false}
          dark={sideDark}
          onOpen={onClose}
        />
      </div>
    </Drawer>
  );
}
