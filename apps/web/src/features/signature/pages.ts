import type { PageModules } from '../../shared/shell/page-modules.ts';

export default {
  'system/signature': () => import('./pages/SignaturePage.tsx'),
} satisfies PageModules;
