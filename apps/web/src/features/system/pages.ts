import type { PageModules } from '../../app/page-registry.ts';

export default {
  'system/system': () => import('./pages/SystemPage.tsx'),
} satisfies PageModules;
