import { useSyncExternalStore } from 'react';

/**
 * Whether the person asked their system for less motion (WCAG 2.3.3): the theme then switches antd's
 * animations off, so dialogs, drawers and menus appear at once instead of zooming and sliding in.
 */
const query = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}
