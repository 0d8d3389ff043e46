import type { ModulePermission, PermissionEntry, SysConfigInfo } from '@platform/shared';
import { create } from 'zustand';
import { sessionApi } from '../session/api.ts';
import { useSession } from '../session/store.ts';
import { generateRoutes, type LinkContext, type MenuNode, type MenuRoute } from './menu-routes.ts';

/** `permissionList[]` and `sysConfigInfo` of CurrentUser (protocol.md "Login"). */
export type { ModulePermission, PermissionEntry, SysConfigInfo };

interface ShellState {
  /** True once CurrentUser has been read for this sign-in (shell.md §2.4 "no menu list loaded"). */
  loaded: boolean;
  menuList: MenuNode[];
  routes: MenuRoute[];
  permissionList: ModulePermission[];
  /** Empty until CurrentUser has been read. */
  sysConfig: Partial<SysConfigInfo>;
  /** Fetches CurrentUser and builds the route table; rejects with 'empty' for an empty menu list. */
  load: () => Promise<void>;
  /**
   * Reads CurrentUser again while signed in (a `menuChanged` push): menus, routes and permissions
   * follow what the server grants now. Answers false when no menu is left.
   */
  refresh: () => Promise<boolean>;
  reset: () => void;
}

/** The visualisation host of type 6/7 placeholders: configuration, else this site's /DataV. */
const visualisationHost = (import.meta.env.VITE_DATAV_URL as string | undefined) || `${window.location.origin}/DataV`;

export function linkContext(): LinkContext {
  return { origin: window.location.origin, visualisationHost, token: useSession.getState().token };
}

export class EmptyMenuError extends Error {
  constructor() {
    super('empty menu list');
    this.name = 'EmptyMenuError';
  }
}

let inFlight: Promise<void> | undefined;

/** The shell's state from a CurrentUser answer with menus. */
function shellOf(user: Awaited<ReturnType<typeof sessionApi.currentUser>>, menuList: MenuNode[]) {
  return {
    loaded: true,
    menuList,
    routes: generateRoutes(menuList, linkContext()),
    permissionList: (user.permissionList ?? []) as ModulePermission[],
    sysConfig: user.sysConfigInfo ?? {},
  };
}

export const useShell = create<ShellState>()((set, get) => ({
  loaded: false,
  menuList: [],
  routes: [],
  permissionList: [],
  sysConfig: {},
  load: () => {
    inFlight ??= sessionApi
      .currentUser({ silent: true })
      .then((user) => {
        const menuList = (user.menuList ?? []) as MenuNode[];
        // Kept even without menus: the page that says so names the account.
        useSession.getState().setUserInfo(user.userInfo);
        if (!menuList.length) throw new EmptyMenuError();
        set(shellOf(user, menuList));
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  },
  refresh: async () => {
    const token = useSession.getState().token;
    const user = await sessionApi.currentUser({ silent: true });
    // Signed out or switched account meanwhile: this answer is someone else's.
    if (useSession.getState().token !== token) return get().menuList.length > 0;
    const menuList = (user.menuList ?? []) as MenuNode[];
    if (!menuList.length) return false;
    useSession.getState().setUserInfo(user.userInfo);
    set(shellOf(user, menuList));
    return true;
  },
  reset: () => set({ loaded: false, menuList: [], routes: [], permissionList: [], sysConfig: {} }),
}));

// Signing out (logout, codes 600/601/602, another tab) forgets menus and permissions with the token.
useSession.subscribe((state, previous) => {
  if (state.token !== previous.token) useShell.getState().reset();
});
