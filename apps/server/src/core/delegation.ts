import type { Db, Trx } from '../db/database.ts';
import type { AuthorizeItemType } from '../db/schema.ts';
import { type CarriedItem, DelegationRepository, type PowerHolder } from './delegation.repository.ts';
import {
  accountInScope,
  administersOrganize,
  administersRight,
  namedItems,
  type RightAsked,
} from './delegation-rules.ts';
import { BusinessError } from './errors.ts';
import type { MessageKey } from './i18n.ts';
import { GrantRepository } from './permissions.repository.ts';
import type { Access, AdminAction, DataScope, PermissionService } from './permissions.ts';
import type { Session } from './session.ts';

export type { PowerHolder } from './delegation.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The rule of power: what a caller may give, and to whom (see DelegationGuard). */
    delegation: DelegationGuard;
  }
}

/** A tiered-administrator right over one organisation: on itself (thisLayer) or the ones below it (subLayer). */
export type AdministeredRight = RightAsked;

/** What is being given: relations and permission groups (with what they carry), grants, tiered rights. */
export interface Power {
  holders?: PowerHolder[];
  items?: { itemType: AuthorizeItemType; itemId: string }[];
  rights?: AdministeredRight[];
}

/** Who receives it: accounts, or holders whose members receive it (a permission group's members, a role's users). */
export interface Receivers {
  users?: string[];
  holders?: PowerHolder[];
}

/** The areas that together make up what a tiered administrator's right opens. */
const administeredMenus = ['permission.user', 'permission.organize', 'permission.position'] as const;
const buttonOfAction: Record<AdminAction, string | null> = {
  add: 'btn_add',
  edit: 'btn_edit',
  delete: 'btn_remove',
  select: null,
};
const kindKeys: Record<PowerHolder['objectType'], MessageKey> = {
  User: 'delegation.kind.User',
  Role: 'delegation.kind.Role',
  Position: 'delegation.kind.Position',
  Group: 'delegation.kind.Group',
  Organize: 'delegation.kind.Organize',
  PermissionGroup: 'delegation.kind.PermissionGroup',
};

/**
 * The rule of power, in one place: nobody gives an account (itself included) a right it does not
 * hold itself, within the organisations it manages; only a super administrator touches a super
 * administrator. Every route that assigns (users, memberships, permission groups, grants, tiered
 * administrators) asks `requireMayGive` before it writes; every route that changes or reads one
 * account asks `requireMayTouch`. Super administrators pass both (except that nobody but them
 * touches one of them, which they are).
 *
 * "Holds" compares grant items (systems, menus, buttons, columns, forms, data schemes, portals):
 * what a role, position, user group or organisation carries is what the enabled permission groups
 * it belongs to grant; a permission group carries its own grants. "Manages": a tiered administrator
 * manages the organisations it administers for the action; anyone else the rows its data scope of
 * the menu it acts through lets it see.
 */
export class DelegationGuard {
  constructor(
    private readonly db: Db,
    private readonly permissions: PermissionService,
  ) {}

  /**
   * Refuses (400, naming what is missing) to give `power` to `receivers` acting through menu
   * `menu`. Call it with what is newly given only: keeping a relation the account already has is
   * not giving it. Reads on `db` (the pool): call it before the transaction that writes.
   */
  async requireMayGive(session: Session, menu: string, receivers: Receivers, power: Power, db: Db | Trx = this.db) {
    if (session.isAdministrator) return;
    const access = await this.permissions.access(session);
    const repo = new DelegationRepository(db);
    await this.requireReceivers(session, access, menu, receivers, repo);
    await this.requireHeldPower(access, power, repo);
    for (const right of power.rights ?? []) await this.requireRight(session, access, right, db);
  }

  /**
   * Switching a role, position, user group or permission group on gives its members what it carries:
   * refused unless the caller holds that. `wasOn`/`willBeOn`: its state before and after the change.
   */
  async requireMaySwitchOn(session: Session, menu: string, holder: PowerHolder, wasOn: boolean, willBeOn: boolean) {
    if (wasOn || !willBeOn) return;
    await this.requireMayGive(session, menu, {}, { holders: [holder] });
  }

  /**
   * Refuses (400) acting on accounts outside what the caller manages for `action`, and on a super
   * administrator unless the caller is one.
   */
  async requireMayTouch(
    session: Session,
    menu: string,
    userIds: string[],
    action: AdminAction,
    db: Db | Trx = this.db,
  ) {
    if (session.isAdministrator || !userIds.length) return;
    const access = await this.permissions.access(session);
    await this.requireAccounts(session, access, menu, [...new Set(userIds)], action, new DelegationRepository(db));
  }

