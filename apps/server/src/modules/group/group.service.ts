import type { GroupCondition, GroupInput, GroupQuery } from '@platform/shared';
import type { DelegationGuard } from '../../core/delegation.ts';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import type { EventBus } from '../../core/event-bus.ts';
import { newId } from '../../core/ids.ts';
import { page, pageParams, toMillis } from '../../core/paging.ts';
import type { Session } from '../../core/session.ts';
import type { Db } from '../../db/database.ts';
import { renameOwnGroup } from '../permissionGroup/permission-group.service.ts';
import { GroupRepository } from './group.repository.ts';

type Row = NonNullable<Awaited<ReturnType<GroupRepository['findById']>>>;

const toWire = (r: Row) => ({
  id: r.id,
  fullName: r.fullName,
  enCode: r.enCode,
  type: r.type ?? '',
  sortCode: r.sortCode,
  enabledMark: r.enabledMark,
  description: r.description ?? '',
  creatorTime: toMillis(r.creatorTime) ?? 0,
});

/** The user group page. */
const menu = 'permission.group';

export class GroupService {
  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    /** Switching a group on gives its members what it carries: only by someone who holds that. */
    private readonly delegation?: DelegationGuard,
  ) {}

  /** Holders' cached grants depend on this record: every instance drops them. */
  private grantsChanged() {
    return this.bus.publish({ type: 'authorize.changed' });
  }

  async page(query: GroupQuery) {
    const params = pageParams(query);
    const { list, total } = await new GroupRepository(this.db).page(params, query.enabledMark);
    return page(list.map(toWire), total, params);
  }

  async selector() {
    return (await new GroupRepository(this.db).list({ enabledMark: 1 })).map((g) => ({
      ...toWire(g),
      icon: 'icon-ym icon-ym-generator-group1',
      hasChildren: false,
      children: [],
    }));
  }

  async condition(input: GroupCondition) {
    const rows = await new GroupRepository(this.db).list({
      keyword: input.keyword?.trim() ?? '',
      ...(input.ids ? { ids: input.ids } : {}),
      enabledMark: 1,
    });
    return rows.map(toWire);
  }

  async info(id: string) {
    const row = await new GroupRepository(this.db).findById(id);
    if (!row) throw new NotFoundError();
    return toWire(row);
  }

  async create(input: GroupInput, session: Session): Promise<string> {
    return this.db.transaction().execute(async (trx) => {
      const repo = new GroupRepository(trx);
      if (await repo.codeTaken(input.enCode, null)) throw new BusinessError('group.codeTaken');
      const id = newId();
      await repo.insert(id, values(input), session.userId);
      return id;
    });
  }

  async update(id: string, input: GroupInput, session: Session) {
    const current = await new GroupRepository(this.db).findById(id);
    if (current) {
      const group = { objectType: 'Group', objectId: id } as const;
      const willBeOn = (input.enabledMark ?? 1) === 1;
      await this.delegation?.requireMaySwitchOn(session, menu, group, current.enabledMark === 1, willBeOn);
    }
    await this.db.transaction().execute(async (trx) => {
      const repo = new GroupRepository(trx);
      const before = await repo.findById(id);
      if (!before) throw new NotFoundError();
      if (await repo.codeTaken(input.enCode, id)) throw new BusinessError('group.codeTaken');
      await repo.update(id, values(input), session.userId);
      await renameOwnGroup(trx, { type: 'Group', id }, before, input);
    });
    await this.grantsChanged();
  }

  async delete(id: string) {
    await this.db.transaction().execute(async (trx) => {
      const repo = new GroupRepository(trx);
      if (!(await repo.findById(id))) throw new NotFoundError();
      await repo.delete(id);
    });
    await this.grantsChanged();
  }
}

function values(input: GroupInput) {
  return {
    fullName: input.fullName,
    enCode: input.enCode,
    type: input.type ?? null,
    sortCode: input.sortCode ?? 0,
    enabledMark: input.enabledMark ?? 1,
    description: input.description ?? null,
  };
}
