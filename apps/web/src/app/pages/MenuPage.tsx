import Spin from 'antd/es/spin';
import { type ComponentType, lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { portalMenuPage } from '../../features/portal/pages.ts';
import { reportViewPage } from '../../features/report/pages.ts';
import { formModelPage } from '../../features/visualdev/pages.ts';
import { i18n } from '../../shared/i18n/index.ts';
import { findRoute, MenuType } from '../../shared/shell/menu-routes.ts';
import { useMenuTitle } from '../../shared/shell/menu-title.ts';
import { useShell } from '../../shared/shell/shell-store.ts';
import { pageFor } from '../page-registry.ts';
import { UnderConstruction } from './UnderConstruction.tsx';

const lazyPages = new Map<string, ComponentType>();

/** One React.lazy per page module, so a page's code and its locale namespace load once. */
function lazyPage(urlAddress: string): ComponentType | undefined {
  const found = lazyPages.get(urlAddress);
  if (found) return found;
  const entry = pageFor(urlAddress);
  if (!entry) return undefined;
  const Page = lazy(async () => {
    const [module] = await Promise.all([
      entry.load(),
      entry.namespace ? i18n.loadNamespaces(entry.namespace) : undefined,
    ]);
    return module;
  });
  lazyPages.set(urlAddress, Page);
  return Page;
}

const pageByType: Partial<Record<number, string>> = {
  [MenuType.formModel]: formModelPage,
  [MenuType.dictionaryPage]: formModelPage,
  [MenuType.report]: reportViewPage,
  [MenuType.portal]: portalMenuPage,
};
const pageAddressOf = (route: { type: number; urlAddress: string }) => pageByType[route.type] ?? route.urlAddress;

/**
 * Every path under the layout that is not a fixed route: the menu route table (built by the
 * guard before this renders) says which page it is; no menu route means /404.
 */
export default function MenuPage() {
  const location = useLocation();
  const routes = useShell((s) => s.routes);
  const title = useMenuTitle();
  const route = findRoute(routes, location.pathname, location.search);
  if (!route) return <Navigate to="/404" replace />;
  // Generated-form menus (types 3 and 4) all open the form-model page, reports (type 5) the report
  // viewer and portals (type 8) the portal page; their moduleId names the form, report or portal.
  // A type-5 menu saved with a data interface's id (what type 5 opened before reports existed)
  // shows the report server's answer to that id in the viewer.
  const Page = lazyPage(pageAddressOf(route));
  if (!Page) return <UnderConstruction name={title(route)} />;
  return (
    <Suspense fallback={<Spin className="shell-page-loading" />}>
      <Page />
    </Suspense>
  );
}
