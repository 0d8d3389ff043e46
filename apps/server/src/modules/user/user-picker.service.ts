import type { IdsInput, KeywordPageInput, SelectedUsersInput, UsersOfOrganizeQuery } from '@platform/shared';
import { BusinessError } from '../../core/errors.ts';
import { type PageParams, page, pageParams } from '../../core/paging.ts';
import type { DataScope } from '../../core/permissions.ts';
import type { Session } from '../../core/session.ts';
import type { Db } from '../../db/database.ts';
import type { OrganizeService } from '../organize/organize.service.ts';
import { buildTree, type OrganizeIndex, organizeIcons } from '../organize/organize-tree.ts';
import { type RelationKind, UserAdminRepository, UserRepository } from './user.repository.ts';
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
  /** The chat contact list (the 3.6 client) prints the organisation under this name. */
  department: u.organize ?? '',
  enabledMark: u.enabledMark,
  type: 'user',
  icon: userIcon,
});

/**
 * The lookups pickers and chat use on every page, for any signed-in user: users by ids, by
 * relation, of an organisation, one level of the picker tree, the custom-mode flat list, the names
 * of picked ids, and the chat contacts (`imUsers`, also the picker's keyword search).
 */
export class UserPickerService {
  constructor(
    private readonly db: Db,
    private readonly organizes: OrganizeService,
  ) {}

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
    return new UserAdminRepository(this.db).names(table, ids);
  }
}
