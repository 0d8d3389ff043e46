import type { PageModules } from '../../shared/shell/page-modules.ts';

export default {
  // 报表设计: the report definitions (the designer of their sheets comes in a later slice).
  'onlineDev/dataReport': () => import('./pages/ReportPage.tsx'),
} satisfies PageModules;
