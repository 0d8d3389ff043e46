import type { PageModules } from '../../shared/shell/page-modules.ts';

/** Menus of type 8 all open this page; the menu's moduleId names the portal. */
export const portalMenuPage = 'visualdev/portal';
/** Menus of type 5 (reports) all open this page; the menu's moduleId names the data interface. */
export const reportMenuPage = 'visualdev/report';

export default {
  [portalMenuPage]: () => import('./pages/PortalMenuPage.tsx'),
  [reportMenuPage]: () => import('./pages/ReportPage.tsx'),
  // 门户设计: the definitions, each opening the card designer.
  'onlineDev/visualPortal': () => import('./pages/PortalListPage.tsx'),
} satisfies PageModules;
