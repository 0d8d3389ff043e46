import type {
  IdsInput,
  KeywordPageInput,
  ResetPasswordInput,
  SelectedUsersInput,
  UserInput,
  UserQuery,
  UsersOfOrganizeQuery,
  WorkHandoverInput,
} from '@platform/shared';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import type { EventBus } from '../../core/event-bus.ts';
import { newId } from '../../core/ids.ts';
import { type PageParams, page, pageParams, toMillis } from '../../core/paging.ts';
import { hashPasswordDigest, md5Hex } from '../../core/password.ts';
import type { DataScope } from '../../core/permissions.ts';
import type { Session, SessionStore } from '../../core/session.ts';
import type { Db } from '../../db/database.ts';
import type { UserUpdate } from '../../db/schema.ts';
import { OrganizeService } from '../organize/organize.service.ts';
import { buildTree, type OrganizeIndex, organizeIcons } from '../organize/organize-tree.ts';
import { checkRolesFitOrganizes } from '../role/role.service.ts';
import type { SysConfigService } from '../sysConfig/sys-config.service.ts';
import {
  type RelationKind,
  UserAdminRepository,
  UserListRepository,
  UserRepository,
  userSortable,
} from './user.repository.ts';
import { type UserCover, UserLookupRepository } from './user-lookup.repository.ts';

export const userIcon = 'icon-ym icon-ym-tree-user2';

/**
 * Picked ids as pickers send them: `id--kind` (user, company, department, organize, role, position,
 * group; any case); a bare id is a user.
 */
export function parseSelectedIds(ids: string[]) {
  return ids.map((raw) => {
    const [id = '', kind = 'user'] = raw.split('--');
    return { raw, id, kind: kind.toLowerCase() };
  });
}

/** Whether a data scope allows an organisation's members (the in-memory twin of `dataScopeFilter`). */
function scopeAllows(scope: DataScope, index: OrganizeIndex, organizeId: string): boolean {
  if (scope.all) return true;
  if (scope.organizeIds.includes(organizeId)) return true;
  return scope.subtreeOrganizeIds.some((root) => index.isInSubtree(organizeId, root));
}

/** "a,b,,c" -> ["a","b","c"], without repeats. */
export function splitIds(csv: string | null | undefined): string[] {
  return [...new Set((csv ?? '').split(',').filter(Boolean))];
}

const dateOrNull = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms));

type Brief = Awaited<ReturnType<UserAdminRepository['brief']>>[number];
export const briefToWire = (u: Brief) => ({
  id: u.id,
  account: u.account,
  realName: u.realName,
  fullName: `${u.realName}/${u.account}`,
  headIcon: u.headIcon ?? '',
  gender: u.gender ?? '',
  mobilePhone: u.mobilePhone ?? '',
  email: u.email ?? '',
  organizeId: u.organizeId ?? '',
  organize: u.organize ?? '',
  enabledMark: u.enabledMark,
  type: 'user',
  icon: userIcon,
});

export class UserService {
  private readonly organizes: OrganizeService;

  constructor(
    private readonly db: Db,
    private readonly sessions: SessionStore,
    private readonly sysConfig: SysConfigService,
    /** Where relation changes are announced, so cached grants are dropped on every instance. */
    private readonly bus?: EventBus,
  ) {
    this.organizes = new OrganizeService(db);
  }

  /** The user page: users of an organisation and below, by keyword, gender and state, within the caller's data scope. */
  async list(query: UserQuery, scope: DataScope) {
    const params = pageParams(query, userSortable);
    const { list, total } = await new UserListRepository(this.db).page(params, {
      organizeId: query.organizeId || null,
      gender: query.gender,
      enabledMark: query.enabledMark,
      scope,
    });
    return page(
      list.map((u) => ({
        id: u.id,
        account: u.account,
        realName: u.realName,
        gender: u.gender ?? '',
        mobilePhone: u.mobilePhone ?? '',
        organize: u.organize ?? '',
        creatorTime: toMillis(u.creatorTime) ?? 0,
        sortCode: u.sortCode,
        enabledMark: u.enabledMark,
        isAdministrator: u.isAdministrator,
      })),
      total,
      params,
    );
  }

