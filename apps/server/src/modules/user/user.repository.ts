import { sql } from 'kysely';
import { newId } from '../../core/ids.ts';
import { likePattern, type PageParams } from '../../core/paging.ts';
import { dataScopeFilter, forgetPermissionHolder } from '../../core/permissions.repository.ts';
import type { DataScope } from '../../core/permissions.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { NewUser, UserRow, UserUpdate } from '../../db/schema.ts';

export class UserRepository {
  constructor(private readonly db: Db | Trx) {}

  findById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('appUser').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Accounts are matched without regard to case, as the unique index is. */
  findByAccount(account: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('appUser')
      .selectAll()
      .where(sql`lower(account)`, '=', account.toLowerCase())
      .executeTakeFirst();
  }

  findByMobile(mobile: string): Promise<UserRow[]> {
    return this.db.selectFrom('appUser').selectAll().where('mobilePhone', '=', mobile).limit(2).execute();
  }

  async update(id: string, changes: UserUpdate) {
    await this.db.updateTable('appUser').set(changes).where('id', '=', id).execute();
  }

  /** Counts a failed password and returns the new count (atomic across concurrent attempts). */
  async countLoginFailure(id: string): Promise<number> {
    const row = await this.db
      .updateTable('appUser')
      .set((eb) => ({ logErrorCount: eb('logErrorCount', '+', 1) }))
      .where('id', '=', id)
      .returning('logErrorCount')
      .executeTakeFirstOrThrow();
    return row.logErrorCount;
  }

  /** The hashes of the user's last `count` passwords, newest first (password history, migration 0026). */
  async recentPasswordHashes(userId: string, count: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('passwordHistory')
      .select('passwordHash')
      .where('userId', '=', userId)
      .orderBy('creatorTime', 'desc')
      .orderBy('id', 'desc')
      .limit(count)
      .execute();
    return rows.map((row) => row.passwordHash);
  }

  /**
   * Remembers the password the user now has (`passwordHash`), keeping the newest `keep` entries.
   * The one it replaces (`previousHash`) is remembered first when the history does not begin with
   * it (users whose password was set before the history existed, or by the seed or an import).
   */
  async recordPassword(userId: string, previousHash: string, passwordHash: string, keep: number) {
    const [newest] = await this.recentPasswordHashes(userId, 1);
    if (newest !== previousHash) {
      await this.db.insertInto('passwordHistory').values({ id: newId(), userId, passwordHash: previousHash }).execute();
    }
    // Ids grow with time: they order two rows written in one transaction (one now()).
    await this.db.insertInto('passwordHistory').values({ id: newId(), userId, passwordHash }).execute();
    const kept = this.db
      .selectFrom('passwordHistory')
      .select('id')
      .where('userId', '=', userId)
      .orderBy('creatorTime', 'desc')
      .orderBy('id', 'desc')
      .limit(keep);
    await this.db.deleteFrom('passwordHistory').where('userId', '=', userId).where('id', 'not in', kept).execute();
  }

  /** A manager's direct reports, each with whether it has reports of its own. */
  directReports(managerId: string) {
    return this.db
      .selectFrom('appUser')
      .select(['id', 'account', 'realName', 'headIcon', 'organizeId'])
      .select((eb) =>
        eb
          .exists(eb.selectFrom('appUser as sub').select('sub.id').whereRef('sub.managerId', '=', 'appUser.id'))
          .as('hasChildren'),
      )
      .where('managerId', '=', managerId)
      .orderBy('sortCode')
      .orderBy('creatorTime')
      .limit(500)
      .execute();
  }

  organizeName(organizeId: string | null): Promise<string> {
    if (!organizeId) return Promise.resolve('');
    return this.db
      .selectFrom('organize')
      .select('fullName')
      .where('id', '=', organizeId)
      .executeTakeFirst()
      .then((row) => row?.fullName ?? '');
  }
}

export type RelationKind = 'Organize' | 'Position' | 'Role' | 'Group';

