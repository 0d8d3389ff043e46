import type { PageLoader, PageModules } from '../shared/shell/page-modules.ts';

/**
 * The page-module registry: which component renders the menu page addressed by a `urlAddress`
 * (protocol.md lists the standard ones: 'permission/user', 'systemData/dictionary', ...).
 *
 * Each feature declares its pages in `src/features/<area>/pages.ts`:
 *
 *   import type { PageModules } from '../../shared/shell/page-modules.ts';
 *   export default {
 *     'systemData/dictionary': () => import('./pages/DictionaryPage.tsx'),
 *   } satisfies PageModules;
 *
 * Those files are collected here at build time, so a new page never touches the router. The
 * feature's locale namespace (its folder name) loads together with the page. `registerPages` is
 * there for pages registered at run time (tests, plug-ins).
 */
export type { PageLoader, PageModules };

interface Registered {
  load: PageLoader;
  namespace?: string;
}

const registry = new Map<string, Registered>();

export function registerPages(pages: PageModules, namespace?: string): void {
  for (const [urlAddress, load] of Object.entries(pages)) {
    registry.set(normalise(urlAddress), { load, namespace });
  }
}

const normalise = (urlAddress: string) => urlAddress.replace(/^\/+/, '').replace(/[?#].*$/, '');

/** The registered page for a menu's urlAddress, or undefined when it is not built yet. */
export function pageFor(urlAddress: string): Registered | undefined {
  return registry.get(normalise(urlAddress));
}

export function registeredPages(): string[] {
  return [...registry.keys()];
}

// Only the tiny declaration files are eager; every page stays in its own lazy chunk.
const declared = import.meta.glob<{ default: PageModules }>('../features/*/pages.ts', { eager: true });
for (const [path, module] of Object.entries(declared)) {
  const namespace = /features\/([^/]+)\/pages\.ts$/.exec(path)?.[1];
  registerPages(module.default, namespace);
}
