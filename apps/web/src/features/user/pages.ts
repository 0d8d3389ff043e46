import type { PageModules } from '../../shared/shell/page-modules.ts';

export default {
  'permission/user': () => import('./pages/UserPage.tsx'),
} satisfies PageModules;
