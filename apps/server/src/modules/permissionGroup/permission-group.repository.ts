import type { PermissionMemberType } from '@platform/shared';
import { sql } from 'kysely';
import { fetchPage, keywordIn } from '../../core/list.ts';
import type { PageParams } from '../../core/paging.ts';
import { RecordRepository } from '../../core/record-repository.ts';
import type { Db, Trx } from '../../db/database.ts';
import { type OwnGroupHolder, ownGroupCode, ownGroupName } from '../../db/own-group-name.ts';

export interface PermissionGroupValues {
  fullName: string;
  enCode: string;
  sortCode: number;
  enabledMark: number;
  description: string | null;
}

export interface MemberRef {
  objectType: PermissionMemberType;
  objectId: string;
}

const columns = [
  'g.id',
  'g.fullName',
  'g.enCode',
  'g.sortCode',
  'g.enabledMark',
  'g.description',
  'g.creatorTime',
  'g.ownerObjectType',
  'g.ownerObjectId',
] as const;

export class PermissionGroupRepository extends RecordRepository<'permissionGroup', PermissionGroupValues> {
  constructor(db: Db | Trx) {
    super(db, 'permissionGroup');
  }

  private filtered(filter: { keyword?: string; enabledMark?: number | undefined }) {
    let query = this.db
      .selectFrom('permissionGroup as g')
      .select(columns)
      .select((eb) =>
        eb
          .selectFrom('permissionMember as m')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('m.groupId', '=', 'g.id')
          .as('memberCount'),
      );
    if (filter.enabledMark !== undefined) query = query.where('g.enabledMark', '=', filter.enabledMark);
    if (filter.keyword) query = query.where((eb) => keywordIn(eb, ['g.fullName', 'g.enCode'], filter.keyword ?? ''));
    return query.orderBy('g.sortCode').orderBy('g.creatorTime', 'desc');
  }

  page(params: PageParams, enabledMark?: number) {
    return fetchPage(this.filtered({ keyword: params.keyword, enabledMark }), params);
  }

  enabled() {
    return this.filtered({ enabledMark: 1 }).limit(5000).execute();
  }

  findById(id: string) {
    return this.filtered({}).where('g.id', '=', id).executeTakeFirst();
  }

  /** The group, its members and its grants. */
  override async delete(id: string) {
    await this.db
      .deleteFrom('authorize')
      .where('objectType', '=', 'PermissionGroup')
      .where('objectId', '=', id)
      .execute();
    await super.delete(id);
  }

  /**
   * A renamed holder's own group takes the new name and code, each only while it still reads as
   * made from the old ones (own-group-name.ts): a name or code someone has given the group stays.
   */
  async followHolder(
    holder: { type: OwnGroupHolder; id: string },
    before: { name: string; code: string },
    after: { name: string; code: string },
  ) {
    const group = await this.db
      .selectFrom('permissionGroup')
      .select(['id', 'fullName', 'enCode'])
      .where('ownerObjectType', '=', holder.type)
      .where('ownerObjectId', '=', holder.id)
      .executeTakeFirst();
    if (!group) return;
    const changes: { fullName?: string; enCode?: string } = {};
    if (group.fullName === ownGroupName(holder.type, before.name))
      changes.fullName = ownGroupName(holder.type, after.name);
    const madeCode = ownGroupCode(holder.type, before.code, new Set()).toLowerCase();
    const code = group.enCode.toLowerCase();
    const follows =
      code === madeCode || (code.startsWith(`${madeCode}.`) && /^\d+$/.test(code.slice(madeCode.length + 1)));
    if (before.code !== after.code && follows) {
      const others = await this.db
        .selectFrom('permissionGroup')
        .select(sql<string>`lower(en_code)`.as('code'))
        .where('id', '<>', group.id)
        .execute();
      changes.enCode = ownGroupCode(holder.type, after.code, new Set(others.map((r) => r.code)));
    }
    if (changes.fullName === group.fullName) delete changes.fullName;
    if (!changes.fullName && !changes.enCode) return;
    await this.db.updateTable('permissionGroup').set(changes).where('id', '=', group.id).execute();
  }

  /** Gives group `to` every grant and member of group `from`. */
  async copyContents(from: string, to: string, userId: string, newId: () => string) {
    const grants = await this.db
      .selectFrom('authorize')
      .select(['itemType', 'itemId'])
      .where('objectType', '=', 'PermissionGroup')
      .where('objectId', '=', from)
      .execute();
    for (let i = 0; i < grants.length; i += 1000) {
      await this.db
        .insertInto('authorize')
        .values(
          grants.slice(i, i + 1000).map((g) => ({
            id: newId(),
            objectType: 'PermissionGroup' as const,
            objectId: to,
            ...g,
            creatorUserId: userId,
          })),
        )
        .execute();
    }
    await this.setMembers(to, await this.members(from), userId);
  }

