import {
  type PermissionGroupInput,
  type PermissionGroupQuery,
  type PermissionGroupsOfObject,
  type PermissionMemberInput,
  type PermissionMemberType,
  type PermissionObjectQuery,
  type PermissionTreeNode,
  type PermissionTreeQuery,
  permissionMemberSuffixes,
  permissionMemberSuffixOf,
} from '@platform/shared';
import type { DelegationGuard, Receivers } from '../../core/delegation.ts';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import type { EventBus } from '../../core/event-bus.ts';
import { newId } from '../../core/ids.ts';
import { page, pageParams, toMillis } from '../../core/paging.ts';
import type { PermissionService } from '../../core/permissions.ts';
import type { Session } from '../../core/session.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { OwnGroupHolder } from '../../db/own-group-name.ts';
import { type MemberRef, PermissionGroupRepository } from './permission-group.repository.ts';

/** The authorisation page (the 3.6 client's permission/authorize page is the group list): its buttons guard the groups, its data scope says whose accounts the caller manages. */
export const menu = 'permission.authorize';

type Row = NonNullable<Awaited<ReturnType<PermissionGroupRepository['findById']>>>;

const toWire = (r: Row) => ({
  id: r.id,
  fullName: r.fullName,
  enCode: r.enCode,
  sortCode: r.sortCode,
  enabledMark: r.enabledMark,
  description: r.description ?? '',
  memberCount: r.memberCount ?? 0,
  creatorTime: toMillis(r.creatorTime) ?? 0,
});

/** What the "permissions" views may ask about, from the liberal spellings clients send. */
const objectKinds: Record<string, PermissionMemberType | 'Module'> = {
  user: 'User',
  role: 'Role',
  position: 'Position',
  organize: 'Organize',
  company: 'Organize',
  department: 'Organize',
  group: 'Group',
  module: 'Module',
  menu: 'Module',
};

/**
 * Permission groups (权限组): named sets of members (users, roles, positions, organisations, user
 * groups) that receive grants (through the Authority calls, objectType PermissionGroup). Changes of
 * a group or its members are published as `authorize.changed`, so every instance drops the
 * effective rights that depend on them.
 */
