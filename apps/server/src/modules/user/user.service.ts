import type { ResetPasswordInput, UserInput, UserQuery } from '@platform/shared';
import type { DelegationGuard, PowerHolder } from '../../core/delegation.ts';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import type { EventBus } from '../../core/event-bus.ts';
import { newId } from '../../core/ids.ts';
import { page, pageParams, toMillis } from '../../core/paging.ts';
import { hashPasswordDigest, md5Hex } from '../../core/password.ts';
import type { DataScope, PermissionService } from '../../core/permissions.ts';
import type { Session, SessionStore } from '../../core/session.ts';
import type { Db } from '../../db/database.ts';
import type { UserUpdate } from '../../db/schema.ts';
import type { DictionaryCache } from '../dictionary/dictionary-cache.ts';
import { checkRolesFitOrganizes } from '../role/role.service.ts';
import type { SysConfigService } from '../sysConfig/sys-config.service.ts';
import {
  type RelationKind,
  UserAdminRepository,
  UserListRepository,
  UserRepository,
  userSortable,
} from './user.repository.ts';
import { maxRememberedPasswords } from './user-account.service.ts';
import { menu } from './user-route-paths.ts';

/** "a,b,,c" -> ["a","b","c"], without repeats. */
export function splitIds(csv: string | null | undefined): string[] {
  return [...new Set((csv ?? '').split(',').filter(Boolean))];
}

const dateOrNull = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms));

/**
 * The user page: the list, a user's card, creating, changing and deleting users, their state and
 * password. Pickers are UserPickerService, hand-over UserHandoverService, and what other areas
 * read and change of one user's record UserAccountService.
 */
export class UserService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionStore,
    private readonly sysConfig: SysConfigService,
    /** The sex entries' names the list prints. */
    private readonly dictionaries: DictionaryCache,
    /** Where relation changes are announced, so cached grants are dropped on every instance. */
    private readonly bus?: EventBus,
    /** Keeps a tiered administrator within the organisations it administers. */
    private readonly permissions?: PermissionService,
    /** The rule of power: who may be changed, and which relations the caller may give. */
    private readonly delegation?: DelegationGuard,
  ) {}

  /** Refuses acting on a user the caller does not manage (or a super administrator, unless the caller is one). */
  private requireMayTouch(session: Session, id: string, action: 'edit' | 'delete' | 'select') {
    return this.delegation?.requireMayTouch(session, menu, [id], action);
  }

  /** Refuses giving the relations of `input` that the user does not have yet, unless the caller may give them. */
  private async requireMayGive(session: Session, input: UserInput, id: string | null) {
    if (!this.delegation) return;
    const held = id ? await new UserAdminRepository(this.db).relations([id]) : [];
    const given: PowerHolder[] = (
      [
        ['Organize', input.organizeId],
        ['Position', input.positionId],
        ['Role', input.roleId],
        ['Group', input.groupId],
      ] as const
    ).flatMap(([objectType, ids]) =>
      splitIds(ids)
        .filter((objectId) => !held.some((h) => h.objectType === objectType && h.objectId === objectId))
        .map((objectId) => ({ objectType, objectId })),
    );
    const placed = given.filter((g) => g.objectType === 'Organize').map((g) => g.objectId);
    await this.delegation.requireOrganizesManaged(session, menu, placed, id ? 'edit' : 'add');
    // The account itself is checked by requireMayTouch (an update) or is new (a create).
    await this.delegation.requireMayGive(session, menu, {}, { holders: given });
  }

  /** The organisations a user belongs to (its own first): where a tiered administrator needs its rights. */
  private async organizesOf(id: string): Promise<string[]> {
    const user = await new UserRepository(this.db).findById(id);
    if (!user) throw new NotFoundError();
    return user.organizeId ? [user.organizeId] : [];
  }

  /** The user page: users of an organisation and below, by keyword, gender and state, within the caller's data scope. */
  async list(query: UserQuery, scope: DataScope) {
    const params = pageParams(query, userSortable);
    const [{ list, total }, sex] = await Promise.all([
      new UserListRepository(this.db).page(params, {
        organizeId: query.organizeId || null,
        gender: query.gender,
        enabledMark: query.enabledMark,
        scope,
      }),
      this.dictionaries.names('sex'),
    ]);
    return page(
      list.map((u) => ({
        id: u.id,
        account: u.account,
        realName: u.realName,
        // The table prints it as it is: the sex entry's name (男), not its code.
        gender: sex.name(u.gender),
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

  async info(id: string, session?: Session) {
    if (session) await this.requireMayTouch(session, id, 'select');
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
    await this.permissions?.requireAdministered(session, splitIds(input.organizeId), 'add');
    await this.requireMayGive(session, input, null);
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
    const where = [...(await this.organizesOf(id)), ...splitIds(input.organizeId)];
    await this.permissions?.requireAdministered(session, where, 'edit');
    await this.requireMayTouch(session, id, 'edit');
    await this.requireMayGive(session, input, id);
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
    await this.permissions?.requireAdministered(session, await this.organizesOf(id), 'delete');
    await this.requireMayTouch(session, id, 'delete');
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
    await this.permissions?.requireAdministered(session, await this.organizesOf(id), 'edit');
    await this.requireMayTouch(session, id, 'edit');
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
    await this.permissions?.requireAdministered(session, await this.organizesOf(id), 'edit');
    await this.requireMayTouch(session, id, 'edit');
    if (input.userPassword.toLowerCase() !== input.validatePassword.toLowerCase()) {
      throw new BusinessError('user.passwordMismatch');
    }
    const passwordHash = await hashPasswordDigest(input.userPassword);
    await this.db.transaction().execute(async (trx) => {
      const user = await new UserRepository(trx).findById(id);
      if (!user) throw new NotFoundError();
      await new UserAdminRepository(trx).update(id, {
        passwordHash,
        changePasswordDate: null,
        logErrorCount: 0,
        lastModifyTime: new Date(),
        lastModifyUserId: session.userId,
      });
      // Remembered like any other password, so the user cannot later choose it again under disableOldPassword.
      await new UserRepository(trx).recordPassword(id, user.passwordHash, passwordHash, maxRememberedPasswords);
    });
    await this.sessions.revokeUser(id, 'password');
  }

  /** Lifts a lock from failed logins; the user may sign in again at once. */
  async unlock(id: string, session: Session) {
    await this.permissions?.requireAdministered(session, await this.organizesOf(id), 'edit');
    await this.requireMayTouch(session, id, 'edit');
    const users = new UserRepository(this.db);
    const user = await users.findById(id);
    if (!user) throw new NotFoundError();
    await users.update(id, { enabledMark: 1, logErrorCount: 0, unlockTime: null });
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
