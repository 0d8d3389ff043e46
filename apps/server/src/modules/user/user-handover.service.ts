import type { WorkHandoverInput } from '@platform/shared';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import type { Db } from '../../db/database.ts';
import { checkRolesFitOrganizes } from '../role/role.service.ts';
import { type RelationKind, UserAdminRepository } from './user.repository.ts';

/** Handing a user's work (managed organisations, reports, positions, roles, groups) over to another. */
export class UserHandoverService {
  constructor(private readonly db: Db) {}

  /** What a user is responsible for. */
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
}
