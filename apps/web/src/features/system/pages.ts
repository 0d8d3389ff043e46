import type { PageModules } from '../../shared/shell/page-modules.ts';

export default {
  'system/system': () => import('./pages/SystemPage.tsx'),
} satisfies PageModules;
