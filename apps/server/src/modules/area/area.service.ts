import {
  AREA_ROOT,
  type AreaIdsQuery,
  type AreaInfo,
  type AreaInput,
  type AreaListQuery,
  type AreaNames,
  type AreaRow,
  type AreaSelectorNode,
  type AtlasNode,
} from '@platform/shared';
import type { CrudWrites } from '../../core/crud-routes.ts';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import type { Session } from '../../core/session.ts';
import { flipEnabledMark } from '../../core/state-switch.ts';
import type { Db } from '../../db/database.ts';
import { AreaRepository, type AreaValues } from './area.repository.ts';

/** Areas (行政区划): the lazy tree of the administration page, its writes, and the area picker's calls. */
export class AreaService implements CrudWrites<AreaInput, AreaInput> {
  constructor(private readonly db: Db) {}

  /** The children of a node ('-1' the top); with a keyword, every match below it. */
  async list(nodeId: string, query: AreaListQuery): Promise<{ list: AreaRow[] }> {
    const repo = new AreaRepository(this.db);
    const keyword = query.keyword?.trim();
    const rows = keyword ? await repo.search(nodeId, keyword) : await repo.children(nodeId);
    return { list: rows.map((r) => ({ ...r, hasChildren: Boolean(r.hasChildren) })) };
  }

  async info(id: string): Promise<AreaInfo> {
    const repo = new AreaRepository(this.db);
    const row = await repo.findById(id);
    if (!row) throw new NotFoundError();
    const parent = row.parentId === AREA_ROOT ? undefined : await repo.findById(row.parentId);
    return {
      id: row.id,
      parentId: row.parentId,
      parentName: parent?.fullName ?? '',
      fullName: row.fullName,
      enCode: row.enCode,
      sortCode: row.sortCode,
      enabledMark: row.enabledMark,
      description: row.description ?? '',
    };
  }

  /** The picker's level below `parentId`: enabled areas only, never `exceptId` (the area being edited). */
  async selector(parentId: string, exceptId: string): Promise<{ list: AreaSelectorNode[] }> {
    const rows = await new AreaRepository(this.db).enabledChildren(parentId, exceptId);
    return { list: rows.map((r) => ({ id: r.id, fullName: r.fullName, isLeaf: Boolean(r.isLeaf) })) };
  }

  /** The map card's regions: provinces holding their cities (the 3.6 portal designer's map choice). */
  async atlas(): Promise<AtlasNode[]> {
    const rows = await new AreaRepository(this.db).twoLevels();
    const provinces: AtlasNode[] = rows.filter((r) => r.parentId === AREA_ROOT).map((r) => ({ ...r, children: [] }));
    const byId = new Map(provinces.map((p) => [p.id, p]));
    for (const row of rows) byId.get(row.parentId)?.children.push(row);
    return provinces;
  }

  /** The names of each id path, in the order asked; ids no longer known are left out. */
  async namesOf(query: AreaIdsQuery): Promise<AreaNames> {
    const ids = [...new Set(query.idsList.flat())];
    const names = new Map((await new AreaRepository(this.db).names(ids)).map((r) => [r.id, r.fullName]));
    return query.idsList.map((path) => path.flatMap((id) => names.get(id) ?? []));
  }

  async create(input: AreaInput, session: Session): Promise<string> {
    return this.db.transaction().execute(async (trx) => {
      const repo = new AreaRepository(trx);
      await checkParent(repo, input.parentId, null);
      if (await repo.codeTaken(input.enCode, null)) throw new BusinessError('area.codeTaken');
      const id = newId();
      await repo.insert(id, valuesOf(input), session.userId);
      return id;
    });
  }

  async update(id: string, input: AreaInput, session: Session) {
    await this.db.transaction().execute(async (trx) => {
      const repo = new AreaRepository(trx);
      if (!(await repo.findById(id))) throw new NotFoundError();
      await checkParent(repo, input.parentId, id);
      if (await repo.codeTaken(input.enCode, id)) throw new BusinessError('area.codeTaken');
      await repo.update(id, valuesOf(input), session.userId);
    });
  }

  toggleState(id: string, session: Session): Promise<number> {
    return flipEnabledMark(this.db, 'area', id, session.userId);
  }

  /** An area with areas below it is refused: deleting it would orphan them and the values that name them. */
  async delete(id: string) {
    await this.db.transaction().execute(async (trx) => {
      const repo = new AreaRepository(trx);
      if (!(await repo.findById(id))) throw new NotFoundError();
      if (await repo.hasChildren(id)) throw new BusinessError('area.hasChildren');
      await repo.delete(id);
    });
  }
}

/** The parent must exist, and an area cannot move below itself. */
async function checkParent(repo: AreaRepository, parentId: string, id: string | null) {
  if (parentId === AREA_ROOT) return;
  if (!(await repo.findById(parentId))) throw new BusinessError('area.parentMissing');
  if (id && (await repo.isSelfOrBelow(id, parentId))) throw new BusinessError('area.parentCycle');
}

function valuesOf(input: AreaInput): AreaValues {
  return {
    parentId: input.parentId,
    fullName: input.fullName,
    enCode: input.enCode,
    sortCode: input.sortCode ?? 0,
    enabledMark: input.enabledMark ?? 1,
    description: input.description || null,
  };
}
