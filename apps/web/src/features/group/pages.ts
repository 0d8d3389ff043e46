import type { PageModules } from '../../app/page-registry.ts';

export default {
  'permission/group': () => import('./pages/GroupPage.tsx'),
} satisfies PageModules;
