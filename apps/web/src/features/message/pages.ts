import type { PageModules } from '../../app/page-registry.ts';

export default {
  'basic/messageRecord': () => import('./pages/MessageRecordPage.tsx'),
} satisfies PageModules;
