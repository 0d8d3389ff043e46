import type { PageModules } from '../../app/page-registry.ts';

export default {
  'permission/user': () => import('./pages/UserPage.tsx'),
} satisfies PageModules;
