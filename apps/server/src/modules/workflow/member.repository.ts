import type { MemberKind } from '@platform/shared';
import type { Db, Trx } from '../../db/database.ts';
import type { RelationType } from '../../db/schema.ts';

const relationOf: Partial<Record<MemberKind, RelationType>> = { role: 'Role', position: 'Position', group: 'Group' };

/** Who a member reference means: users, and the users of roles, positions, departments and groups. */
export class MemberRepository {
  constructor(private readonly db: Db | Trx) {}

  /** Enabled users among `ids`, in the order given. */
  async enabledUsers(ids: string[]): Promise<string[]> {
    if (!ids.length) return [];
    const rows = await this.db
      .selectFrom('appUser')
      .select('id')
      .where('id', 'in', ids)
      .where('enabledMark', '=', 1)
      .execute();
    const found = new Set(rows.map((r) => r.id));
    return ids.filter((id) => found.has(id));
  }

  async usersOf(kind: MemberKind, ids: string[]): Promise<string[]> {
    if (!ids.length) return [];
    if (kind === 'user') return this.enabledUsers(ids);
    if (kind === 'department' || kind === 'company') {
      const rows = await this.db
        .selectFrom('appUser as u')
        .select('u.id')
        .where('u.enabledMark', '=', 1)
        .where((eb) =>
          eb.or([
            eb('u.organizeId', 'in', ids),
            eb(
              'u.id',
              'in',
              eb
                .selectFrom('userRelation')
                .select('userId')
                .where('objectType', '=', 'Organize')
                .where('objectId', 'in', ids),
            ),
          ]),
        )
        .orderBy('u.sortCode')
        .orderBy('u.id')
        .execute();
      return rows.map((r) => r.id);
    }
    const relation = relationOf[kind];
    if (!relation) return [];
    const rows = await this.db
      .selectFrom('userRelation as r')
      .innerJoin('appUser as u', 'u.id', 'r.userId')
      .select('u.id')
      .where('r.objectType', '=', relation)
      .where('r.objectId', 'in', ids)
      .where('u.enabledMark', '=', 1)
      .orderBy('u.sortCode')
      .orderBy('u.id')
      .execute();
    return rows.map((r) => r.id);
  }

  /** The manager `level` steps above the user (1 = the direct manager). */
  async managerAt(userId: string, level: number): Promise<string | null> {
    let current: string | null = userId;
    for (let i = 0; i < level && current; i++) {
      const row: { managerId: string | null } | undefined = await this.db
        .selectFrom('appUser')
        .select('managerId')
        .where('id', '=', current)
        .executeTakeFirst();
      current = row?.managerId ?? null;
    }
    return current === userId ? null : current;
  }

  /** The head (managerId) of the user's department. */
  async departmentHead(userId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('appUser as u')
      .innerJoin('organize as o', 'o.id', 'u.organizeId')
      .select('o.managerId')
      .where('u.id', '=', userId)
      .executeTakeFirst();
    return row?.managerId ?? null;
  }

  /**
   * `extraRule` of an approver's named members: only those in the given relation to the initiator
   * stay (2 same department, 3 a position in common, 4 the initiator's manager, 5 the initiator's
   * direct reports, 6 same company: the nearest company above each one's department). 1 keeps all.
   */
  async relatedTo(rule: number, initiatorId: string, userIds: string[]): Promise<string[]> {
    if (rule <= 1 || rule > 6 || !userIds.length) return userIds;
    const people = await this.db
      .selectFrom('appUser as u')
      .leftJoin('organize as o', 'o.id', 'u.organizeId')
      .select(['u.id', 'u.organizeId', 'u.managerId', 'o.organizeIdTree'])
      .where('u.id', 'in', [initiatorId, ...userIds])
      .execute();
    const initiator = people.find((p) => p.id === initiatorId);
    if (!initiator) return [];
    const byId = new Map(people.map((p) => [p.id, p]));
    let keep: (user: (typeof people)[number]) => boolean;
    if (rule === 2) keep = (u) => !!u.organizeId && u.organizeId === initiator.organizeId;
    else if (rule === 4) keep = (u) => u.id === initiator.managerId;
    else if (rule === 5) keep = (u) => u.managerId === initiatorId;
    else if (rule === 3) {
      const positions = await this.db
        .selectFrom('userRelation')
        .select(['userId', 'objectId'])
        .where('objectType', '=', 'Position')
        .where('userId', 'in', [initiatorId, ...userIds])
        .execute();
      const mine = new Set(positions.filter((p) => p.userId === initiatorId).map((p) => p.objectId));
      const sharing = new Set(positions.filter((p) => mine.has(p.objectId)).map((p) => p.userId));
      keep = (u) => sharing.has(u.id);
    } else {
      const treeIds = [...new Set(people.flatMap((p) => (p.organizeIdTree ?? '').split(',').filter(Boolean)))];
      const companies = new Set(
        treeIds.length
          ? (
              await this.db
                .selectFrom('organize')
                .select('id')
                .where('id', 'in', treeIds)
                .where('category', '=', 'company')
                .execute()
            ).map((o) => o.id)
          : [],
      );
      const companyOf = (tree: string | null) =>
        (tree ?? '')
          .split(',')
          .filter((id) => companies.has(id))
          .pop() ?? null;
      const own = companyOf(initiator.organizeIdTree);
      keep = (u) => own !== null && companyOf(u.organizeIdTree) === own;
    }
    return userIds.filter((id) => {
      const user = byId.get(id);
      return !!user && keep(user);
    });
  }

  async names(ids: string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .selectFrom('appUser')
      .select(['id', 'realName', 'account'])
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.id, `${r.realName}/${r.account}`]));
  }
}
