import type { PageModules } from '../../shared/shell/page-modules.ts';

export default {
  'permission/role': () => import('./pages/RolePage.tsx'),
} satisfies PageModules;
