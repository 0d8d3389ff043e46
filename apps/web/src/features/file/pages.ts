import type { PageModules } from '../../shared/shell/page-modules.ts';

export default {
  'system/file': () => import('./pages/FilePage.tsx'),
} satisfies PageModules;
