import type { PageModules } from '../../shared/shell/page-modules.ts';

export default {
  'basic/messageRecord': () => import('./pages/MessageRecordPage.tsx'),
} satisfies PageModules;
