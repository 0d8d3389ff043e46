import type { PageModules } from '../../shared/shell/page-modules.ts';

export default {
  'system/notice': () => import('./pages/NoticePage.tsx'),
} satisfies PageModules;
