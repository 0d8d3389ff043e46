import { useShell } from '../../shared/shell/shell-store.ts';

/** The page address of the permission groups (the 3.6 client's permission/authorize). */
export const permissionGroupsAddress = 'permission/authorize';

/**
 * Whether the signed-in user has the permission group page: the "permissions" views of other
 * pages ask its calls, which answer only to those who have it.
 */
export function usePermissionGroupsPage(): boolean {
  return useShell((state) => state.routes.some((route) => route.urlAddress === permissionGroupsAddress));
}
