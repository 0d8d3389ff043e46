import type { DepartmentPageQuery, OrganizeCondition, OrganizeInput, OrganizeQuery } from '@platform/shared';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { page, pageParams, toMillis } from '../../core/paging.ts';
import type { DataScope, PermissionService } from '../../core/permissions.ts';
import type { Session } from '../../core/session.ts';
import type { Db } from '../../db/database.ts';
import type { OrganizeRow } from '../../db/schema.ts';
import { OrganizeRepository } from './organize.repository.ts';
import { buildTree, OrganizeIndex, organizeIcons } from './organize-tree.ts';

type Category = 'company' | 'department';

export class OrganizeService {
  constructor(
    private readonly db: Db,
    /** Keeps a tiered administrator within the organisations it administers (the page's routes). */
    private readonly permissions?: PermissionService,
  ) {}

  /** The organisations a user belongs to (the subtrees of these are what they may see). */
  userOrganizeIds(userId: string): Promise<string[]> {
    return new OrganizeRepository(this.db).userOrganizeIds(userId);
  }

  async index(): Promise<OrganizeIndex> {
    return new OrganizeIndex(await new OrganizeRepository(this.db).all());
  }

  /**
   * The organisation page: the whole tree, or the hits of a keyword with their ancestors; only what
   * the caller's scope shows (a tiered administrator: what it administers, as trees of their own).
   */
  async tree(query: OrganizeQuery, scope: DataScope = { all: true }) {
    const index = await this.index();
    let rows = index.inScope(scope);
    if (query.enabledMark !== undefined) rows = rows.filter((r) => r.enabledMark === query.enabledMark);
    const keyword = query.keyword?.trim().toLowerCase();
    if (keyword) {
      rows = index.inScope(
        scope,
        index.withAncestors(
          rows.filter((r) => r.fullName.toLowerCase().includes(keyword) || r.enCode.toLowerCase().includes(keyword)),
        ),
      );
    }
    return buildTree(rows, (r) => ({
      id: r.id,
      parentId: r.parentId,
      fullName: r.fullName,
      enCode: r.enCode,
      type: r.category,
      category: r.category,
      icon: organizeIcons[r.category],
      managerId: r.managerId ?? '',
      sortCode: r.sortCode,
      enabledMark: r.enabledMark,
      description: r.description ?? '',
      creatorTime: toMillis(r.creatorTime) ?? 0,
    }));
  }

  /**
   * Pickers: companies only, or companies and departments; without the node being edited
   * (`excludeId`, "0" for none) and its subtree, so a parent can never be chosen below itself.
   * `session` limits the tree to the caller's own organisations and below unless an administrator.
   */
  async selector(options: { excludeId: string; companiesOnly: boolean; session?: Session }) {
    const index = await this.index();
    let rows = index.rows;
    if (options.session && !options.session.isAdministrator) {
      const own = await this.userOrganizeIds(options.session.userId);
      rows = rows.filter((r) => own.some((o) => index.isInSubtree(r.id, o)));
    }
    if (options.excludeId !== '0') rows = rows.filter((r) => !index.isInSubtree(r.id, options.excludeId));
    if (options.companiesOnly) rows = rows.filter((r) => r.category === 'company');
    return buildTree(rows, (r) => this.selectorItem(index, r));
  }

  async condition(input: OrganizeCondition) {
    const index = await this.index();
    let rows = index.rows;
    if (input.departIds) {
      const ids = input.departIds;
      rows = rows.filter((r) => ids.some((root) => index.isInSubtree(r.id, root)));
    }
    const keyword = input.keyword?.trim().toLowerCase();
    if (keyword) rows = rows.filter((r) => r.fullName.toLowerCase().includes(keyword));
    return rows.map((r) => this.listItem(index, r));
  }

  /** Departments below an organisation, paged, for the department picker. */
  async departmentPage(query: DepartmentPageQuery) {
    const params = pageParams(query);
    const index = await this.index();
    let rows = query.organizeId ? index.subtree(query.organizeId) : index.rows;
    rows = rows.filter((r) => r.category === 'department');
    const keyword = params.keyword.toLowerCase();
    if (keyword) {
      rows = rows.filter((r) => r.fullName.toLowerCase().includes(keyword) || r.enCode.toLowerCase().includes(keyword));
    }
    const list = rows.slice(params.offset, params.offset + params.pageSize).map((r) => ({
      ...this.listItem(index, r),
      enCode: r.enCode,
    }));
    return page(list, rows.length, params);
  }

  /** A selector item as the flat lists answer it (OrganizeSelectorItem): without parentId, type, enabledMark. */
  private listItem(index: OrganizeIndex, r: OrganizeRow) {
    const { parentId: _p, type: _t, enabledMark: _e, ...item } = this.selectorItem(index, r);
    return item;
  }

  private selectorItem(index: OrganizeIndex, r: OrganizeRow) {
    return {
      id: r.id,
      parentId: r.parentId,
      fullName: r.fullName,
      category: r.category,
      type: r.category,
      icon: organizeIcons[r.category],
      organize: index.pathName(r.id),
      organizeIds: index.pathIds(r.id),
      hasChildren: index.hasChildren(r.id),
      enabledMark: r.enabledMark,
    };
  }

