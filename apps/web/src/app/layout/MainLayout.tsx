import { useQueryClient } from '@tanstack/react-query';
import Drawer from 'antd/es/drawer';
import Modal from 'antd/es/modal';
import notificationApi from 'antd/es/notification';
import theme from 'antd/es/theme';
import { type CSSProperties, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { useLockScreen } from '../../features/lockScreen/LockScreenButton.tsx';
import { ResetPasswordDialog } from '../../features/password/ResetPasswordDialog.tsx';
import { FirstLoginPasswordCheck } from '../../features/password/useFirstLoginPasswordCheck.tsx';
import { shellApi } from '../../features/shell/api.ts';
import { formatDateTime } from '../../shared/format.ts';
import { LogoMark } from '../../shared/Logo.tsx';
import { sessionApi } from '../../shared/session/api.ts';
import { previousLoginNoticeKind, useSession } from '../../shared/session/store.ts';
import { MenuIcon } from '../../shared/shell/menu-icons.tsx';
import {
  findRoute,
  firstDirectory,
  type MenuNode,
  type RouteMeta,
  visibleMenus,
} from '../../shared/shell/menu-routes.ts';
import { useMenuTitle } from '../../shared/shell/menu-title.ts';
import { menuKey } from '../../shared/shell/open-menu.ts';
import { useShell } from '../../shared/shell/shell-store.ts';
import { readStored, removeStored } from '../../shared/storage.ts';
import { preloadToasts } from '../../shared/toast.tsx';
import { QueryProvider } from '../query-client.tsx';
import { useSettings } from '../settings-store.ts';
import { useTags } from '../tags-store.ts';
import { KeepAliveOutlet } from './KeepAlive.tsx';
import { Navbar } from './Navbar.tsx';
import { SideMenu, TopMenu } from './NavMenus.tsx';
import { SettingsDrawer } from './SettingsDrawer.tsx';
import { type ShellDialog, ShellDialogs } from './ShellDialogs.tsx';
import { TagsBar } from './TagsBar.tsx';
import './layout.css';

/** Route handle of the fixed routes (shell.md §2.2): their tab title key and tab rules. */
export interface FixedHandle {
  tag?: string;
  icon?: string;
  affix?: boolean;
  noCache?: boolean;
}

/** shell.md §4 "Device": mobile under 992 px. */
export const mobileBreakpoint = 992;
const landingPaths = ['/home', '/dashboard', '/404'];

function useWindowWidth() {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

function Brand({ collapsed = false }: { collapsed?: boolean }) {
  const config = useShell((s) => s.sysConfig);
  const { t } = useTranslation();
  const logo = config.navigationIcon || config.logoIcon;
  // A configured logo that does not load falls back to the built-in mark.
  const [broken, setBroken] = useState('');
  return (
    <div className="shell-brand">
      {logo && broken !== logo ? (
        <img src={logo} alt="" height={28} onError={() => setBroken(logo)} />
      ) : (
        <LogoMark size={28} />
      )}
      {!collapsed && <span className="shell-brand-name">{config.sysName || t('appName')}</span>}
    </div>
  );
}

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
  const { t, i18n } = useTranslation('shell');
  const settings = useSettings();
  const menuList = useShell((s) => s.menuList);
  const routes = useShell((s) => s.routes);
  const sysConfig = useShell((s) => s.sysConfig);
  const location = useLocation();
  const navigate = useNavigate();
  const matches = useMatches();
  const queryClient = useQueryClient();
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

  // Tags: every page with a title becomes a visited view.
  useEffect(() => {
    if (!title) return;
    useTags.getState().addView({
      fullPath,
      path: pathname,
      name: route ? route.name : (handle?.tag ?? pathname),
      title: route ? route.meta.zhTitle : title,
      enCode: route?.enCode,
      meta: {
        title: route ? route.meta.title : title,
        zhTitle: route ? route.meta.zhTitle : title,
        icon: route ? route.meta.icon : (handle?.icon ?? ''),
        noCache: handle?.noCache,
        affix: handle?.affix,
      },
    });
  }, [fullPath, pathname, route, handle, title]);

  // shell.md §2.4: the page title comes from route meta.
  useEffect(() => {
    const system = sysConfig.title || sysConfig.sysName || i18n.t('common:appName');
    document.title = title ? `${title} - ${system}` : system;
  }, [title, sysConfig, i18n]);

  // shell.md §4: a language change is also sent to the server.
  useEffect(() => {
    const onChange = (language: string) => {
      shellApi.saveLanguage(language).catch(() => undefined);
    };
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [i18n]);

  // Issue 3: the previous login, bottom right for 2 s, once after signing in.
  const user = useSession((s) => s.userInfo);
  useEffect(() => {
    if (!user || !readStored(previousLoginNoticeKind, { session: true })) return;
    removeStored(previousLoginNoticeKind, { session: true });
    if (!user.prevLoginTime || user.prevLogin === 0) return;
    notification.info({
      title: t('home:prevLogin'),
      description: t('home:prevLoginDetail', {
        time: formatDateTime(user.prevLoginTime),
        ip: [user.prevLoginIPAddress, user.prevLoginIPAddressName].filter(Boolean).join(' '),
      }),
      placement: 'bottomRight',
      duration: 2,
    });
  }, [user, notification, t]);

  const logout = () =>
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

  const dark = settings.mode === 'dark';
  // antd scopes its CSS variables to its components; the frame (navbar, tags, background) reads the
  // same tokens through these, so dark mode and the themes reach it too.
  const { token } = theme.useToken();
  const frameVars = {
    '--ant-color-bg-container': token.colorBgContainer,
    '--ant-color-bg-layout': token.colorBgLayout,
    '--ant-color-text': token.colorText,
    '--ant-color-text-secondary': token.colorTextSecondary,
    '--ant-color-text-tertiary': token.colorTextTertiary,
    '--ant-color-border': token.colorBorder,
    '--ant-color-border-secondary': token.colorBorderSecondary,
    '--ant-color-fill-tertiary': token.colorFillTertiary,
    '--ant-color-primary': token.colorPrimary,
    '--ant-color-primary-bg': token.colorPrimaryBg,
  } as CSSProperties;
  const layout = mobile ? 'mobile' : settings.layout;
  const sideDark = true;
  const sideCollapsed = collapsed && !mobile;

  const selectDirectory = (enCode: string) => {
    setChosenTop(enCode);
    const node = menus.find((m) => m.enCode === enCode);
    const firstPage = node && firstPageOf(node);
    const target = firstPage && routes.find((r) => r.enCode === firstPage.enCode);
    if (target?.path) navigate(target.path);
  };

  let aside: React.ReactNode = null;
  let navLeft: React.ReactNode = null;
  if (layout === 'classic') {
    aside = (
      <aside className={`shell-aside ${sideCollapsed ? 'collapsed' : ''}`} data-testid="sidebar">
        <Brand collapsed={sideCollapsed} />
        <SideMenu
          nodes={menus}
          selectedKey={selectedKey}
          openKeys={openKeys}
          collapsed={sideCollapsed}
          dark={sideDark}
        />
      </aside>
    );
  } else if (layout === 'functional') {
    navLeft = (
      <>
        <Brand />
        <TopMenu nodes={menus} selectedKeys={[selectedKey, ...openKeys]} dark={dark} />
      </>
    );
  } else if (layout === 'blend') {
    navLeft = (
      <>
        <Brand />
        <TopMenu
          nodes={menus}
          depth={1}
          selectedKeys={activeTop ? [`dir:${activeTop}`, selectedKey] : [selectedKey]}
          onSelectDirectory={selectDirectory}
          dark={dark}
        />
      </>
    );
    aside = (
      <aside className={`shell-aside ${sideCollapsed ? 'collapsed' : ''}`} data-testid="sidebar">
        <SideMenu
          nodes={topNode?.children ?? []}
          selectedKey={selectedKey}
          openKeys={openKeys}
          collapsed={sideCollapsed}
          dark={sideDark}
        />
      </aside>
    );
  } else if (layout === 'plain') {
    aside = (
      <aside className="shell-plain" data-testid="sidebar">
        <nav className="shell-rail">
          <Brand collapsed />
          {menus.map((node) => (
            <button
              key={node.enCode}
              type="button"
              className={node.enCode === activeTop ? 'active' : ''}
              onClick={() => selectDirectory(node.enCode)}
            >
              <MenuIcon icon={node.icon} />
              <span>{menuTitle(node)}</span>
            </button>
          ))}
        </nav>
        {!sideCollapsed && (
          <div className="shell-plain-panel">
            <div className="shell-plain-title">{topNode ? menuTitle(topNode) : ''}</div>
            <SideMenu
              nodes={topNode?.children ?? []}
              selectedKey={selectedKey}
              openKeys={openKeys}
              collapsed={false}
              dark={dark}
            />
          </div>
        )}
      </aside>
    );
  } else {
    navLeft = <Brand />;
  }

  return (
    <div className={`shell shell-${layout} ${dark ? 'shell-dark' : 'shell-light'}`} style={frameVars}>
      {modalHolder}
      {notificationHolder}
      <FirstLoginPasswordCheck />
      {aside}
      {mobile && (
        <Drawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
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
              onOpen={() => setDrawerOpen(false)}
            />
          </div>
        </Drawer>
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
        <main className="shell-content">
          <KeepAliveOutlet meta={meta} />
        </main>
      </div>
      <ShellDialogs open={dialog} onClose={() => setDialog(null)} />
      <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      <ResetPasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </div>
  );
}

function firstPageOf(node: MenuNode): MenuNode | undefined {
  for (const child of node.children ?? []) {
    if (child.hidden) continue;
    if (child.type !== 0 && child.type !== 1) return child;
    const inner = firstPageOf(child);
    if (inner) return inner;
  }
  return undefined;
}
