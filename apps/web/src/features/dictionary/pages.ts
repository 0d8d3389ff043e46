import type { PageModules } from '../../shared/shell/page-modules.ts';

export default {
  'systemData/dictionary': () => import('./pages/DictionaryPage.tsx'),
} satisfies PageModules;
