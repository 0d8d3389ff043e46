import type { PageModules } from '../../shared/shell/page-modules.ts';

export default {
  'system/system': () => import('./pages/SystemPage.tsx'),
  // 系统图标: the icons menus can use.
  'system/icons': () => import('./pages/IconsPage.tsx'),
} satisfies PageModules;
