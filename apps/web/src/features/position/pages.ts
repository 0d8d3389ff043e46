import type { PageModules } from '../../app/page-registry.ts';

export default {
  'permission/position': () => import('./pages/PositionPage.tsx'),
} satisfies PageModules;
