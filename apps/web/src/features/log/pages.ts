import type { PageModules } from '../../app/page-registry.ts';

export default {
  'system/log': () => import('./pages/LogPage.tsx'),
} satisfies PageModules;