  /** Refuses (400) placing anyone in organisations outside what the caller manages for `action`. */
  async requireOrganizesManaged(session: Session, menu: string, organizeIds: string[], action: AdminAction) {
    if (session.isAdministrator || !organizeIds.length) return;
    const access = await this.permissions.access(session);
    if (access.administers.length) {
      await this.permissions.requireAdministered(session, organizeIds, action);
      return;
    }
    const scope = await this.permissions.dataScope(session, menu);
    if (scope.all) return;
    const placed = organizeIds.map((organizeId) => ({ id: organizeId, organizeId }));
    const inside = await this.withinScope({ ...scope, self: false }, placed);
    if (placed.some((p) => !inside.has(p.id))) throw new BusinessError('delegation.outsideScope');
  }

  /**
   * Why the caller may not give each of these holders to a new account (an import checks its rows
   * against this once): keyed `Type:id`, holders it may give left out.
   */
  async refusals(session: Session, menu: string, holders: PowerHolder[]): Promise<Map<string, BusinessError>> {
    const refused = new Map<string, BusinessError>();
    if (session.isAdministrator) return refused;
    for (const holder of holders) {
      try {
        if (holder.objectType === 'Organize')
          await this.requireOrganizesManaged(session, menu, [holder.objectId], 'add');
        await this.requireMayGive(session, menu, {}, { holders: [holder] });
      } catch (error) {
        if (!(error instanceof BusinessError)) throw error;
        refused.set(`${holder.objectType}:${holder.objectId}`, error);
      }
    }
    return refused;
  }

  /**
   * Which of these holders the caller may give (keys `Type:id`), for pickers that offer only what may
   * be given: what each carries is held, and a tiered administrator's positions lie in its organisations.
   */
  async givable(session: Session, holders: PowerHolder[]): Promise<Set<string>> {
    const keyOf = (h: { objectType: string; objectId: string }) => `${h.objectType}:${h.objectId}`;
    if (session.isAdministrator) return new Set(holders.map(keyOf));
    const access = await this.permissions.access(session);
    const repo = new DelegationRepository(this.db);
    const lacking = new Set(
      (await repo.carried(holders))
        .filter((c) => !access.items[c.itemType].has(c.itemId))
        .map((c) => `${c.holderType}:${c.holderId}`),
    );
    if (access.administers.length) {
      const organizes = await repo.positionOrganizes(
        holders.filter((h) => h.objectType === 'Position').map((h) => h.objectId),
      );
      const paths = await new GrantRepository(this.db).organizePaths([...new Set(organizes.values())]);
      for (const [positionId, organizeId] of organizes) {
        const path = paths.get(organizeId) ?? [];
        if (!access.administers.some((a) => path.includes(a.organizeId))) lacking.add(`Position:${positionId}`);
      }
    }
    return new Set(holders.map(keyOf).filter((key) => !lacking.has(key)));
  }

  private async requireAccounts(
    session: Session,
    access: Access,
    menu: string,
    userIds: string[],
    action: AdminAction,
    repo: DelegationRepository,
  ) {
    const accounts = await repo.accounts(userIds);
    if (accounts.some((a) => a.isAdministrator)) throw new BusinessError('delegation.superAdmin');
    const organizeIds = accounts.flatMap((a) => (a.organizeId ? [a.organizeId] : []));
    if (access.administers.length) {
      // Someone outside every organisation is outside what a tiered administrator administers.
      if (organizeIds.length < accounts.length) throw new BusinessError('organizeAdministrator.outside');
      await this.permissions.requireAdministered(session, organizeIds, action);
      return;
    }
    const scope = await this.permissions.dataScope(session, menu);
    if (scope.all) return;
    const inside = await this.withinScope(scope, accounts);
    if (accounts.some((a) => !inside.has(a.id))) throw new BusinessError('delegation.outsideScope');
  }

  private async withinScope(
    scope: Exclude<DataScope, { all: true }>,
    accounts: { id: string; organizeId: string | null }[],
  ) {
    const paths = await new GrantRepository(this.db).organizePaths(
      accounts.flatMap((a) => (a.organizeId ? [a.organizeId] : [])),
    );
    return new Set(
      accounts.filter((a) => accountInScope(scope, a, paths.get(a.organizeId ?? '') ?? [])).map((a) => a.id),
    );
  }

