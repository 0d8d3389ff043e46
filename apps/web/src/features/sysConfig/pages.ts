import type { PageModules } from '../../shared/shell/page-modules.ts';

export default {
  'system/sysConfig': () => import('./pages/SysConfigPage.tsx'),
} satisfies PageModules;
