import type { PageModules } from '../../shared/shell/page-modules.ts';

export default {
  'msgCenter/sendConfig': () => import('./pages/SendConfigPage.tsx'),
} satisfies PageModules;
