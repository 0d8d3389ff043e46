import type { PageModules } from '../../app/page-registry.ts';

export default {
  'permission/role': () => import('./pages/RolePage.tsx'),
} satisfies PageModules;