  async info(id: string) {
    const user = await new UserRepository(this.db).findById(id);
    if (!user) throw new NotFoundError();
    const relations = await new UserAdminRepository(this.db).relations([id]);
    const joined = (kind: RelationKind) =>
      relations
        .filter((r) => r.objectType === kind)
        .map((r) => r.objectId)
        .join(',');
    return {
      id: user.id,
      account: user.account,
      realName: user.realName,
      gender: user.gender ?? '',
      email: user.email ?? '',
      organizeId: joined('Organize'),
      managerId: user.managerId ?? '',
      positionId: joined('Position'),
      roleId: joined('Role'),
      groupId: joined('Group'),
      ranks: user.ranks ?? '',
      sortCode: user.sortCode,
      enabledMark: user.enabledMark,
      description: user.description ?? '',
      headIcon: user.headIcon ?? '',
      nation: user.nation ?? '',
      nativePlace: user.nativePlace ?? '',
      certificatesType: user.certificatesType ?? '',
      certificatesNumber: user.certificatesNumber ?? '',
      education: user.education ?? '',
      entryDate: toMillis(user.entryDate),
      birthday: toMillis(user.birthday),
      telePhone: user.telePhone ?? '',
      landline: user.landline ?? '',
      mobilePhone: user.mobilePhone ?? '',
      urgentContacts: user.urgentContacts ?? '',
      urgentTelePhone: user.urgentTelePhone ?? '',
      postalAddress: user.postalAddress ?? '',
      isAdministrator: user.isAdministrator,
      creatorTime: toMillis(user.creatorTime) ?? 0,
    };
  }

  /** A new user with the configured default password (newUserDefaultPassword). */
  async create(input: UserInput, session: Session): Promise<string> {
    const settings = await this.sysConfig.get();
    const passwordHash = await hashPasswordDigest(md5Hex(String(settings.newUserDefaultPassword)));
    return this.db.transaction().execute(async (trx) => {
      const repo = new UserAdminRepository(trx);
      const id = newId();
      const relations = await this.checkInput(repo, input, null);
      await checkRolesFitOrganizes(trx, splitIds(input.roleId), splitIds(input.organizeId));
      await repo.insert({
        id,
        passwordHash,
        ...this.card(input),
        enabledMark: input.enabledMark ?? 1,
        creatorUserId: session.userId,
      });
      for (const [kind, ids] of relations) await repo.setRelations(id, kind, ids);
      return id;
    });
  }

  async update(id: string, input: UserInput, session: Session) {
    const disabled = await this.db.transaction().execute(async (trx) => {
      const repo = new UserAdminRepository(trx);
      const current = await new UserRepository(trx).findById(id);
      if (!current) throw new NotFoundError();
      const relations = await this.checkInput(repo, input, id);
      await checkRolesFitOrganizes(trx, splitIds(input.roleId), splitIds(input.organizeId));
      const enabledMark = input.enabledMark === undefined ? current.enabledMark : input.enabledMark;
      if (enabledMark !== 1 && current.enabledMark === 1) this.checkMayDisable(current, session);
      await repo.update(id, {
        ...this.card(input),
        enabledMark:
          current.enabledMark === 2 && enabledMark === 1 && input.enabledMark === undefined ? 2 : enabledMark,
        lastModifyTime: new Date(),
        lastModifyUserId: session.userId,
      });
      for (const [kind, ids] of relations) await repo.setRelations(id, kind, ids);
      return enabledMark === 0 && current.enabledMark !== 0;
    });
    await this.bus?.publish({ type: 'authorize.changed', userIds: [id] });
    if (disabled) await this.sessions.revokeUser(id, 'offline');
  }

  async delete(id: string, session: Session) {
    await this.db.transaction().execute(async (trx) => {
      const user = await new UserRepository(trx).findById(id);
      if (!user) throw new NotFoundError();
      if (id === session.userId) throw new BusinessError('user.deleteSelf');
      if (user.isAdministrator) throw new BusinessError('user.deleteAdmin');
      await new UserAdminRepository(trx).delete(id);
    });
    await this.bus?.publish({ type: 'authorize.changed', userIds: [id] });
  }

