import type { PageModules } from '../../shared/shell/page-modules.ts';

export default {
  'system/menu': () => import('./pages/MenuPage.tsx'),
} satisfies PageModules;
