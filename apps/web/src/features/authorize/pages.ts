import type { PageModules } from '../../shared/shell/page-modules.ts';

export default {
  'permission/authorize': () => import('./pages/AuthorizePage.tsx'),
} satisfies PageModules;
