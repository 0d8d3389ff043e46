import type { PageModules } from '../../shared/shell/page-modules.ts';

export default {
  'permission/organize': () => import('./pages/OrganizePage.tsx'),
} satisfies PageModules;
