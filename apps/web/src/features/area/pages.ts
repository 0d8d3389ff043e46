import type { PageModules } from '../../shared/shell/page-modules.ts';

export default {
  'system/area': () => import('./pages/AreaPage.tsx'),
} satisfies PageModules;