export interface UserListFilter {
  /** The organisation whose subtree's users are wanted (its own users and those of every descendant). */
  organizeId?: string | null;
  gender?: string | undefined;
  enabledMark?: number | undefined;
  /** The caller's data scope of the user page: members of its organisations, and the caller under "self". */
  scope?: DataScope;
}

/** Sort fields of the user list, by their wire names. */
export const userSortable = ['account', 'realName', 'sortCode', 'creatorTime'] as const;

/** The user page's queries; the list is the hot path, one page and its total, both on indexes. */
export class UserListRepository {
  constructor(private readonly db: Db | Trx) {}

  private filtered(params: PageParams, filter: UserListFilter) {
    let query = this.db.selectFrom('appUser as u');
    if (filter.organizeId) {
      // An organisation's path lists its ancestors and itself, so the subtree is every path holding
      // the id (organize_ancestors index); no lookup of the path first, one statement in all.
      query = query.where(
        sql<boolean>`u.id in (select r.user_id from user_relation r join organize o on o.id = r.object_id
          where r.object_type = 'Organize' and string_to_array(o.organize_id_tree, ',') @> array[${filter.organizeId}::text])`,
      );
    }
    // The same expression as the app_user_search trigram index, so a leading wildcard stays fast.
    if (params.keyword)
      query = query.where(sql<boolean>`(u.account || ' ' || u.real_name) ilike ${likePattern(params.keyword)}`);
    if (filter.gender) query = query.where('u.gender', '=', filter.gender);
    if (filter.enabledMark !== undefined) query = query.where('u.enabledMark', '=', filter.enabledMark);
    const scope = filter.scope;
    if (scope && !scope.all) {
      query = query.where((eb) =>
        eb.or([
          eb(
            'u.id',
            'in',
            eb
              .selectFrom('userRelation as r')
              .select('r.userId')
              .where('r.objectType', '=', 'Organize')
              .where(dataScopeFilter(scope, { organizeId: 'r.objectId' })),
          ),
          dataScopeFilter(scope, { userId: 'u.id' })(eb),
        ]),
      );
    }
    return query;
  }

  /**
   * One page and the total in one statement: the filters run once into `matched` (referenced twice,
   * so PostgreSQL materialises it), the page is cut from it, and only the page's rows get their
   * organisation names. A page past the end carries no row, so only then is the total counted alone.
   */
  async page(params: PageParams, filter: UserListFilter) {
    const column = params.sidx ? (params.sidx as (typeof userSortable)[number]) : null;
    const rows = await this.db
      .with('matched', () =>
        this.filtered(params, filter).select(['u.id', 'u.account', 'u.realName', 'u.sortCode', 'u.creatorTime']),
      )
      .with('page', (db) => {
        const q = db.selectFrom('matched').select('id');
        const ordered = column
          ? q.orderBy(column, params.sort).orderBy('id')
          : q.orderBy('sortCode').orderBy('creatorTime', 'desc').orderBy('id');
        return ordered.limit(params.pageSize).offset(params.offset);
      })
      .selectFrom('page as p')
      .innerJoin('appUser as u', 'u.id', 'p.id')
      .select([
        'u.id',
        'u.account',
        'u.realName',
        'u.gender',
        'u.mobilePhone',
        'u.creatorTime',
        'u.sortCode',
        'u.enabledMark',
        'u.isAdministrator',
        sql<string | null>`(select string_agg(o.full_name, ',' order by r.sort_code, o.full_name) from user_relation r
          join organize o on o.id = r.object_id where r.user_id = u.id and r.object_type = 'Organize')`.as('organize'),
        sql<number>`(select count(*) from matched)::int`.as('total'),
      ])
      .$call((q) =>
        column
          ? q.orderBy(`u.${column}`, params.sort).orderBy('u.id')
          : q.orderBy('u.sortCode').orderBy('u.creatorTime', 'desc').orderBy('u.id'),
      )
      .execute();
    const first = rows[0];
    if (!first && params.offset > 0) {
      const counted = await this.filtered(params, filter)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return { list: [], total: Number(counted.n) };
    }
    return { list: rows.map(({ total: _, ...row }) => row), total: Number(first?.total ?? 0) };
  }
}

