import type { PositionCondition, PositionInput, PositionQuery } from '@platform/shared';
import type { DelegationGuard } from '../../core/delegation.ts';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import type { EventBus } from '../../core/event-bus.ts';
import { newId } from '../../core/ids.ts';
import { page, pageParams, toMillis } from '../../core/paging.ts';
import type { PermissionService } from '../../core/permissions.ts';
import type { Session } from '../../core/session.ts';
import type { Db } from '../../db/database.ts';
import type { OrganizeService } from '../organize/organize.service.ts';
import { buildTree, organizeIcons } from '../organize/organize-tree.ts';
import { renameOwnGroup } from '../permissionGroup/permission-group.service.ts';
import { PositionRepository } from './position.repository.ts';

type Row = NonNullable<Awaited<ReturnType<PositionRepository['findById']>>>;

const toWire = (r: Row) => ({
  id: r.id,
  organizeId: r.organizeId,
  department: r.department ?? '',
  fullName: r.fullName,
  enCode: r.enCode,
  type: r.type ?? '',
  sortCode: r.sortCode,
  enabledMark: r.enabledMark,
  description: r.description ?? '',
  creatorTime: toMillis(r.creatorTime) ?? 0,
});

/** The position page, whose grant (or a tiered administrator's rights) opens its list. */
export const positionMenu = 'permission.position';
const menu = positionMenu;

export const positionIcon = 'icon-ym icon-ym-tree-position1';

