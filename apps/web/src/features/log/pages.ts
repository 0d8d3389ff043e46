import type { PageModules } from '../../shared/shell/page-modules.ts';

export default {
  'system/log': () => import('./pages/LogPage.tsx'),
} satisfies PageModules;
