import type { PageModules } from '../../shared/shell/page-modules.ts';

export default {
  'msgCenter/msgTemplate': () => import('./pages/MsgTemplatePage.tsx'),
} satisfies PageModules;
