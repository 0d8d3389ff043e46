import type { GrantNode } from './api.ts';

/** Ancestors of each node id (for ticking a menu ticks its directories: a menu without its parent is not shown). */
export function parentIndex(nodes: readonly GrantNode[], parent?: string, out = new Map<string, string | undefined>()) {
  for (const node of nodes) {
    out.set(node.id, parent);
    parentIndex(node.children ?? [], node.id, out);
  }
  return out;
}

export function descendants(node: GrantNode, out: string[] = []): string[] {
  for (const child of node.children ?? []) {
    out.push(child.id);
    descendants(child, out);
  }
  return out;
}

/**
 * Ticking adds the node, all below it and all above it; unticking removes the node and all below
 * it. Only grantable ids (`all`) are kept, so application nodes in a menu tree never travel.
 */
export function toggleGrant(
  checked: readonly string[],
  node: GrantNode,
  on: boolean,
  parents: Map<string, string | undefined>,
  all: ReadonlySet<string>,
): string[] {
  const next = new Set(checked);
  const below = [node.id, ...descendants(node)];
  if (on) {
    for (const id of below) next.add(id);
    let up = parents.get(node.id);
    while (up) {
      next.add(up);
      up = parents.get(up);
    }
  } else {
    for (const id of below) next.delete(id);
  }
  return [...next].filter((id) => all.has(id));
}