export class UserAdminRepository {
  constructor(private readonly db: Db | Trx) {}

  accountTaken(account: string, exceptId: string | null): Promise<boolean> {
    let query = this.db.selectFrom('appUser').select('id').where(sql`lower(account)`, '=', account.toLowerCase());
    if (exceptId) query = query.where('id', '<>', exceptId);
    return query.executeTakeFirst().then(Boolean);
  }

  /** Which of `ids` exist as objects of this kind. */
  async existing(kind: RelationKind | 'User', ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const table = (
      { Organize: 'organize', Position: 'position', Role: 'role', Group: 'userGroup', User: 'appUser' } as const
    )[kind];
    const rows = await this.db.selectFrom(table).select('id').where('id', 'in', ids).execute();
    return rows.map((r) => r.id);
  }

  async insert(user: NewUser) {
    await this.db.insertInto('appUser').values(user).execute();
  }

  /** Many users in one statement (the import's batches). */
  async insertMany(users: NewUser[]) {
    if (users.length) await this.db.insertInto('appUser').values(users).execute();
  }

  /** Relations of new users, in one statement. */
  async insertRelations(rows: { userId: string; objectType: RelationKind; objectId: string; sortCode: number }[]) {
    if (rows.length)
      await this.db
        .insertInto('userRelation')
        .values(rows.map((r) => ({ ...r, id: newId() })))
        .execute();
  }

  async update(id: string, changes: UserUpdate) {
    await this.db.updateTable('appUser').set(changes).where('id', '=', id).execute();
  }

  async delete(id: string) {
    await forgetPermissionHolder(this.db, 'User', id);
    await this.db.updateTable('appUser').set({ managerId: null }).where('managerId', '=', id).execute();
    await this.db.updateTable('organize').set({ managerId: null }).where('managerId', '=', id).execute();
    await this.db.deleteFrom('appUser').where('id', '=', id).execute();
  }

  /** Replaces the user's relations of one kind, keeping the given order. */
  async setRelations(userId: string, kind: RelationKind, ids: string[]) {
    await this.db.deleteFrom('userRelation').where('userId', '=', userId).where('objectType', '=', kind).execute();
    if (ids.length === 0) return;
    await this.db
      .insertInto('userRelation')
      .values(ids.map((objectId, sortCode) => ({ id: newId(), userId, objectType: kind, objectId, sortCode })))
      .execute();
  }

  relations(userIds: string[]): Promise<{ userId: string; objectType: RelationKind; objectId: string }[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('userRelation')
      .select(['userId', 'objectType', 'objectId'])
      .where('userId', 'in', userIds)
      .orderBy('sortCode')
      .execute();
  }

  /** Users as pickers show them, by any of these filters. */
  brief(filter: {
    ids?: string[];
    keyword?: string;
    enabledOnly?: boolean;
    managerId?: string;
    relation?: { kind: RelationKind; ids: string[] };
    /** Also in one of these organisations (relation Organize). */
    organizeIds?: string[];
    limit?: number;
    offset?: number;
  }) {
    let query = this.filteredBrief(filter).select([
      'u.id',
      'u.account',
      'u.realName',
      'u.headIcon',
      'u.gender',
      'u.mobilePhone',
      'u.email',
      'u.organizeId',
      'u.enabledMark',
      sql<string | null>`(select string_agg(o.full_name, ',' order by r.sort_code) from user_relation r
        join organize o on o.id = r.object_id where r.user_id = u.id and r.object_type = 'Organize')`.as('organize'),
    ]);
    query = query.orderBy('u.sortCode').orderBy('u.creatorTime', 'desc').orderBy('u.id');
    return query
      .limit(filter.limit ?? 5000)
      .offset(filter.offset ?? 0)
      .execute();
  }

