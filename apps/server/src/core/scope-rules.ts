import type { DataScopeType } from '../db/schema.ts';
import type { Access, AdminAction, Administered, DataScope, RequiredPermission } from './permissions.ts';

/**
 * The pure parts of permissions and data scopes (PermissionService, the route check): decisions on
 * grants already read, so unit tests and mutation testing reach them without a database. `path` is
 * an organisation's ancestors and itself (organize_id_tree), from the top.
 */

/**
 * The areas a tiered administrator works in without a grant of their menus: within its
 * organisations only. Only areas whose services check where (`requireAdministered`) and scope their
 * lists (`dataScope`) belong here.
 */
const administeredMenus = new Set(['permission.user', 'permission.organize', 'permission.position']);
const actionOfButton: Record<string, AdminAction> = { btn_add: 'add', btn_edit: 'edit', btn_remove: 'delete' };

/** Whether the lists behind `menuCode` are scoped by tiered administration rather than by grants. */
export function isAdministeredMenu(menuCode: string): boolean {
  return administeredMenus.has(menuCode);
}

/** The rows any of several scopes lets a user see (a form opened through several menus). */
export function mergeScopes(scopes: DataScope[]): DataScope {
  if (scopes.some((s) => s.all)) return { all: true };
  const limited = scopes.filter((s): s is Extract<DataScope, { all: false }> => !s.all);
  const first = limited[0];
  if (!first) return { all: true };
  return {
    all: false,
    userId: first.userId,
    organizeIds: [...new Set(limited.flatMap((s) => s.organizeIds))],
    subtreeOrganizeIds: [...new Set(limited.flatMap((s) => s.subtreeOrganizeIds))],
    self: limited.some((s) => s.self),
  };
}

/**
 * The scope a menu's granted scope kinds give a user whose organisations are `organizeIds`: every
 * row with `all`; otherwise the rows of those organisations (`organize`), of them and everything
 * below them (`organizeAndSub`), and the user's own (`self`). No kind granted: no row.
 */
export function scopeOfKinds(userId: string, kinds: readonly DataScopeType[], organizeIds: string[]): DataScope {
  if (kinds.includes('all')) return { all: true };
  return {
    all: false,
    userId,
    organizeIds: kinds.includes('organize') ? organizeIds : [],
    subtreeOrganizeIds: kinds.includes('organizeAndSub') ? organizeIds : [],
    self: kinds.includes('self'),
  };
}

/**
 * What a tiered administrator sees of people and structure, whatever else it is granted: the
 * organisations it may see on this layer, and those below the ones it may see on the sub-layer (the
 * same organisations its changes are held to, DelegationGuard).
 */
export function administeredScope(userId: string, administers: readonly Administered[]): DataScope {
  const where = (layer: 'thisLayer' | 'subLayer') =>
    administers.filter((a) => a[layer].has('select')).map((a) => a.organizeId);
  return { all: false, userId, organizeIds: where('thisLayer'), subtreeOrganizeIds: where('subLayer'), self: false };
}

/**
 * Whether a tiered administrator may do `action` on organisation `organizeId` (requireAdministered):
 * on the organisation itself the this-layer right, on one below an organisation it administers
 * that one's sub-layer right.
 */
export function administeredAllows(
  administers: readonly Administered[],
  organizeId: string,
  path: readonly string[],
  action: AdminAction,
): boolean {
  return administers.some((a) =>
    a.organizeId === organizeId ? a.thisLayer.has(action) : path.includes(a.organizeId) && a.subLayer.has(action),
  );
}

/**
 * Whether a user may use button `buttonCode` of menu `menuCode`: the menu granted and enabled, and
 * either the button granted (and enabled) or the menu's button authorisation switched off, when
 * its buttons are not subject to authorisation and come with the menu.
 */
export function mayUseButton(
  access: Pick<Access, 'buttons' | 'buttonsUnchecked'>,
  menuCode: string,
  buttonCode: string,
): boolean {
  return access.buttons.has(`${menuCode}:${buttonCode}`) || access.buttonsUnchecked.has(menuCode);
}

/** Whether a tiered administrator may do `action` somewhere (the route check; the service checks where). */
function administersAnywhere(access: Pick<Access, 'administers'>, required: RequiredPermission): boolean {
  if (!administeredMenus.has(required.menuCode)) return false;
  const action = required.buttonCode ? actionOfButton[required.buttonCode] : 'select';
  if (!action) return false;
  return access.administers.some((a) => a.thisLayer.has(action) || a.subLayer.has(action));
}

/**
 * The route check for anyone but the administrator: the menu (or one of its other menus) granted,
 * with the button when the route names one, or a tiered administrator's right to the action on
 * people and structure somewhere.
 */
export function routeGranted(
  access: Pick<Access, 'menus' | 'buttons' | 'buttonsUnchecked' | 'administers'>,
  required: RequiredPermission,
): boolean {
  const menus = [required.menuCode, ...(required.orMenuCodes ?? [])];
  const { buttonCode } = required;
  const granted = menus.some((menuCode) =>
    buttonCode ? mayUseButton(access, menuCode, buttonCode) : access.menus.has(menuCode),
  );
  return granted || administersAnywhere(access, required);
}
