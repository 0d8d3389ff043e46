import type { PageModules } from '../../shared/shell/page-modules.ts';

export default {
  'extend/schedule': () => import('./pages/SchedulePage.tsx'),
} satisfies PageModules;
