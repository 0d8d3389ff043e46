import type { MenuNode } from '@platform/shared';
import type { MenuRow } from '../../db/schema.ts';

export type { MenuNode };

/**
 * Nests rows under their parents; `hasChildren` is true only with a non-empty `children`. A row
 * whose parent is missing (disabled or not granted) is left out with it.
 */
export function menuTree(rows: MenuRow[]): MenuNode[] {
  const nodes = new Map<string, MenuNode>();
  for (const row of rows) {
    nodes.set(row.id, {
      id: row.id,
      parentId: row.parentId,
      enCode: row.enCode,
      fullName: row.fullName,
      icon: row.icon ?? '',
      type: row.type,
      urlAddress: (row.urlAddress ?? '').replace(/^\/+/, ''),
      propertyJson: row.propertyJson ?? '',
      linkTarget: row.linkTarget ?? '',
      sortCode: row.sortCode,
      hidden: row.isHidden,
      hasChildren: false,
      children: [],
    });
  }
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    if (parent) {
      parent.children.push(node);
      parent.hasChildren = true;
    } else if (node.parentId === '-1') {
      roots.push(node);
    }
  }
  return roots;
}
