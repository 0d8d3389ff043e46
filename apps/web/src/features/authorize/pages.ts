import type { PageModules } from '../../app/page-registry.ts';

export default {
  'permission/authorize': () => import('./pages/AuthorizePage.tsx'),
} satisfies PageModules;
