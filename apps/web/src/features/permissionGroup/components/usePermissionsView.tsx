import { type ReactElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowAction } from '../../../shared/components/index.ts';
import { usePermissionGroupsPage } from '../access.ts';
import { PermissionsDialog, type PermissionsTarget } from './PermissionsDialog.tsx';

/**
 * The "permissions" view of a list page (organisations, users, roles, menus): a row action 权限
 * (or `label`, where the page has a 权限 action of its own), shown to those who have the
 * permission group page, and the dialog it opens (render `dialog` once).
 */
export function usePermissionsView(label?: string): {
  action: (target: PermissionsTarget) => RowAction | false;
  dialog: ReactElement;
} {
  const { t } = useTranslation('permissionGroup');
  const allowed = usePermissionGroupsPage();
  const [target, setTarget] = useState<PermissionsTarget | null>(null);
  return {
    action: (next) =>
      allowed && { key: 'permissions', label: label ?? t('permissions'), onClick: () => setTarget(next) },
    dialog: <PermissionsDialog target={target} onClose={() => setTarget(null)} />,
  };
}
