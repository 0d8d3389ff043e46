import type { OrganizeAdministratorInput, OrganizeAdministratorQuery } from '@platform/shared';
import type { AdministeredRight, DelegationGuard } from '../../core/delegation.ts';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import type { EventBus } from '../../core/event-bus.ts';
import { newId } from '../../core/ids.ts';
import { page, pageParams, toMillis } from '../../core/paging.ts';
import type { AdminAction, PermissionService } from '../../core/permissions.ts';
import type { Session } from '../../core/session.ts';
import type { Db } from '../../db/database.ts';
import { OrganizeAdministratorRepository } from './organize-administrator.repository.ts';

type Row = Awaited<ReturnType<OrganizeAdministratorRepository['ofUser']>>[number];

const flags = [
  'thisLayerAdd',
  'thisLayerEdit',
  'thisLayerDelete',
  'thisLayerSelect',
  'subLayerAdd',
  'subLayerEdit',
  'subLayerDelete',
  'subLayerSelect',
] as const;

/** Assigned from the authorisation area, like the permission groups. */
export const menu = 'permission.authorize';

/** `subLayerEdit` -> the right it stands for. */
function rightOf(organizeId: string, flag: (typeof flags)[number]): AdministeredRight {
  const layer = flag.startsWith('thisLayer') ? 'thisLayer' : 'subLayer';
  const action = flag.slice(layer.length).toLowerCase() as AdminAction;
  return { organizeId, layer, action };
}

const toWire = (r: Row) => ({
  id: r.id,
  userId: r.userId,
  userName: r.userName,
  organizeId: r.organizeId,
  organizeName: r.organizeName,
  ...Object.fromEntries(flags.map((f) => [f, r[f] === 1 ? 1 : 0])),
  creatorTime: toMillis(r.creatorTime) ?? 0,
});

/**
 * Tiered administrators (分级管理, `/api/permission/organizeAdminIsTrator`): which organisations a
 * user administers and what it may do there. A tiered administrator assigns only within what it
 * administers itself. Changes drop the user's cached rights on every instance.
 */
export class OrganizeAdministratorService {
  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly permissions: PermissionService,
    /** The rule of power: tiered rights are given only by someone who holds them, to accounts it manages. */
    private readonly delegation: DelegationGuard,
  ) {}

  async page(query: OrganizeAdministratorQuery) {
    const params = pageParams(query);
    const { list, total } = await new OrganizeAdministratorRepository(this.db).page(params, query.userId || undefined);
    return page(list.map(toWire), total, params);
  }

  /** What one user administers. */
  async ofUser(userId: string) {
    return (await new OrganizeAdministratorRepository(this.db).ofUser(userId)).map(toWire);
  }

  async save(input: OrganizeAdministratorInput, session: Session) {
    const organizeIds = [...new Set(input.orgAdminModel.map((m) => m.organizeId))];
    if (organizeIds.length !== input.orgAdminModel.length) throw new BusinessError('organizeAdministrator.duplicate');
    // Checked before the transaction: the rights are read on the pool, which (embedded) is the transaction's one connection.
    const current = await new OrganizeAdministratorRepository(this.db).ofUser(input.userId);
    const before = current.map((r) => r.organizeId);
    await this.permissions.requireAdministered(session, [...before, ...organizeIds], 'edit');
    const rights = input.orgAdminModel.flatMap((model) => {
      const held = current.find((r) => r.organizeId === model.organizeId);
      return flags
        .filter((flag) => model[flag] === 1 && held?.[flag] !== 1)
        .map((flag) => rightOf(model.organizeId, flag));
    });
    await this.delegation.requireMayGive(session, menu, { users: [input.userId] }, { rights });
    await this.db.transaction().execute(async (trx) => {
      const repo = new OrganizeAdministratorRepository(trx);
      if (!(await repo.userExists(input.userId))) throw new NotFoundError();
      if ((await repo.existingOrganizes(organizeIds)).size !== organizeIds.length) {
        throw new BusinessError('organizeAdministrator.organizeMissing');
      }
      await repo.replace(
        input.userId,
        input.orgAdminModel.map((m) => ({ id: newId(), ...m })),
        session.userId,
      );
    });
    await this.bus.publish({ type: 'authorize.changed', userIds: [input.userId] });
  }

  async delete(id: string, session: Session) {
    const repo = new OrganizeAdministratorRepository(this.db);
    const row = await repo.findById(id);
    if (!row) throw new NotFoundError();
    await this.permissions.requireAdministered(session, [row.organizeId], 'edit');
    await this.delegation.requireMayTouch(session, menu, [row.userId], 'edit');
    await repo.delete(id);
    await this.bus.publish({ type: 'authorize.changed', userIds: [row.userId] });
  }
}
