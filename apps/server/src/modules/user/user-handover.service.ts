import type { WorkHandoverInput } from '@platform/shared';
import type { DelegationGuard } from '../../core/delegation.ts';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import type { Session } from '../../core/session.ts';
import type { Db } from '../../db/database.ts';
import { checkRolesFitOrganizes } from '../role/role.service.ts';
import { type RelationKind, UserAdminRepository } from './user.repository.ts';
import { menu } from './user-route-paths.ts';

/** Handing a user's work (managed organisations, reports, positions, roles, groups) over to another. */
export class UserHandoverService {
  constructor(
    private readonly db: Db,
    private readonly delegation: DelegationGuard,
  ) {}

  /** What a user is responsible for. */
  async work(fromId: string, session: Session) {
    await this.delegation.requireMayTouch(session, menu, [fromId], 'select');
    const repo = new UserAdminRepository(this.db);
    if ((await repo.existing('User', [fromId])).length === 0) throw new NotFoundError();
    const work = await repo.work(fromId);
    return {
      organizeList: work.organizes,
      subordinateList: work.subordinates.map((u) => ({ id: u.id, fullName: `${u.realName}/${u.account}` })),
      permissionList: work.relations.map((r) => ({ id: r.objectId, type: r.objectType })),
    };
  }

  /** The receiver gets the giver's roles, positions and groups: each must be the caller's to give. */
  async handOver(input: WorkHandoverInput, session: Session) {
    if (input.fromId === input.toId) throw new BusinessError('user.handoverSame');
    await this.delegation.requireMayTouch(session, menu, [input.fromId, input.toId], 'edit');
    const before = await new UserAdminRepository(this.db).relations([input.fromId, input.toId]);
    const gains = before.filter(
      (r) =>
        r.userId === input.fromId &&
        r.objectType !== 'Organize' &&
        !before.some((o) => o.userId === input.toId && o.objectType === r.objectType && o.objectId === r.objectId),
    );
    await this.delegation.requireMayGive(session, menu, {}, { holders: gains });
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
}