export class PermissionGroupService {
  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly permissions: PermissionService,
    /** The rule of power: a group is given (members, a copy, switched on) only with what it grants held. */
    private readonly delegation: DelegationGuard,
  ) {}

  /** Refuses giving group `id`'s grants to `receivers` unless the caller holds them and manages the receivers. */
  private requireMayGive(session: Session, id: string, receivers: Receivers) {
    return this.delegation.requireMayGive(session, menu, receivers, {
      holders: [{ objectType: 'PermissionGroup', objectId: id }],
    });
  }

  /** Grants may have changed (a group switched off, deleted): every cached grant set goes. */
  private grantsChanged() {
    return this.bus.publish({ type: 'authorize.changed' });
  }

  /** Only who reaches which group changed: users' entries go, grant sets stay valid. */
  private membersChanged() {
    return this.bus.publish({ type: 'authorize.changed', scope: 'members' });
  }

  async page(query: PermissionGroupQuery) {
    const params = pageParams(query);
    const { list, total } = await new PermissionGroupRepository(this.db).page(params, query.enabledMark);
    return page(list.map(toWire), total, params);
  }

  async info(id: string) {
    const row = await new PermissionGroupRepository(this.db).findById(id);
    if (!row) throw new NotFoundError();
    return toWire(row);
  }

  async selector() {
    return (await new PermissionGroupRepository(this.db).enabled()).map((g) => ({
      id: g.id,
      fullName: g.fullName,
      enCode: g.enCode,
    }));
  }

  async create(input: PermissionGroupInput, session: Session): Promise<string> {
    return this.db.transaction().execute(async (trx) => {
      const repo = new PermissionGroupRepository(trx);
      if (await repo.codeTaken(input.enCode, null)) throw new BusinessError('permissionGroup.codeTaken');
      const id = newId();
      await repo.insert(id, values(input), session.userId);
      return id;
    });
  }

  async update(id: string, input: PermissionGroupInput, session: Session) {
    const before = await new PermissionGroupRepository(this.db).findById(id);
    // Switching a group on gives its grants to its members.
    if (before && before.enabledMark !== 1 && (input.enabledMark ?? 1) === 1) {
      await this.requireMayGive(session, id, { holders: [{ objectType: 'PermissionGroup', objectId: id }] });
    }
    await this.db.transaction().execute(async (trx) => {
      const repo = new PermissionGroupRepository(trx);
      if (!(await repo.findById(id))) throw new NotFoundError();
      if (await repo.codeTaken(input.enCode, id)) throw new BusinessError('permissionGroup.codeTaken');
      await repo.update(id, values(input), session.userId);
    });
    await this.grantsChanged();
  }

  async delete(id: string) {
    await this.db.transaction().execute(async (trx) => {
      const repo = new PermissionGroupRepository(trx);
      if (!(await repo.findById(id))) throw new NotFoundError();
      await repo.delete(id);
    });
    await this.grantsChanged();
  }

  /** A copy with the same grants and members, named "<name>.副本<time>" with a fresh code, disabled until checked. */
  async copy(id: string, session: Session): Promise<string> {
    await this.requireMayGive(session, id, {});
    const copyId = await this.db.transaction().execute(async (trx) => {
      const repo = new PermissionGroupRepository(trx);
      const row = await repo.findById(id);
      if (!row) throw new NotFoundError();
      const suffix = Date.now().toString().slice(-6);
      const copy = newId();
      await repo.insert(
        copy,
        {
          fullName: `${row.fullName}.副本${suffix}`.slice(0, 50),
          enCode: `${row.enCode.slice(0, 43)}${suffix}`,
          sortCode: row.sortCode,
          enabledMark: 0,
          description: row.description,
        },
        session.userId,
      );
      await repo.copyContents(id, copy, session.userId, newId);
      return copy;
    });
    return copyId;
  }

  async members(id: string) {
    const repo = new PermissionGroupRepository(this.db);
    if (!(await repo.findById(id))) throw new NotFoundError();
    const members = await repo.members(id);
    const names = await this.names(repo, members);
    return {
      ids: members.map((m) => `${m.objectId}--${permissionMemberSuffixOf[m.objectType]}`),
      list: members.map((m) => ({
        id: m.objectId,
        type: m.objectType,
        fullName: names.get(`${m.objectType}:${m.objectId}`) ?? '',
      })),
    };
  }

  /**
   * Replaces the members. Every member must exist; a holder's own group (the one its per-holder
   * grants live in) always keeps the holder.
   */
  async saveMembers(id: string, input: PermissionMemberInput, session: Session) {
    const current = await new PermissionGroupRepository(this.db).members(id);
    const added = memberRefs(input).filter(
      (m) => !current.some((c) => c.objectType === m.objectType && c.objectId === m.objectId),
    );
    if (added.length) await this.requireMayGive(session, id, { holders: added });
    await this.db.transaction().execute(async (trx) => {
      const repo = new PermissionGroupRepository(trx);
      const group = await repo.findById(id);
      if (!group) throw new NotFoundError();
      const members = new Map<string, MemberRef>();
      for (const member of memberRefs(input)) members.set(`${member.objectType}:${member.objectId}`, member);
      const ownerType = group.ownerObjectType;
      if (ownerType && group.ownerObjectId) {
        members.set(`${ownerType}:${group.ownerObjectId}`, { objectType: ownerType, objectId: group.ownerObjectId });
      }
      const names = await this.names(repo, [...members.values()]);
      if (names.size !== members.size) throw new BusinessError('permissionGroup.memberMissing');
      await repo.setMembers(id, [...members.values()], session.userId);
    });
    await this.membersChanged();
  }

  /** Display names of members, keyed `Type:id`; missing members are left out. */
  private async names(repo: PermissionGroupRepository, members: MemberRef[]) {
    const names = new Map<string, string>();
    for (const type of ['User', 'Role', 'Position', 'Organize', 'Group'] as const) {
      const ids = members.filter((m) => m.objectType === type).map((m) => m.objectId);
      for (const [id, name] of await repo.existing(type, ids)) names.set(`${type}:${id}`, name);
    }
    return names;
  }

  /**
   * The enabled groups that reach an object (`getPermissionGroup`): a user's through everything it
   * belongs to; a role's, position's, organisation's or user group's as a member; a menu's by
   * granting it.
   */
  async groupsOf(query: PermissionObjectQuery): Promise<PermissionGroupsOfObject> {
    const list = await this.reaching(query);
    return { type: list.length ? 1 : 0, list };
  }

  private async reaching(query: PermissionObjectQuery) {
    const kind = objectKinds[query.objectType.toLowerCase()];
    if (!kind) throw new BusinessError('permissionGroup.objectTypeInvalid');
    const repo = new PermissionGroupRepository(this.db);
    if (kind === 'Module') return repo.groups({ menuId: query.id });
    if (kind === 'User') return repo.groups({ ids: (await this.permissions.access({ userId: query.id })).groupIds });
    return repo.groupsWithMember(kind, query.id);
  }

  /**
   * What one of those groups grants (`getPermission`), as a tree: applications, their menus, and
   * each menu's buttons, columns, forms and data rules; for a menu, only that menu's part.
   */
  async permissionTree(query: PermissionTreeQuery): Promise<{ list: PermissionTreeNode[] }> {
    const groups = await this.reaching(query);
    if (!groups.some((g) => g.id === query.permissionId)) throw new NotFoundError();
    const repo = new PermissionGroupRepository(this.db);
    const { systems, menus, definitions } = await repo.grantTree(query.permissionId);
    const node = (id: string, fullName: string, icon: string | null, type: string): PermissionTreeNode => ({
      id,
      fullName,
      icon: icon ?? '',
      type,
      children: [],
    });
    const menuNodes = new Map(menus.map((m) => [m.id, node(m.id, m.fullName, m.icon, 'module')]));
    for (const d of definitions) menuNodes.get(d.menuId)?.children.push(node(d.id, d.fullName, '', d.kind));
    const kind = objectKinds[query.objectType.toLowerCase()];
    if (kind === 'Module') {
      const own = menuNodes.get(query.id);
      return { list: own ? [own] : [] };
    }
    const systemIds = new Set(systems.map((s) => s.id));
    const owning = await repo.systemsByIds(
      [...new Set(menus.map((m) => m.systemId))].filter((id) => !systemIds.has(id)),
    );
    const systemNodes = new Map([...systems, ...owning].map((s) => [s.id, node(s.id, s.fullName, s.icon, 'system')]));
    for (const m of menus) {
      const own = menuNodes.get(m.id);
      if (!own) continue;
      const parent = menuNodes.get(m.parentId) ?? systemNodes.get(m.systemId);
      parent?.children.push(own);
    }
    return { list: [...systemNodes.values()] };
  }
}

/** The members of the input: `"<id>--<suffix>"` read as type and id. */
function memberRefs(input: PermissionMemberInput): MemberRef[] {
  return input.ids.map((value) => {
    const at = value.lastIndexOf('--');
    const suffix = value.slice(at + 2) as keyof typeof permissionMemberSuffixes;
    return { objectType: permissionMemberSuffixes[suffix], objectId: value.slice(0, at) };
  });
}

function values(input: PermissionGroupInput) {
  return {
    fullName: input.fullName,
    enCode: input.enCode,
    sortCode: input.sortCode ?? 0,
    enabledMark: input.enabledMark ?? 1,
    description: input.description ?? null,
  };
}

/**
 * A role, position or user group renamed: its own permission group (the one holding its grants)
 * is renamed with it, in the caller's transaction, unless someone has named that group otherwise.
 */
export function renameOwnGroup(
  trx: Trx,
  holder: { type: OwnGroupHolder; id: string },
  before: { fullName: string; enCode: string },
  after: { fullName: string; enCode: string },
) {
  return new PermissionGroupRepository(trx).followHolder(
    holder,
    { name: before.fullName, code: before.enCode },
    { name: after.fullName, code: after.enCode },
  );
}