export class PositionService {
  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    /** The organisation index the list names positions' organisations with. */
    private readonly organizes: OrganizeService,
    /** Keeps a tiered administrator within the organisations it administers. */
    private readonly permissions?: PermissionService,
    /** Switching a position on gives its members what it carries: only by someone who holds that. */
    private readonly delegation?: DelegationGuard,
  ) {}

  /** Holders' cached grants depend on this record: every instance drops them. */
  private grantsChanged() {
    return this.bus.publish({ type: 'authorize.changed' });
  }

  /** The page's list: the positions of the organisations the caller's scope shows. */
  async page(query: PositionQuery, session?: Session) {
    const params = pageParams(query);
    const scope =
      session && this.permissions ? await this.permissions.dataScope(session, menu) : { all: true as const };
    let organizeIds: string[] | null = null;
    if (query.organizeId || !scope.all) {
      const index = await this.organizes.index();
      const rows = query.organizeId ? index.subtree(query.organizeId) : index.rows;
      organizeIds = index.inScope(scope, rows).map((o) => o.id);
    }
    const { list, total } = await new PositionRepository(this.db).page(params, {
      organizeIds,
      enabledMark: query.enabledMark,
    });
    return page(list.map(toWire), total, params);
  }

  async all() {
    return (await new PositionRepository(this.db).list({ enabledMark: 1 })).map(toWire);
  }

  /**
   * The organisation tree with each organisation's enabled positions as leaves; with `session`
   * (SelectorByPermission), only the positions the caller may give (DelegationGuard.givable).
   */
  async selector(session?: Session) {
    const index = await this.organizes.index();
    let positions = await new PositionRepository(this.db).list({ enabledMark: 1 });
    const givable = session
      ? await this.delegation?.givable(
          session,
          positions.map((p) => ({ objectType: 'Position', objectId: p.id })),
        )
      : undefined;
    if (givable) positions = positions.filter((p) => givable.has(`Position:${p.id}`));
    const nodes = [
      ...index.rows.map((o) => ({
        id: o.id,
        parentId: o.parentId,
        fullName: o.fullName,
        type: o.category as string,
        icon: organizeIcons[o.category] as string,
        organize: index.pathName(o.id),
      })),
      ...positions.map((p) => ({
        id: p.id,
        parentId: p.organizeId,
        fullName: p.fullName,
        type: 'position',
        icon: positionIcon,
        organize: index.pathName(p.organizeId),
      })),
    ];
    return buildTree(nodes, (n) => n);
  }

  /** Positions of the given organisations, grouped under each organisation. */
  async byOrganizeIds(organizeIds: string[]) {
    const index = await this.organizes.index();
    const positions = await new PositionRepository(this.db).list({ organizeIds, enabledMark: 1 });
    return organizeIds
      .filter((id) => index.byId.has(id))
      .map((id) => ({
        id,
        fullName: index.byId.get(id)?.fullName ?? '',
        type: index.byId.get(id)?.category ?? '',
        organize: index.pathName(id),
        icon: organizeIcons[index.byId.get(id)?.category ?? 'company'],
        hasChildren: positions.some((p) => p.organizeId === id),
        children: positions
          .filter((p) => p.organizeId === id)
          .map((p) => ({ ...toWire(p), icon: positionIcon, type: 'position' })),
      }));
  }

  async condition(input: PositionCondition) {
    let organizeIds: string[] | undefined;
    if (input.departIds) {
      const index = await this.organizes.index();
      organizeIds = [...new Set(input.departIds.flatMap((id) => index.subtree(id).map((o) => o.id)))];
    }
    const rows = await new PositionRepository(this.db).list({
      ...(organizeIds ? { organizeIds } : {}),
      keyword: input.keyword?.trim() ?? '',
      enabledMark: 1,
    });
    return rows.map(toWire);
  }

  async info(id: string, session?: Session) {
    const row = await new PositionRepository(this.db).findById(id);
    if (!row) throw new NotFoundError();
    if (session) await this.permissions?.requireAdministered(session, [row.organizeId], 'select');
    return toWire(row);
  }

  async create(input: PositionInput, session: Session): Promise<string> {
    // Checked before the transaction: the rights are read on the pool, which (embedded) is the transaction's one connection.
    await this.permissions?.requireAdministered(session, [input.organizeId], 'add');
    return this.db.transaction().execute(async (trx) => {
      const repo = new PositionRepository(trx);
      await this.check(repo, input, null);
      const id = newId();
      await repo.insert(id, this.values(input), session.userId);
      return id;
    });
  }

  /** Moving a position to another organisation is editing there too. */
  async update(id: string, input: PositionInput, session: Session) {
    const current = await new PositionRepository(this.db).findById(id);
    if (!current) throw new NotFoundError();
    await this.permissions?.requireAdministered(session, [current.organizeId, input.organizeId], 'edit');
    const position = { objectType: 'Position', objectId: id } as const;
    const willBeOn = (input.enabledMark ?? 1) === 1;
    await this.delegation?.requireMaySwitchOn(session, menu, position, current.enabledMark === 1, willBeOn);
    await this.db.transaction().execute(async (trx) => {
      const repo = new PositionRepository(trx);
      const before = await repo.findById(id);
      if (!before) throw new NotFoundError();
      await this.check(repo, input, id);
      await repo.update(id, this.values(input), session.userId);
      await renameOwnGroup(trx, { type: 'Position', id }, before, input);
    });
    await this.grantsChanged();
  }

  async delete(id: string, session?: Session) {
    const current = await new PositionRepository(this.db).findById(id);
    if (!current) throw new NotFoundError();
    if (session) await this.permissions?.requireAdministered(session, [current.organizeId], 'delete');
    await this.db.transaction().execute(async (trx) => {
      const repo = new PositionRepository(trx);
      if (!(await repo.findById(id))) throw new NotFoundError();
      if (await repo.hasUsers(id)) throw new BusinessError('position.hasUsers');
      await repo.delete(id);
    });
    await this.grantsChanged();
  }

  private values(input: PositionInput) {
    return {
      organizeId: input.organizeId,
      fullName: input.fullName,
      enCode: input.enCode,
      type: input.type ?? null,
      sortCode: input.sortCode ?? 0,
      enabledMark: input.enabledMark ?? 1,
      description: input.description ?? null,
    };
  }

  private async check(repo: PositionRepository, input: PositionInput, exceptId: string | null) {
    if (!(await repo.organizeExists(input.organizeId))) throw new BusinessError('position.organizeMissing');
    if (await repo.codeTaken(input.enCode, exceptId)) throw new BusinessError('position.codeTaken');
  }
}
