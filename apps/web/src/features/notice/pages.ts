import type { PageModules } from '../../app/page-registry.ts';

export default {
  'system/notice': () => import('./pages/NoticePage.tsx'),
} satisfies PageModules;
