import type { PageModules } from '../../shared/shell/page-modules.ts';

export default {
  'system/billRule': () => import('./pages/BillRulePage.tsx'),
} satisfies PageModules;
