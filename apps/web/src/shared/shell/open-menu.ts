import { useNavigate } from 'react-router';
import type { MenuRoute } from './menu-routes.ts';
import { useShell } from './shell-store.ts';

/** Key of a menu entry: its in-app path, or `link:<enCode>` for a link opened in a new window. */
export const menuKey = (route: MenuRoute) => (route.path ? route.path : `link:${route.enCode}`);

/** Opens a menu entry: in-app navigation, or a new window for types 6 and 7 with target _blank. */
export function useOpenMenu() {
  const navigate = useNavigate();
  const routes = useShell((s) => s.routes);
  return (key: string) => {
    if (key.startsWith('link:')) {
      const route = routes.find((r) => r.enCode === key.slice(5));
      if (route?.href) window.open(route.href, '_blank', 'noopener');
      return;
    }
    if (key.startsWith('dir:')) return;
    navigate(key);
  };
}
