import { memo, type ReactElement, useRef } from 'react';
import {
  type Location,
  type NavigationType,
  UNSAFE_LocationContext,
  useLocation,
  useNavigationType,
  useOutlet,
} from 'react-router';
import type { RouteMeta } from '../../shared/shell/menu-routes.ts';
import { RouteMetaContext } from '../../shared/shell/permission.tsx';
import { useSettings } from '../settings-store.ts';
import { useTags } from '../tags-store.ts';

interface Kept {
  element: ReactElement;
  /** The location context the page sees: made once per visit, so a hidden page's readers stay still. */
  locationContext: { location: Location; navigationType: NavigationType };
  meta: RouteMeta | undefined;
}

/**
 * Kept-alive views (shell.md §4 "Tabs store"): every visited page stays mounted, hidden, keyed by
 * its full path, until its tab closes; switching back re-renders nothing and fetches nothing.
 * A `noCache` view, or every view with caching switched off, mounts afresh on each visit. Each kept
 * page sees its own location and route meta, not the one of the page on show.
 *
 * A switch renders only the two pages whose visibility changes: the others get the same props
 * (`KeptView` is memoised and each page's location context is made once per visit), so with
 * 30 tabs open a switch costs what it costs with two (issue 36: it took 2-2.8 s when every page
 * re-rendered for each new location).
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
  if (outlet) {
    const shown = views.get(current);
    // Back on a kept page (its key is its path and query), or the layout rendered again: the page
    // keeps its props and renders nothing; a new title (language, menu) gives it new ones.
    const same = shown && shown.meta?.title === meta?.title && shown.meta?.moduleId === meta?.moduleId;
    if (!same) views.set(current, { element: outlet, locationContext: { location, navigationType }, meta });
  }
  for (const key of [...views.keys()]) {
    if (key !== current && (!useCache || !cachedViews.includes(key))) views.delete(key);
  }

  return (
    <>
      {[...views.entries()].map(([key, view]) => (
        <KeptView key={`${key}#${refreshKeys[key] ?? 0}`} viewKey={key} view={view} hidden={key !== current} />
      ))}
    </>
  );
}

const KeptView = memo(function KeptView({ viewKey, view, hidden }: { viewKey: string; view: Kept; hidden: boolean }) {
  return (
    <div className="shell-view" hidden={hidden} data-view={viewKey}>
      <UNSAFE_LocationContext value={view.locationContext}>
        <RouteMetaContext value={view.meta}>{view.element}</RouteMetaContext>
      </UNSAFE_LocationContext>
    </div>
  );
});
