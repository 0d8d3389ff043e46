import { globalRoleNodeId, type RoleCondition, type RoleInput, type RoleQuery } from '@platform/shared';
import type { DelegationGuard } from '../../core/delegation.ts';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import type { EventBus } from '../../core/event-bus.ts';
import { newId } from '../../core/ids.ts';
import { page, pageParams, toMillis } from '../../core/paging.ts';
import type { Session } from '../../core/session.ts';
import { flipEnabledMark } from '../../core/state-switch.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { OrganizeService } from '../organize/organize.service.ts';
import { type OrganizeIndex, organizeIcons } from '../organize/organize-tree.ts';
import { renameOwnGroup } from '../permissionGroup/permission-group.service.ts';
import { RoleRepository } from './role.repository.ts';

type Row = NonNullable<Awaited<ReturnType<RoleRepository['findById']>>>;

export const roleIcon = 'icon-ym icon-ym-generator-role';
const globalIcon = 'icon-ym icon-ym-global-role';

/** The role page. */
const menu = 'permission.role';

export class RoleService {
  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    /** The organisation index the list names roles' organisations with. */
    private readonly organizes: OrganizeService,
    /** Switching a role on gives its users what it carries: only by someone who holds that. */
    private readonly delegation?: DelegationGuard,
  ) {}

  /** Refuses switching role `id` on unless the caller holds what it carries. */
  private async requireMaySwitchOn(id: string, session: Session, enabledMark: number) {
    const before = await new RoleRepository(this.db).findById(id);
    if (!before) return;
    const role = { objectType: 'Role', objectId: id } as const;
    await this.delegation?.requireMaySwitchOn(session, menu, role, before.enabledMark === 1, enabledMark === 1);
  }

  /** Holders' cached grants depend on this record: every instance drops them. */
  private grantsChanged() {
    return this.bus.publish({ type: 'authorize.changed' });
  }

  private toWire(index: OrganizeIndex, r: Row) {
    return {
      id: r.id,
      fullName: r.fullName,
      enCode: r.enCode,
      globalMark: r.globalMark,
      type: r.globalMark === 1 ? '全局' : '组织',
      organizeIds: r.organizeIds,
      organizeInfo: r.organizeIds.map((id) => index.pathName(id)).join(','),
      sortCode: r.sortCode,
      enabledMark: r.enabledMark,
      description: r.description ?? '',
      creatorTime: toMillis(r.creatorTime) ?? 0,
    };
  }

  /**
   * organizeId "1" (our 全局 node) or "0" (the 3.6 client's) lists global roles; an organisation id
   * lists that organisation's roles.
   */
  async page(query: RoleQuery) {
    const params = pageParams(query);
    const filter =
      query.organizeId === globalRoleNodeId || query.organizeId === '0'
        ? { globalOnly: true }
        : query.organizeId
          ? { organizeIds: [query.organizeId] }
          : {};
    const [index, { list, total }] = await Promise.all([
      this.organizes.index(),
      new RoleRepository(this.db).page(params, { ...filter, enabledMark: query.enabledMark }),
    ]);
    return page(
      list.map((r) => this.toWire(index, r)),
      total,
      params,
    );
  }

  /**
   * The role picker: a "全局" node (id "1") holding the global roles, then each organisation with
   * its own roles. `session` (SelectorByPermission) narrows to what the caller may hand out:
   * everything for administrators, else global roles and roles of the caller's organisations that
   * carry nothing the caller lacks (DelegationGuard.givable).
   */
  async selector(session?: Session) {
    const repo = new RoleRepository(this.db);
    const index = await this.organizes.index();
    let roles: Row[];
    if (session && !session.isAdministrator) {
      const visible = await repo.list({
        enabledMark: 1,
        visibleFrom: await this.organizes.userOrganizeIds(session.userId),
      });
      const givable = await this.delegation?.givable(
        session,
        visible.map((r) => ({ objectType: 'Role', objectId: r.id })),
      );
      roles = givable ? visible.filter((r) => givable.has(`Role:${r.id}`)) : visible;
    } else {
      roles = await repo.list({ enabledMark: 1 });
    }
    const leaf = (r: Row) => ({
      ...this.toWire(index, r),
      icon: roleIcon,
      type: 'role',
      hasChildren: false,
      children: [],
    });
    const globalRoles = roles.filter((r) => r.globalMark === 1).map(leaf);
    const tree = [
      {
        id: globalRoleNodeId,
        fullName: '全局',
        icon: globalIcon,
        type: 'global',
        hasChildren: globalRoles.length > 0,
        children: globalRoles,
      },
    ];
    for (const o of index.rows) {
      const own = roles.filter((r) => r.globalMark !== 1 && r.organizeIds.includes(o.id)).map(leaf);
      if (own.length === 0) continue;
      tree.push({
        id: o.id,
        fullName: index.pathName(o.id),
        icon: organizeIcons[o.category],
        type: o.category,
        hasChildren: true,
        children: own,
      });
    }
    return tree;
  }

  async condition(input: RoleCondition) {
    const [index, rows] = await Promise.all([
      this.organizes.index(),
      new RoleRepository(this.db).list({
        enabledMark: 1,
        keyword: input.keyword?.trim() ?? '',
        ...(input.ids ? { ids: input.ids } : {}),
      }),
    ]);
    return rows.map((r) => this.toWire(index, r));
  }

  /** Roles usable in the given organisations: the global ones and each organisation's own. */
  async byOrganizeIds(organizeIds: string[]) {
    const [index, rows] = await Promise.all([
      this.organizes.index(),
      new RoleRepository(this.db).list({ enabledMark: 1, visibleFrom: organizeIds }),
    ]);
    return rows.map((r) => this.toWire(index, r));
  }

  async info(id: string) {
    const [index, row] = await Promise.all([this.organizes.index(), new RoleRepository(this.db).findById(id)]);
    if (!row) throw new NotFoundError();
    return this.toWire(index, row);
  }

  async create(input: RoleInput, session: Session): Promise<string> {
    return this.db.transaction().execute(async (trx) => {
      const repo = new RoleRepository(trx);
      const organizeIds = await this.check(repo, input, null);
      const id = newId();
      await repo.insert(id, values(input), session.userId);
      await repo.setOrganizes(id, organizeIds);
      return id;
    });
  }

  async update(id: string, input: RoleInput, session: Session) {
    await this.requireMaySwitchOn(id, session, input.enabledMark ?? 1);
    await this.db.transaction().execute(async (trx) => {
      const repo = new RoleRepository(trx);
      const before = await repo.findById(id);
      if (!before) throw new NotFoundError();
      const organizeIds = await this.check(repo, input, id);
      await repo.update(id, values(input), session.userId);
      await repo.setOrganizes(id, organizeIds);
      await renameOwnGroup(trx, { type: 'Role', id }, before, input);
    });
    await this.grantsChanged();
  }

  /** Flips enabled and disabled; returns the new state. */
  async toggleState(id: string, session: Session): Promise<number> {
    await this.requireMaySwitchOn(id, session, 1);
    const next = await flipEnabledMark(this.db, 'role', id, session.userId);
    await this.grantsChanged();
    return next;
  }

  async delete(id: string) {
    await this.db.transaction().execute(async (trx) => {
      const repo = new RoleRepository(trx);
      if (!(await repo.findById(id))) throw new NotFoundError();
      if (await repo.hasUsers(id)) throw new BusinessError('role.hasUsers');
      await repo.delete(id);
    });
    await this.grantsChanged();
  }

  /** The organisations of an organisation role, checked to exist; none for a global role. */
  private async check(repo: RoleRepository, input: RoleInput, exceptId: string | null): Promise<string[]> {
    if (await repo.codeTaken(input.enCode, exceptId)) throw new BusinessError('role.codeTaken');
    if (input.globalMark === 1) return [];
    const wanted = [
      ...new Set([...(input.organizeIds ?? []), ...(input.organizeIdsTree ?? []).map((path) => path.at(-1) ?? '')]),
    ].filter(Boolean);
    if (wanted.length === 0) throw new BusinessError('role.organizeRequired');
    const found = await repo.existingOrganizeIds(wanted);
    const missing = wanted.filter((id) => !found.includes(id));
    if (missing.length) throw new BusinessError('user.unknownOrganize', { ids: missing.join(',') });
    return wanted;
  }
}

/**
 * Refuses to give a user an organisation role bound to none of the user's organisations (it could
 * never count: an organisation role counts only while the user works in one of its organisations).
 * Global roles fit everyone. Whoever sets a user's roles calls it in the same transaction.
 */
/** Each organisation role's name and organisations, for checking many users at once (the import). */
export function roleOrganizeScopes(db: Db | Trx, roleIds: string[]) {
  return new RoleRepository(db).organizeScopes(roleIds);
}

export async function checkRolesFitOrganizes(db: Db | Trx, roleIds: string[], organizeIds: string[]) {
  const outside = await new RoleRepository(db).organizationRolesOutside(roleIds, organizeIds);
  if (outside.length) {
    throw new BusinessError('role.outsideOrganize', { name: outside.map((r) => r.fullName).join(', ') });
  }
}

function values(input: RoleInput) {
  return {
    fullName: input.fullName,
    enCode: input.enCode,
    globalMark: input.globalMark,
    sortCode: input.sortCode ?? 0,
    enabledMark: input.enabledMark ?? 1,
    description: input.description ?? null,
  };
}
