import type { PageModules } from '../../app/page-registry.ts';

export default {
  'permission/userOnline': () => import('./pages/UserOnlinePage.tsx'),
} satisfies PageModules;
