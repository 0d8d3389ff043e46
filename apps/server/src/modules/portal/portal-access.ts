import { ForbiddenError } from '../../core/errors.ts';
import type { Access, PermissionService } from '../../core/permissions.ts';
import type { Session } from '../../core/session.ts';
import type { Db } from '../../db/database.ts';
import { PortalRepository } from './portal.repository.ts';

/** The portal a type-8 menu (or a type-6 data screen) opens: its propertyJson's moduleId. */
function portalOfMenu(propertyJson: string | null): string | null {
  if (!propertyJson) return null;
  try {
    const property = JSON.parse(propertyJson) as { moduleId?: unknown };
    return typeof property.moduleId === 'string' && property.moduleId ? property.moduleId : null;
  } catch {
    return null;
  }
}

/**
 * The portals a user may open, whether enabled or not: those granted to it (item type `portal`,
 * through its roles, positions, groups or itself), the defaults of its roles in force (a portal
 * made a role's home page is that role's to see), and those its granted type-8 menus and type-6
 * data screens open.
 */
export async function visiblePortalIds(db: Db, access: Access): Promise<Set<string>> {
  const repo = new PortalRepository(db);
  const roleIds = access.relations.filter((r) => r.objectType === 'Role').map((r) => r.objectId);
  const [defaults, menus] = await Promise.all([repo.roleDefaultIds(roleIds), repo.portalMenus()]);
  const ids = new Set(access.items.portal);
  for (const id of defaults) ids.add(id);
  for (const menu of menus) {
    const id = access.items.module.has(menu.id) ? portalOfMenu(menu.propertyJson) : null;
    if (id) ids.add(id);
  }
  return ids;
}

/** The enabled portals a user may open, in the list's order (the profile's 门户权限 tab). */
export async function openablePortals(
  db: Db,
  session: Pick<Session, 'isAdministrator'>,
  access: Access,
): Promise<{ id: string; fullName: string }[]> {
  const portals = await new PortalRepository(db).all({ enabledMark: 1 });
  if (session.isAdministrator) return portals;
  const visible = await visiblePortalIds(db, access);
  return portals.filter((p) => visible.has(p.id));
}

/** Who may open which portal: administrators every one, everyone else what `visiblePortalIds` says. */
export class PortalAccess {
  constructor(
    private readonly db: Db,
    private readonly permissions: PermissionService,
  ) {}

  /** The portals `session` may open; null: every portal (an administrator). */
  async visible(session: Pick<Session, 'userId' | 'isAdministrator'>): Promise<Set<string> | null> {
    if (session.isAdministrator) return null;
    return visiblePortalIds(this.db, await this.permissions.access(session));
  }

  /** Refuses (403, 暂无权限) a portal the caller may not open. */
  async require(session: Pick<Session, 'userId' | 'isAdministrator'>, id: string) {
    const visible = await this.visible(session);
    if (visible && !visible.has(id)) throw new ForbiddenError();
  }
}
