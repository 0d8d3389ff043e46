import type { PageModules } from '../../app/page-registry.ts';

export default {
  'permission/organize': () => import('./pages/OrganizePage.tsx'),
} satisfies PageModules;