  /** Enabled <-> disabled (a locked user becomes enabled). Disabling ends the user's sessions. */
  async toggleState(id: string, session: Session): Promise<number> {
    const next = await this.db.transaction().execute(async (trx) => {
      const user = await new UserRepository(trx).findById(id);
      if (!user) throw new NotFoundError();
      const state = user.enabledMark === 1 ? 0 : 1;
      if (state === 0) this.checkMayDisable(user, session);
      await new UserAdminRepository(trx).update(id, {
        enabledMark: state,
        ...(state === 1 ? { logErrorCount: 0, unlockTime: null } : {}),
        lastModifyTime: new Date(),
        lastModifyUserId: session.userId,
      });
      return state;
    });
    if (next === 0) await this.sessions.revokeUser(id, 'offline');
    return next;
  }

  private checkMayDisable(user: { id: string; isAdministrator: boolean }, session: Session) {
    if (user.id === session.userId) throw new BusinessError('user.disableSelf');
    if (user.isAdministrator) throw new BusinessError('user.disableAdmin');
  }

  /** Both fields are MD5 digests of the new password; every session of the user ends. */
  async resetPassword(id: string, input: ResetPasswordInput, session: Session) {
    if (input.userPassword.toLowerCase() !== input.validatePassword.toLowerCase()) {
      throw new BusinessError('user.passwordMismatch');
    }
    const passwordHash = await hashPasswordDigest(input.userPassword);
    await this.db.transaction().execute(async (trx) => {
      if (!(await new UserRepository(trx).findById(id))) throw new NotFoundError();
      await new UserAdminRepository(trx).update(id, {
        passwordHash,
        changePasswordDate: null,
        logErrorCount: 0,
        lastModifyTime: new Date(),
        lastModifyUserId: session.userId,
      });
    });
    await this.sessions.revokeUser(id, 'password');
  }

  /** Lifts a lock from failed logins; the user may sign in again at once. */
  async unlock(id: string) {
    const users = new UserRepository(this.db);
    const user = await users.findById(id);
    if (!user) throw new NotFoundError();
    await users.update(id, { enabledMark: 1, logErrorCount: 0, unlockTime: null });
  }

  async work(fromId: string) {
    const repo = new UserAdminRepository(this.db);
    if ((await repo.existing('User', [fromId])).length === 0) throw new NotFoundError();
    const work = await repo.work(fromId);
    return {
      organizeList: work.organizes,
      subordinateList: work.subordinates.map((u) => ({ id: u.id, fullName: `${u.realName}/${u.account}` })),
      permissionList: work.relations.map((r) => ({ id: r.objectId, type: r.objectType })),
    };
  }

  async handOver(input: WorkHandoverInput) {
    if (input.fromId === input.toId) throw new BusinessError('user.handoverSame');
    await this.db.transaction().execute(async (trx) => {
      const repo = new UserAdminRepository(trx);
      const found = await repo.existing('User', [input.fromId, input.toId]);
      if (found.length !== 2) throw new NotFoundError();
      // A role the receiver gets here passes the check it would pass if set by hand: an organisation
      // role in none of the receiver's organisations could never count, so the handover is refused.
      const relations = await repo.relations([input.fromId, input.toId]);
      const ids = (userId: string, kind: RelationKind) =>
        relations.filter((r) => r.userId === userId && r.objectType === kind).map((r) => r.objectId);
      const held = new Set(ids(input.toId, 'Role'));
      const gained = ids(input.fromId, 'Role').filter((id) => !held.has(id));
      await checkRolesFitOrganizes(trx, gained, ids(input.toId, 'Organize'));
      await repo.handOver(input.fromId, input.toId);
    });
  }

