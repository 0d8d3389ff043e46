import type { MenuRoute } from '../shared/shell/menu-routes.ts';

/**
 * Menu search (shell.md §2.5): fuzzy search over the permitted menus, title weighted 0.7 and path
 * 0.3, results kept up to a score of 0.4 (0 is a perfect match, 1 no match at all: the same scale
 * and weights the public client gives its fuzzy-search library).
 */
export const searchWeights = { title: 0.7, path: 0.3 } as const;
export const searchThreshold = 0.4;

/**
 * Distance of one field from the query, 0..1: an exact or contained match scores by how early it
 * starts; otherwise the characters must appear in order (a subsequence) and the score grows with
 * the gaps between them; no subsequence is 1.
 */
export function fieldScore(query: string, text: string): number {
  const q = query.trim().toLowerCase();
  const t = text.toLowerCase();
  if (!q) return 1;
  if (!t) return 1;
  if (t === q) return 0;
  const index = t.indexOf(q);
  if (index >= 0) return Math.min(0.3, 0.05 + (index / t.length) * 0.25);
  let position = 0;
  let gaps = 0;
  let first = -1;
  for (const char of q) {
    const found = t.indexOf(char, position);
    if (found < 0) return 1;
    if (first < 0) first = found;
    else gaps += found - position;
    position = found + 1;
  }
  const spread = gaps / Math.max(t.length, 1);
  return Math.min(1, 0.3 + spread * 0.7 + (first / t.length) * 0.1);
}

export interface SearchHit {
  route: MenuRoute;
  title: string;
  score: number;
}

/**
 * A field that does not match at all is left out of the average (the way Fuse combines keys), so a
 * perfect title match is a perfect hit even when the path says nothing about it.
 */
export function searchMenus(
  routes: readonly MenuRoute[],
  query: string,
  titleOf: (route: MenuRoute) => string,
): SearchHit[] {
  if (!query.trim()) return [];
  const hits: SearchHit[] = [];
  for (const route of routes) {
    if (route.hidden) continue;
    const title = titleOf(route);
    const titleScore = Math.min(fieldScore(query, title), fieldScore(query, route.meta.zhTitle));
    const pathScore = fieldScore(query, route.path || route.urlAddress);
    const parts: [number, number][] = [];
    if (titleScore < 1) parts.push([titleScore, searchWeights.title]);
    if (pathScore < 1) parts.push([pathScore, searchWeights.path]);
    if (!parts.length) continue;
    const score = parts.reduce((sum, [s, w]) => sum + s * w, 0) / parts.reduce((sum, [, w]) => sum + w, 0);
    if (score <= searchThreshold) hits.push({ route, title, score });
  }
  return hits.sort((a, b) => a.score - b.score);
}
