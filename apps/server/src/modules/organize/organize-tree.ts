import type { DataScope } from '../../core/permissions.ts';
import type { OrganizeRow } from '../../db/schema.ts';

export const organizeIcons = {
  company: 'icon-ym icon-ym-tree-organization3',
  department: 'icon-ym icon-ym-tree-department1',
} as const;

export interface TreeOf<T> {
  hasChildren: boolean;
  children: (T & TreeOf<T>)[];
}

/**
 * Nests rows by parentId, keeping their order. A row whose parent is not among the rows becomes a
 * root, so a filtered set (a user's subtrees, search hits with their ancestors) still forms trees.
 */
export function buildTree<R extends { id: string; parentId: string }, T>(
  rows: R[],
  map: (row: R) => T,
): (T & TreeOf<T>)[] {
  const nodes = new Map<string, T & TreeOf<T>>();
  for (const row of rows) nodes.set(row.id, { ...map(row), hasChildren: false, children: [] });
  const roots: (T & TreeOf<T>)[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id) as T & TreeOf<T>;
    const parent = nodes.get(row.parentId);
    if (parent && row.parentId !== row.id) {
      parent.children.push(node);
      parent.hasChildren = true;
    } else {
      roots.push(node);
    }
  }
  return roots;
}

/** The ids of `id` and everything below it, in rows linked by parentId: what a move may not go under. */
export function subtreeIds(rows: { id: string; parentId: string }[], id: string): Set<string> {
  const ids = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const row of rows) {
      if (!ids.has(row.id) && ids.has(row.parentId)) {
        ids.add(row.id);
        grew = true;
      }
    }
  }
  return ids;
}

/** An organisation set with fast lookups of paths and subtrees. */
export class OrganizeIndex {
  readonly byId: Map<string, OrganizeRow>;

  private readonly parents: Set<string>;

  constructor(readonly rows: OrganizeRow[]) {
    this.byId = new Map(rows.map((r) => [r.id, r]));
    this.parents = new Set(rows.map((r) => r.parentId));
  }

  hasChildren(id: string): boolean {
    return this.parents.has(id);
  }

  pathIds(id: string): string[] {
    return this.byId.get(id)?.organizeIdTree.split(',') ?? [];
  }

  /** 集团总部/研发部: the names from the top down. */
  pathName(id: string): string {
    return this.pathIds(id)
      .map((i) => this.byId.get(i)?.fullName ?? '')
      .filter(Boolean)
      .join('/');
  }

  /** The node and every node below it. */
  subtree(id: string): OrganizeRow[] {
    const root = this.byId.get(id);
    if (!root) return [];
    const prefix = `${root.organizeIdTree},`;
    return this.rows.filter((r) => r.id === id || r.organizeIdTree.startsWith(prefix));
  }

  isInSubtree(candidateId: string, rootId: string): boolean {
    return candidateId === rootId || this.pathIds(candidateId).includes(rootId);
  }

  /**
   * The organisations a data scope shows (a tiered administrator's: what it may see of what it
   * administers): all, or its organisations and, for the subtree part, every one below them.
   */
  inScope(scope: DataScope, rows: OrganizeRow[] = this.rows): OrganizeRow[] {
    if (scope.all) return rows;
    const own = new Set(scope.organizeIds);
    return rows.filter((r) => own.has(r.id) || scope.subtreeOrganizeIds.some((root) => this.isInSubtree(r.id, root)));
  }

  /** The rows plus every ancestor of each, in the original order. */
  withAncestors(rows: OrganizeRow[]): OrganizeRow[] {
    const keep = new Set<string>();
    for (const row of rows) for (const id of this.pathIds(row.id)) keep.add(id);
    return this.rows.filter((r) => keep.has(r.id));
  }
}