  async byIds(input: IdsInput) {
    const ids = [...(input.ids ?? []), ...(input.userId ?? [])];
    const rows = await new UserAdminRepository(this.db).brief({ ids });
    const byId = new Map(rows.map((r) => [r.id, briefToWire(r)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async all() {
    return (await new UserAdminRepository(this.db).brief({ enabledOnly: true, limit: 100_000 })).map(briefToWire);
  }

  /** Paged users by a relation (position, role) and keyword. */
  async pageByRelation(
    kind: RelationKind,
    ids: string[],
    query: KeywordPageInput & { organizeId?: string | undefined },
  ) {
    const params = pageParams(query);
    const repo = new UserAdminRepository(this.db);
    const filter = {
      relation: { kind, ids },
      keyword: params.keyword,
      enabledOnly: true,
      ...(query.organizeId ? { organizeIds: [query.organizeId] } : {}),
    };
    const [list, total] = await Promise.all([
      repo.brief({ ...filter, limit: params.pageSize, offset: params.offset }),
      repo.countBrief(filter),
    ]);
    return page(list.map(briefToWire), total, params);
  }

  async subordinates(session: Session, keyword: string | undefined) {
    const rows = await new UserAdminRepository(this.db).brief({
      managerId: session.userId,
      keyword: keyword?.trim() ?? '',
    });
    return rows.map(briefToWire);
  }

  /** Chat contacts: enabled users by keyword, paged. */
  async imUsers(query: KeywordPageInput) {
    const params = pageParams(query);
    const repo = new UserAdminRepository(this.db);
    const filter = { keyword: params.keyword, enabledOnly: true };
    const [list, total] = await Promise.all([
      repo.brief({ ...filter, limit: params.pageSize, offset: params.offset }),
      repo.countBrief(filter),
    ]);
    return page(list.map(briefToWire), total, params);
  }

  /**
   * One level of the user picker: the organisations directly under `id` ("0" the top) and the
   * users of `id`; with a keyword, matching users anywhere, as a flat page.
   *
   * `scope` (GetListByAuthorize: the data scope of the user page) narrows this to the organisations
   * it allows. The top level then lists the topmost allowed organisations (their ancestors stay
   * hidden), a level lists only allowed organisations, and users show only under an allowed `id`;
   * a keyword finds members of allowed organisations. Under "self" the caller is listed too: at the
   * top level when none of their organisations is allowed, and in keyword results.
   */
  async pickerLevel(id: string, query: KeywordPageInput, scope: DataScope = { all: true }) {
    const params = pageParams(query);
    const repo = new UserAdminRepository(this.db);
    if (params.keyword) return scope.all ? this.imUsers(query) : this.lookupPage({ scope }, params);
    const index = await this.organizes.index();
    const parentId = id === '0' ? '-1' : id;
    const allowed = (organizeId: string) => scopeAllows(scope, index, organizeId);
    if (!scope.all && id !== '0' && !allowed(id)) return page([], 0, params);
    const organizes = index.rows
      .filter((o) =>
        scope.all || id !== '0'
          ? o.parentId === parentId && allowed(o.id)
          : allowed(o.id) && !(index.byId.has(o.parentId) && allowed(o.parentId)),
      )
      .map((o) => ({
        id: o.id,
        fullName: o.fullName,
        type: o.category,
        icon: organizeIcons[o.category],
        organize: index.pathName(o.id),
        hasChildren: true,
      }));
    const filter = { organizeIds: id === '0' ? [] : [id], enabledOnly: true };
    const [users, total] =
      id === '0'
        ? await this.selfAtTop(scope, index, params)
        : await Promise.all([
            repo.brief({ ...filter, limit: params.pageSize, offset: params.offset }),
            repo.countBrief(filter),
          ]);
    return page(
      [
        ...(params.currentPage === 1 ? organizes : []),
        ...users.map((u) => ({ ...briefToWire(u), hasChildren: false })),
      ],
      total,
      params,
    );
  }

  /** The caller under a "self" scope, when none of their organisations is allowed (else they show there). */
  private async selfAtTop(scope: DataScope, index: OrganizeIndex, params: PageParams): Promise<[Brief[], number]> {
    if (scope.all || !scope.self) return [[], 0];
    const repo = new UserAdminRepository(this.db);
    const [me] = await repo.brief({ ids: [scope.userId], enabledOnly: true });
    if (!me) return [[], 0];
    const relations = await repo.relations([me.id]);
    if (relations.some((r) => r.objectType === 'Organize' && scopeAllows(scope, index, r.objectId))) return [[], 0];
    return [params.offset === 0 ? [me] : [], 1];
  }

  /**
   * Users of one organisation, by keyword: those with a direct Organize relation to it, not its
   * suborganisations (the picker's "current organisation" tab; the tree tab walks the levels). Without
   * `organizeId`, the caller's current organisation: their default one, else their first.
   */
  async usersOfOrganize(session: Session, query: UsersOfOrganizeQuery) {
    const repo = new UserAdminRepository(this.db);
    let organizeId = query.organizeId || null;
    if (organizeId) {
      if ((await repo.existing('Organize', [organizeId])).length === 0) {
        throw new BusinessError('user.unknownOrganize', { ids: organizeId });
      }
    } else {
      const me = await new UserRepository(this.db).findById(session.userId);
      const relations = await repo.relations([session.userId]);
      organizeId = me?.organizeId ?? relations.find((r) => r.objectType === 'Organize')?.objectId ?? null;
      if (!organizeId) return [];
    }
    const rows = await repo.brief({
      organizeIds: [organizeId],
      enabledOnly: true,
      keyword: query.keyword?.trim() ?? '',
    });
    return rows.map(briefToWire);
  }

  /**
   * The custom-mode picker's flat list: the distinct enabled users the picked ids cover (a user; the
   * members of an organisation and every organisation below it; of a role, position or group), by
   * keyword, paged. Ids that match nothing cover no one.
   */
  async selectedUsers(input: SelectedUsersInput) {
    const params = pageParams(input);
    const wanted = parseSelectedIds(input.ids);
    const of = (kind: string) => [...new Set(wanted.filter((w) => w.kind === kind).map((w) => w.id))];
    const index = await this.organizes.index();
    // As getSelectedList: `--company` and `--department` name an organisation of that category, `--organize` any.
    const roots = new Set(
      wanted
        .filter((w) => {
          const org = index.byId.get(w.id);
          return org && (w.kind === 'organize' || w.kind === org.category);
        })
        .map((w) => w.id),
    );
    const organizeIds = roots.size
      ? index.rows.filter((o) => index.pathIds(o.id).some((p) => roots.has(p))).map((o) => o.id)
      : [];
    return this.lookupPage(
      {
        userIds: of('user'),
        organizeIds,
        roleIds: of('role'),
        positionIds: of('position'),
        groupIds: of('group'),
      },
      params,
    );
  }

  private async lookupPage(cover: UserCover, params: PageParams) {
    const { ids, total } = await new UserLookupRepository(this.db).page(cover, {
      keyword: params.keyword,
      limit: params.pageSize,
      offset: params.offset,
    });
    const rows = ids.length ? await new UserAdminRepository(this.db).brief({ ids }) : [];
    return page(rows.map(briefToWire), total, params);
  }

  /** The organisation tree with enabled users as leaves. */
  async selector() {
    const index = await this.organizes.index();
    const users = await new UserAdminRepository(this.db).brief({ enabledOnly: true, limit: 100_000 });
    const relations = await new UserAdminRepository(this.db).relations(users.map((u) => u.id));
    const nodes = [
      ...index.rows.map((o) => ({
        id: o.id,
        parentId: o.parentId,
        fullName: o.fullName,
        type: o.category as string,
        icon: organizeIcons[o.category] as string,
      })),
      ...relations
        .filter((r) => r.objectType === 'Organize')
        .flatMap((r) => {
          const u = users.find((x) => x.id === r.userId);
          return u ? [{ ...briefToWire(u), id: u.id, parentId: r.objectId }] : [];
        }),
    ];
    return buildTree(nodes, (n) => n);
  }

  /**
   * Resolves picked ids for display. An id may carry its kind (`id--user`, `id--department`,
   * `id--company`, `id--role`, `id--position`, `id--group`); a bare id is looked up as a user.
   */
  async selected(ids: string[]) {
    const wanted = parseSelectedIds(ids);
    const of = (kinds: string[]) => wanted.filter((w) => kinds.includes(w.kind)).map((w) => w.id);
    const index = await this.organizes.index();
    const users = await new UserAdminRepository(this.db).brief({ ids: of(['user']) });
    const [roles, positions, groups] = await Promise.all([
      this.named('role', of(['role'])),
      this.named('position', of(['position'])),
      this.named('userGroup', of(['group'])),
    ]);
    const found = new Map<string, { fullName: string; organize?: string; headIcon?: string }>();
    for (const u of users)
      found.set(`${u.id}--user`, {
        fullName: `${u.realName}/${u.account}`,
        organize: u.organize ?? '',
        headIcon: u.headIcon ?? '',
      });
    for (const o of index.rows)
      found.set(`${o.id}--${o.category}`, { fullName: o.fullName, organize: index.pathName(o.id) });
    for (const o of index.rows)
      found.set(`${o.id}--organize`, { fullName: o.fullName, organize: index.pathName(o.id) });
    for (const r of roles) found.set(`${r.id}--role`, { fullName: r.fullName });
    for (const p of positions) found.set(`${p.id}--position`, { fullName: p.fullName });
    for (const g of groups) found.set(`${g.id}--group`, { fullName: g.fullName });
    return wanted.flatMap((w) => {
      const hit = found.get(`${w.id}--${w.kind}`);
      return hit ? [{ id: w.raw, type: w.kind, organize: '', headIcon: '', ...hit }] : [];
    });
  }

  private named(table: 'role' | 'position' | 'userGroup', ids: string[]) {
    if (ids.length === 0) return Promise.resolve([] as { id: string; fullName: string }[]);
    return this.db.selectFrom(table).select(['id', 'fullName']).where('id', 'in', ids).execute();
  }

  private card(input: UserInput): UserUpdate & { account: string; realName: string } {
    const organizeIds = splitIds(input.organizeId);
    return {
      account: input.account,
      realName: input.realName,
      gender: input.gender || null,
      email: input.email || null,
      organizeId: organizeIds[0] ?? null,
      managerId: input.managerId || null,
      ranks: input.ranks || null,
      sortCode: input.sortCode ?? 0,
      description: input.description || null,
      headIcon: input.headIcon || null,
      nation: input.nation || null,
      nativePlace: input.nativePlace || null,
      certificatesType: input.certificatesType || null,
      certificatesNumber: input.certificatesNumber || null,
      education: input.education || null,
      entryDate: dateOrNull(input.entryDate),
      birthday: dateOrNull(input.birthday),
      telePhone: input.telePhone || null,
      landline: input.landline || null,
      mobilePhone: input.mobilePhone || null,
      urgentContacts: input.urgentContacts || null,
      urgentTelePhone: input.urgentTelePhone || null,
      postalAddress: input.postalAddress || null,
    };
  }

  /** Checks the account and every referenced id; returns the relations to store. */
  private async checkInput(repo: UserAdminRepository, input: UserInput, selfId: string | null) {
    if (await repo.accountTaken(input.account, selfId)) throw new BusinessError('user.accountTaken');
    const relations: [RelationKind, string[]][] = [
      ['Organize', splitIds(input.organizeId)],
      ['Position', splitIds(input.positionId)],
      ['Role', splitIds(input.roleId)],
    ];
    // Groups are only touched when the client sends them (the protocol's user form does not).
    if (input.groupId !== undefined) relations.push(['Group', splitIds(input.groupId)]);
    if (relations[0]?.[1].length === 0) throw new BusinessError('user.organizeRequired');
    const keys = {
      Organize: 'user.unknownOrganize',
      Position: 'user.unknownPosition',
      Role: 'user.unknownRole',
      Group: 'user.unknownGroup',
    } as const;
    for (const [kind, ids] of relations) {
      const found = await repo.existing(kind, ids);
      const missing = ids.filter((id) => !found.includes(id));
      if (missing.length) throw new BusinessError(keys[kind], { ids: missing.join(',') });
    }
    if (input.managerId) {
      if (input.managerId === selfId) throw new BusinessError('user.selfManager');
      if ((await repo.existing('User', [input.managerId])).length === 0) throw new BusinessError('user.unknownManager');
    }
    return relations;
  }
}
