import type { PageModules } from '../../shared/shell/page-modules.ts';

export default {
  'permission/position': () => import('./pages/PositionPage.tsx'),
} satisfies PageModules;