  /** Every account the receivers reach lies within what the caller manages. */
  private async requireReceivers(
    session: Session,
    access: Access,
    menu: string,
    receivers: Receivers,
    repo: DelegationRepository,
  ) {
    const users = [...(receivers.users ?? [])];
    const holders = [...(receivers.holders ?? [])];
    // A permission group's members receive what it is given.
    for (const group of holders.filter((h) => h.objectType === 'PermissionGroup')) {
      holders.push(...(await repo.members(group.objectId)));
    }
    users.push(...holders.filter((h) => h.objectType === 'User').map((h) => h.objectId));
    if (users.length) await this.requireAccounts(session, access, menu, [...new Set(users)], 'edit', repo);
    // Structure as a receiver reaches people anywhere; a tiered administrator gives only inside its own.
    if (!access.administers.length) return;
    const idsOf = (type: PowerHolder['objectType']) =>
      holders.filter((h) => h.objectType === type).map((h) => h.objectId);
    const roleIds = idsOf('Role');
    const roleOrganizes = await repo.roleOrganizes(roleIds);
    if (roleIds.some((id) => !roleOrganizes.get(id)?.length)) throw new BusinessError('organizeAdministrator.outside');
    const organizeIds = [
      ...idsOf('Organize'),
      ...(await repo.positionOrganizes(idsOf('Position'))).values(),
      ...[...roleOrganizes.values()].flat(),
    ];
    if (organizeIds.length) await this.permissions.requireAdministered(session, organizeIds, 'edit');
    const groupUsers = await repo.groupUsers(idsOf('Group'));
    if (groupUsers.length) await this.requireAccounts(session, access, menu, groupUsers, 'edit', repo);
  }

  /** Everything given, and everything the given holders carry, is held by the caller. */
  private async requireHeldPower(access: Access, power: Power, repo: DelegationRepository) {
    const holders = power.holders ?? [];
    const carried: CarriedItem[] = [
      ...(await repo.carried(holders)),
      ...(power.items ?? []).map((i) => ({ holderType: 'User' as const, holderId: '', ...i })),
    ];
    const missing = carried.filter((c) => !access.items[c.itemType].has(c.itemId));
    if (!missing.length) {
      // A tiered administrator gives positions of its own organisations only.
      if (access.administers.length) await this.requirePositionsInside(access, holders, repo);
      return;
    }
    const first = missing[0] as CarriedItem;
    const ofFirst = missing.filter((m) => m.holderType === first.holderType && m.holderId === first.holderId);
    const itemNames = await repo.itemNames(ofFirst);
    // Sorted, so the same refusal always reads the same.
    const named = namedItems(ofFirst.map((m) => itemNames.get(`${m.itemType}:${m.itemId}`) ?? m.itemId));
    if (!first.holderId) throw new BusinessError('delegation.itemsNotHeld', { items: named });
    const holderNames = await repo.holderNames([{ objectType: first.holderType, objectId: first.holderId }]);
    throw new BusinessError(
      'delegation.notHeld',
      { name: holderNames.get(`${first.holderType}:${first.holderId}`) ?? first.holderId, items: named },
      undefined,
      new BusinessError(kindKeys[first.holderType]),
    );
  }

  private async requirePositionsInside(access: Access, holders: PowerHolder[], repo: DelegationRepository) {
    const positionIds = holders.filter((h) => h.objectType === 'Position').map((h) => h.objectId);
    const organizes = await repo.positionOrganizes(positionIds);
    const paths = await new GrantRepository(this.db).organizePaths([...organizes.values()]);
    for (const [positionId, organizeId] of organizes) {
      if (administersOrganize(access.administers, organizeId, paths.get(organizeId) ?? [])) continue;
      const names = await repo.holderNames([{ objectType: 'Position', objectId: positionId }]);
      throw new BusinessError('delegation.positionOutside', {
        name: names.get(`Position:${positionId}`) ?? positionId,
      });
    }
  }

  /**
   * A tiered right is held by a tiered administrator that has it on the organisation (this layer) or
   * on an organisation above (sub layer), and by anyone else that holds the action on every page the
   * right opens with an unlimited data scope there.
   */
  private async requireRight(session: Session, access: Access, right: AdministeredRight, db: Db | Trx) {
    const path = (await new GrantRepository(db).organizePaths([right.organizeId])).get(right.organizeId) ?? [];
    let held = administersRight(access.administers, right, path);
    if (!held && !access.administers.length) held = await this.holdsEverywhere(session, access, right.action);
    if (held) return;
    const names = await new DelegationRepository(db).holderNames([
      { objectType: 'Organize', objectId: right.organizeId },
    ]);
    throw new BusinessError(
      'delegation.rightNotHeld',
      { organize: names.get(`Organize:${right.organizeId}`) ?? right.organizeId },
      undefined,
      new BusinessError(`delegation.right.${right.layer}.${right.action}` as MessageKey),
    );
  }

  private async holdsEverywhere(session: Session, access: Access, action: AdminAction) {
    const button = buttonOfAction[action];
    for (const menu of administeredMenus) {
      const granted = button
        ? access.buttons.has(`${menu}:${button}`) || (access.menus.has(menu) && access.buttonsUnchecked.has(menu))
        : access.menus.has(menu);
      if (!granted || !(await this.permissions.dataScope(session, menu)).all) return false;
    }
    return true;
  }
}
