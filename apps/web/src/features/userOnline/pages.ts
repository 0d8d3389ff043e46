import type { PageModules } from '../../shared/shell/page-modules.ts';

export default {
  'permission/userOnline': () => import('./pages/UserOnlinePage.tsx'),
} satisfies PageModules;
