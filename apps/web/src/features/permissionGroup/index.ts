// What other features use of the permission groups: the "permissions" view of an object.
export { usePermissionGroupsPage } from './access.ts';
export { PermissionsDialog, type PermissionsTarget } from './components/PermissionsDialog.tsx';
export { usePermissionsView } from './components/usePermissionsView.tsx';
