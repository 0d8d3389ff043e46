import type { PageModules } from '../../app/page-registry.ts';

export default {
  'system/menu': () => import('./pages/MenuPage.tsx'),
} satisfies PageModules;
