import { type ReactElement, useRef } from 'react';
import { type Location, UNSAFE_LocationContext, useLocation, useNavigationType, useOutlet } from 'react-router';
import type { RouteMeta } from '../../shared/shell/menu-routes.ts';
import { RouteMetaContext } from '../../shared/shell/permission.tsx';
import { useSettings } from '../settings-store.ts';
import { useTags } from '../tags-store.ts';

interface Kept {
  element: ReactElement;
  location: Location;
  meta: RouteMeta | undefined;
}

/**
 * Kept-alive views (shell.md §4 "Tabs store"): every visited page stays mounted, hidden, keyed by
 * its full path, until its tab closes; switching back re-renders nothing and fetches nothing.
 * A `noCache` view, or every view with caching switched off, mounts afresh on each visit. Each kept
 * page sees its own location and route meta, not the one of the page on show.
 */
export function KeepAliveOutlet({ meta }: { meta: RouteMeta | undefined }) {
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const cachedViews = useTags((s) => s.cachedViews);
  const refreshKeys = useTags((s) => s.refreshKeys);
  const useCache = useSettings((s) => s.useCache);
  const kept = useRef(new Map<string, Kept>());
  const current = `${location.pathname}${location.search}`;

  const views = kept.current;
  if (outlet) views.set(current, { element: outlet, location, meta });
  for (const key of [...views.keys()]) {
    if (key !== current && (!useCache || !cachedViews.includes(key))) views.delete(key);
  }

  return (
    <>
      {[...views.entries()].map(([key, view]) => (
        <div key={`${key}#${refreshKeys[key] ?? 0}`} className="shell-view" hidden={key !== current} data-view={key}>
          <UNSAFE_LocationContext value={{ location: view.location, navigationType }}>
            <RouteMetaContext value={view.meta}>{view.element}</RouteMetaContext>
          </UNSAFE_LocationContext>
        </div>
      ))}
    </>
  );
}
