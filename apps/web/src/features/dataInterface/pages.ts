import type { PageModules } from '../../shared/shell/page-modules.ts';

export default {
  'systemData/dataInterface': () => import('./pages/DataInterfacePage.tsx'),
} satisfies PageModules;
