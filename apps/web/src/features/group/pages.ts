import type { PageModules } from '../../shared/shell/page-modules.ts';

export default {
  'permission/group': () => import('./pages/GroupPage.tsx'),
} satisfies PageModules;