  members(groupId: string): Promise<MemberRef[]> {
    return this.db
      .selectFrom('permissionMember')
      .select(['objectType', 'objectId'])
      .where('groupId', '=', groupId)
      .orderBy('objectType')
      .orderBy('creatorTime')
      .execute();
  }

  async setMembers(groupId: string, members: MemberRef[], userId: string) {
    await this.db.deleteFrom('permissionMember').where('groupId', '=', groupId).execute();
    for (let i = 0; i < members.length; i += 1000) {
      await this.db
        .insertInto('permissionMember')
        .values(members.slice(i, i + 1000).map((m) => ({ groupId, ...m, creatorUserId: userId })))
        .execute();
    }
  }

  /** The ids among `ids` that name an existing member of this type. */
  async existing(objectType: PermissionMemberType, ids: string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    if (objectType === 'User') {
      const rows = await this.db
        .selectFrom('appUser')
        .select(['id', 'realName', 'account'])
        .where('id', 'in', ids)
        .execute();
      return new Map(rows.map((r) => [r.id, `${r.realName}/${r.account}`]));
    }
    const table = ({ Role: 'role', Position: 'position', Organize: 'organize', Group: 'userGroup' } as const)[
      objectType
    ];
    const rows = await this.db.selectFrom(table).select(['id', 'fullName']).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, r.fullName]));
  }

  /** Enabled groups with `object` among their members, by name. */
  groupsWithMember(objectType: PermissionMemberType, objectId: string) {
    return this.db
      .selectFrom('permissionGroup as g')
      .innerJoin('permissionMember as m', 'm.groupId', 'g.id')
      .select(['g.id', 'g.fullName', 'g.enCode'])
      .where('m.objectType', '=', objectType)
      .where('m.objectId', '=', objectId)
      .where('g.enabledMark', '=', 1)
      .orderBy('g.sortCode')
      .orderBy('g.fullName')
      .execute();
  }

  /** Enabled groups among `ids` (or granting menu `menuId`), by name. */
  groups(filter: { ids?: string[]; menuId?: string }) {
    let query = this.db
      .selectFrom('permissionGroup as g')
      .select(['g.id', 'g.fullName', 'g.enCode'])
      .where('g.enabledMark', '=', 1);
    if (filter.ids) query = query.where('g.id', 'in', filter.ids.length ? filter.ids : ['']);
    const menuId = filter.menuId;
    if (menuId) {
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('authorize as a')
            .select('a.id')
            .whereRef('a.objectId', '=', 'g.id')
            .where('a.itemType', '=', 'module')
            .where('a.itemId', '=', menuId),
        ),
      );
    }
    return query.orderBy('g.sortCode').orderBy('g.fullName').execute();
  }

  /** What a group grants, each item with its names: applications, menus and menu definitions. */
  async grantTree(groupId: string) {
    const [systems, menus, definitions] = await Promise.all([
      this.db
        .selectFrom('authorize as a')
        .innerJoin('system as s', 's.id', 'a.itemId')
        .select(['s.id', 's.fullName', 's.icon', 's.sortCode'])
        .where('a.objectId', '=', groupId)
        .where('a.itemType', '=', 'system')
        .orderBy('s.sortCode')
        .execute(),
      this.db
        .selectFrom('authorize as a')
        .innerJoin('menu as m', 'm.id', 'a.itemId')
        .select(['m.id', 'm.parentId', 'm.systemId', 'm.fullName', 'm.icon', 'm.sortCode'])
        .where('a.objectId', '=', groupId)
        .where('a.itemType', '=', 'module')
        .orderBy('m.sortCode')
        .execute(),
      this.db
        .selectFrom('authorize as a')
        .innerJoin('modulePermission as p', (join) =>
          join.onRef('p.id', '=', 'a.itemId').onRef('p.kind', '=', 'a.itemType'),
        )
        .select(['p.id', 'p.menuId', 'p.kind', 'p.fullName', 'p.sortCode'])
        .where('a.objectId', '=', groupId)
        .orderBy('p.kind')
        .orderBy('p.sortCode')
        .execute(),
    ]);
    return { systems, menus, definitions };
  }

  /** The system of each of these menus (for applications that own a granted menu but are not granted themselves). */
  systemsByIds(ids: string[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.db
      .selectFrom('system')
      .select(['id', 'fullName', 'icon', 'sortCode'])
      .where('id', 'in', ids)
      .orderBy('sortCode')
      .execute();
  }
}