  countBrief(filter: Parameters<UserAdminRepository['brief']>[0]): Promise<number> {
    return this.filteredBrief(filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  }

  private filteredBrief(filter: Parameters<UserAdminRepository['brief']>[0]) {
    let query = this.db.selectFrom('appUser as u');
    if (filter.ids) query = query.where('u.id', 'in', filter.ids.length ? filter.ids : ['']);
    if (filter.enabledOnly) query = query.where('u.enabledMark', '=', 1);
    if (filter.managerId) query = query.where('u.managerId', '=', filter.managerId);
    if (filter.keyword) {
      query = query.where(sql<boolean>`(u.account || ' ' || u.real_name) ilike ${likePattern(filter.keyword)}`);
    }
    if (filter.relation) {
      const { kind, ids } = filter.relation;
      query = query.where(
        sql<boolean>`u.id in (select r.user_id from user_relation r where r.object_type = ${kind}
          and r.object_id in (${sql.join(ids.length ? ids : [''])}))`,
      );
    }
    if (filter.organizeIds) {
      const ids = filter.organizeIds;
      query = query.where(
        sql<boolean>`u.id in (select r.user_id from user_relation r where r.object_type = 'Organize'
          and r.object_id in (${sql.join(ids.length ? ids : [''])}))`,
      );
    }
    return query;
  }

  /** What a user is responsible for, to hand over. */
  async work(userId: string) {
    const [organizes, subordinates, relations] = await Promise.all([
      this.db.selectFrom('organize').select(['id', 'fullName']).where('managerId', '=', userId).execute(),
      this.db.selectFrom('appUser').select(['id', 'account', 'realName']).where('managerId', '=', userId).execute(),
      this.db
        .selectFrom('userRelation')
        .select(['objectType', 'objectId'])
        .where('userId', '=', userId)
        .where('objectType', 'in', ['Position', 'Role', 'Group'])
        .execute(),
    ]);
    return { organizes, subordinates, relations };
  }

  /** Moves managed organisations, subordinates and position/role/group memberships from one user to another. */
  async handOver(fromId: string, toId: string) {
    await this.db.updateTable('organize').set({ managerId: toId }).where('managerId', '=', fromId).execute();
    await this.db
      .updateTable('appUser')
      .set({ managerId: toId })
      .where('managerId', '=', fromId)
      .where('id', '<>', toId)
      .execute();
    const moving = await this.db
      .selectFrom('userRelation')
      .select(['objectType', 'objectId'])
      .where('userId', '=', fromId)
      .where('objectType', 'in', ['Position', 'Role', 'Group'])
      .execute();
    if (moving.length) {
      await this.db
        .insertInto('userRelation')
        .values(moving.map((m) => ({ id: newId(), userId: toId, objectType: m.objectType, objectId: m.objectId })))
        .onConflict((oc) => oc.columns(['userId', 'objectType', 'objectId']).doNothing())
        .execute();
      await this.db
        .deleteFrom('userRelation')
        .where('userId', '=', fromId)
        .where('objectType', 'in', ['Position', 'Role', 'Group'])
        .execute();
    }
  }

  /** Names of roles, positions or groups, by id. */
  names(table: 'role' | 'position' | 'userGroup', ids: string[]) {
    if (ids.length === 0) return Promise.resolve([] as { id: string; fullName: string }[]);
    return this.db.selectFrom(table).select(['id', 'fullName']).where('id', 'in', ids).execute();
  }

  /** Codes of organisations, positions or roles, by id. */
  codesOf(table: 'organize' | 'position' | 'role', ids: string[]) {
    if (ids.length === 0) return Promise.resolve([] as { id: string; enCode: string }[]);
    return this.db.selectFrom(table).select(['id', 'enCode']).where('id', 'in', ids).execute();
  }

  findByCodes(table: 'organize' | 'position' | 'role', codes: string[]) {
    if (codes.length === 0) return Promise.resolve([] as { id: string; enCode: string }[]);
    return this.db.selectFrom(table).select(['id', 'enCode']).where('enCode', 'in', codes).execute();
  }

  allAccounts(): Promise<Set<string>> {
    return this.db
      .selectFrom('appUser')
      .select('account')
      .execute()
      .then((rows) => new Set(rows.map((r) => r.account.toLowerCase())));
  }
}
