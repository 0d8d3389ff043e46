import type { PageModules } from '../../app/page-registry.ts';

export default {
  'extend/schedule': () => import('./pages/SchedulePage.tsx'),
} satisfies PageModules;
