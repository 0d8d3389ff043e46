import type { PageModules } from '../../shared/shell/page-modules.ts';
import { permissionGroupsAddress } from './access.ts';

export default {
  // The 3.6 client's 权限授权 page is the permission group list (issue 25).
  [permissionGroupsAddress]: () => import('./pages/PermissionGroupPage.tsx'),
} satisfies PageModules;
