import type { PageModules } from '../../shared/shell/page-modules.ts';

/** Menus of type 8 all open this page; the menu's moduleId names the portal. */
export const portalMenuPage = 'visualdev/portal';

export default {
  [portalMenuPage]: () => import('./pages/PortalMenuPage.tsx'),
  // 门户设计: the definitions, each opening the card designer.
  'onlineDev/visualPortal': () => import('./pages/PortalListPage.tsx'),
} satisfies PageModules;
