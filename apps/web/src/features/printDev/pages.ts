import type { PageModules } from '../../shared/shell/page-modules.ts';

export default {
  'system/printDev': () => import('./pages/PrintDevPage.tsx'),
} satisfies PageModules;
