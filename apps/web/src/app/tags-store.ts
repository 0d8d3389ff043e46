import { create } from 'zustand';
import type { RouteMeta } from '../shared/shell/menu-routes.ts';

/** shell.md §3 "Visited view tab". */
export interface VisitedView {
  /** Full path with query: the key of the tab and of its kept-alive page (DESIGN.md). */
  fullPath: string;
  path: string;
  name: string;
  title: string;
  /** Translation key source: the menu enCode, or a fixed route's own key. */
  enCode?: string;
  meta: Pick<RouteMeta, 'title' | 'zhTitle' | 'icon'> & { noCache?: boolean; affix?: boolean };
}

export const homeView: VisitedView = {
  fullPath: '/home',
  path: '/home',
  name: 'home',
  title: '首页',
  meta: { title: '首页', zhTitle: '首页', icon: 'home', affix: true },
};

interface TagsState {
  visitedViews: VisitedView[];
  /** Full paths of views kept alive (not `noCache`). */
  cachedViews: string[];
  /** Bumped by "refresh": the kept-alive page of that path mounts afresh. */
  refreshKeys: Record<string, number>;
  addView: (view: VisitedView) => void;
  delView: (fullPath: string) => void;
  delOthersViews: (fullPath: string) => void;
  delAllViews: () => void;
  updateView: (view: Pick<VisitedView, 'fullPath'> & Partial<VisitedView>) => void;
  refreshView: (fullPath: string) => void;
  reset: () => void;
}

const isAffix = (view: VisitedView) => !!view.meta.affix;
const cacheOf = (views: VisitedView[]) => views.filter((v) => !v.meta.noCache).map((v) => v.fullPath);

/**
 * shell.md §4 "Tabs store": add (visited and cached), delete, delete others, delete all (keeps the
 * affixed tabs), update. Duplicates by path or by name are ignored: a second visit to the same
 * page with another query updates the tab instead of adding one.
 */
export const useTags = create<TagsState>()((set) => ({
  visitedViews: [homeView],
  cachedViews: [homeView.fullPath],
  refreshKeys: {},
  addView: (view) =>
    set((state) => {
      const same = state.visitedViews.findIndex(
        (v) => v.fullPath === view.fullPath || v.path === view.path || (!!view.name && v.name === view.name),
      );
      if (same >= 0) {
        const existing = state.visitedViews[same] as VisitedView;
        if (existing.fullPath === view.fullPath && existing.title === view.title) return state;
        const visitedViews = state.visitedViews.slice();
        visitedViews[same] = { ...existing, ...view, meta: { ...existing.meta, ...view.meta } };
        return { visitedViews, cachedViews: cacheOf(visitedViews) };
      }
      const visitedViews = [...state.visitedViews, view];
      return { visitedViews, cachedViews: cacheOf(visitedViews) };
    }),
  delView: (fullPath) =>
    set((state) => {
      const visitedViews = state.visitedViews.filter((v) => v.fullPath !== fullPath || isAffix(v));
      return { visitedViews, cachedViews: cacheOf(visitedViews) };
    }),
  delOthersViews: (fullPath) =>
    set((state) => {
      const visitedViews = state.visitedViews.filter((v) => v.fullPath === fullPath || isAffix(v));
      return { visitedViews, cachedViews: cacheOf(visitedViews) };
    }),
  delAllViews: () =>
    set((state) => {
      const visitedViews = state.visitedViews.filter(isAffix);
      return { visitedViews, cachedViews: cacheOf(visitedViews) };
    }),
  updateView: (view) =>
    set((state) => ({
      visitedViews: state.visitedViews.map((v) => (v.fullPath === view.fullPath ? { ...v, ...view } : v)),
    })),
  refreshView: (fullPath) =>
    set((state) => ({ refreshKeys: { ...state.refreshKeys, [fullPath]: (state.refreshKeys[fullPath] ?? 0) + 1 } })),
  reset: () => set({ visitedViews: [homeView], cachedViews: [homeView.fullPath], refreshKeys: {} }),
}));
