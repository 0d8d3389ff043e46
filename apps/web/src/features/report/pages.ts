import type { PageModules } from '../../shared/shell/page-modules.ts';

/** Menus of type 5 (reports) all open this page; the menu's moduleId names the report. */
export const reportViewPage = 'report/view';

export default {
  // 报表设计: the report definitions (the designer of their sheets comes in a later slice).
  'onlineDev/dataReport': () => import('./pages/ReportPage.tsx'),
  [reportViewPage]: () => import('./pages/ReportViewPage.tsx'),
} satisfies PageModules;
