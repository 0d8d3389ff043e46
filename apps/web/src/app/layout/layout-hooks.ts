import type { NotificationInstance } from 'antd/es/notification/interface';
import theme from 'antd/es/theme';
import { type CSSProperties, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { profileApi } from '../../features/profile/api.ts';
import { messageSocket, startMessageSocket } from '../../shared/api/ws.ts';
import { formatDateTime } from '../../shared/format.ts';
import { previousLoginNoticeKind, useSession } from '../../shared/session/store.ts';
import type { MenuRoute } from '../../shared/shell/menu-routes.ts';
import { useShell } from '../../shared/shell/shell-store.ts';
import { readStored, removeStored } from '../../shared/storage.ts';
import { useTags } from '../tags-store.ts';

// What the main layout does beside drawing itself: each effect one hook, named for what it keeps true.

/** Route handle of the fixed routes (shell.md §2.2): their tab title key and tab rules. */
export interface FixedHandle {
  tag?: string;
  icon?: string;
  affix?: boolean;
  noCache?: boolean;
}

export function useWindowWidth() {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

/** The page being shown, as the tags bar and the document title need it. */
export interface ShownPage {
  title: string;
  fullPath: string;
  pathname: string;
  route: MenuRoute | undefined;
  handle: FixedHandle | undefined;
}

export function useVisitedView({ title, fullPath, pathname, route, handle }: ShownPage) {
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
}

export function useDocumentTitle(title: string) {
  const sysConfig = useShell((s) => s.sysConfig);
  const { i18n } = useTranslation();
  // shell.md §2.4: the page title comes from route meta.
  useEffect(() => {
    const system = sysConfig.title || sysConfig.sysName || i18n.t('common:appName');
    document.title = title ? `${title} - ${system}` : system;
  }, [title, sysConfig, i18n]);
}

export function useLanguageSavedOnServer() {
  const { i18n } = useTranslation();
  // shell.md §4: a language change is also sent to the server.
  useEffect(() => {
    const onChange = (language: string) => {
      profileApi.saveLanguage(language).catch(() => undefined);
    };
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [i18n]);
}

export function usePreviousLoginNotice(notification: NotificationInstance) {
  // Issue 3: the previous login, bottom right for 2 s, once after signing in. Its texts are the home
  // page's, which load with that page: the notice waits for them rather than showing their keys.
  const { t, ready } = useTranslation('home', { useSuspense: false });
  const user = useSession((s) => s.userInfo);
  useEffect(() => {
    if (!ready || !user || !readStored(previousLoginNoticeKind, { session: true })) return;
    removeStored(previousLoginNoticeKind, { session: true });
    if (!user.prevLoginTime || user.prevLogin === 0) return;
    notification.info({
      title: t('prevLogin'),
      description: t('prevLoginDetail', {
        time: formatDateTime(user.prevLoginTime),
        ip: [user.prevLoginIPAddress, user.prevLoginIPAddressName].filter(Boolean).join(' '),
      }),
      placement: 'bottomRight',
      duration: 2,
    });
  }, [ready, user, notification, t]);
}

export function useFrameVars(): CSSProperties {
  // antd scopes its CSS variables to its components; the frame (navbar, tags, background) reads the
  // same tokens through these, so dark mode and the themes reach it too.
  const { token } = theme.useToken();
  return {
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
}

/** Tabs of every user a change reaches would ask at the same moment: spread over this long. */
const menuRefreshSpreadMs = 1000;

/**
 * A menu published, granted or taken away while this tab is open shows at once: the server pushes
 * `menuChanged` (chat/socket-hub.ts) and the shell reads CurrentUser again. With no menu left the
 * tab goes to the page that says so.
 */
export function useLiveMenus(onNoMenu: () => void) {
  useEffect(() => {
    startMessageSocket();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = messageSocket.subscribe('menuChanged', () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        useShell
          .getState()
          .refresh()
          .then((hasMenus) => {
            if (!hasMenus) onNoMenu();
          })
          .catch(() => undefined);
      }, Math.random() * menuRefreshSpreadMs);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [onNoMenu]);
}