  async info(id: string, category?: Category, session?: Session) {
    const row = await new OrganizeRepository(this.db).findById(id);
    if (!row || (category && row.category !== category)) throw new NotFoundError();
    if (session) await this.permissions?.requireAdministered(session, [id], 'select');
    return {
      id: row.id,
      parentId: row.parentId,
      category: row.category,
      fullName: row.fullName,
      enCode: row.enCode,
      managerId: row.managerId ?? '',
      sortCode: row.sortCode,
      enabledMark: row.enabledMark,
      description: row.description ?? '',
      organizeIdTree: row.organizeIdTree.split(','),
      creatorTime: toMillis(row.creatorTime) ?? 0,
    };
  }

  /** A new organisation is added to its parent: a tiered administrator needs the right to add there. */
  async create(category: Category, input: OrganizeInput, session: Session): Promise<string> {
    // Checked before the transaction: the rights are read on the pool, which (embedded) is the transaction's one connection.
    await this.permissions?.requireAdministered(session, [input.parentId], 'add');
    return this.db.transaction().execute(async (trx) => {
      const repo = new OrganizeRepository(trx);
      const id = newId();
      const parent = await this.checkParent(repo, category, input.parentId, null);
      await this.checkUnique(repo, input, null);
      await repo.insert({
        id,
        parentId: input.parentId,
        category,
        fullName: input.fullName,
        enCode: input.enCode,
        organizeIdTree: parent ? `${parent.organizeIdTree},${id}` : id,
        managerId: input.managerId || null,
        sortCode: input.sortCode ?? 0,
        enabledMark: input.enabledMark ?? 1,
        description: input.description ?? null,
        creatorUserId: session.userId,
      });
      return id;
    });
  }

  /** Moving an organisation under another parent is editing there too. */
  async update(id: string, category: Category, input: OrganizeInput, session: Session) {
    if (this.permissions) {
      const current = await new OrganizeRepository(this.db).findById(id);
      const where = current && current.parentId !== input.parentId ? [id, input.parentId] : [id];
      await this.permissions.requireAdministered(session, where, 'edit');
    }
    await this.db.transaction().execute(async (trx) => {
      const repo = new OrganizeRepository(trx);
      const current = await repo.findById(id);
      if (!current || current.category !== category) throw new NotFoundError();
      const parent = await this.checkParent(repo, category, input.parentId, current);
      await this.checkUnique(repo, input, id);
      await repo.update(id, {
        parentId: input.parentId,
        fullName: input.fullName,
        enCode: input.enCode,
        managerId: input.managerId || null,
        sortCode: input.sortCode ?? current.sortCode,
        enabledMark: input.enabledMark ?? current.enabledMark,
        description: input.description ?? null,
        lastModifyTime: new Date(),
        lastModifyUserId: session.userId,
      });
      const newTree = parent ? `${parent.organizeIdTree},${id}` : id;
      if (newTree !== current.organizeIdTree) await repo.moveSubtree(current.organizeIdTree, newTree);
    });
  }

  /** Refused while anything still hangs on the organisation, so nothing is orphaned. */
  async delete(id: string, session?: Session) {
    if (session) await this.permissions?.requireAdministered(session, [id], 'delete');
    await this.db.transaction().execute(async (trx) => {
      const repo = new OrganizeRepository(trx);
      const row = await repo.findById(id);
      if (!row) throw new NotFoundError();
      if (await repo.hasChildren(id)) throw new BusinessError('organize.hasChildren');
      if (await repo.hasUsers(id)) throw new BusinessError('organize.hasUsers');
      if (await repo.hasPositions(id)) throw new BusinessError('organize.hasPositions');
      if (row.parentId === '-1' && (await repo.countTop()) <= 1) throw new BusinessError('organize.lastRoot');
      await repo.delete(id);
    });
  }

  private async checkParent(repo: OrganizeRepository, category: Category, parentId: string, self: OrganizeRow | null) {
    if (parentId === '-1') {
      if (category === 'department') throw new BusinessError('organize.departmentParent');
      return null;
    }
    const parent = await repo.findById(parentId);
    if (!parent) throw new BusinessError('organize.parentMissing');
    if (category === 'company' && parent.category === 'department') {
      throw new BusinessError('organize.companyUnderDepartment');
    }
    if (self && parent.organizeIdTree.split(',').includes(self.id)) throw new BusinessError('organize.parentCycle');
    return parent;
  }

  private async checkUnique(repo: OrganizeRepository, input: OrganizeInput, exceptId: string | null) {
    if (await repo.codeTaken(input.enCode, exceptId)) throw new BusinessError('organize.codeTaken');
    if (await repo.nameTaken(input.parentId, input.fullName, exceptId)) throw new BusinessError('organize.nameTaken');
    if (input.managerId && !(await repo.userExists(input.managerId))) throw new BusinessError('user.unknownManager');
  }
}
