import type { ListData } from '@platform/shared';
import { http } from '../../api/http.ts';

/** A node of the pickers' trees (widgets.md §3 "Organisation tree node"): what every selector call answers. */
export interface PickerNode {
  id: string;
  fullName: string;
  /** 'company' | 'department' | 'position' | 'role' | 'global' | 'user' ... as the server marks it. */
  type?: string;
  category?: string;
  icon?: string;
  hasChildren?: boolean;
  children?: PickerNode[];
  [field: string]: unknown;
}

export type PickerKind = 'organize' | 'department' | 'position' | 'role' | 'user' | 'group';

const tree = (url: string) => () =>
  http.get<ListData<PickerNode>>(url, undefined, { silent: true }).then((d) => d.list);

/**
 * Where each picker reads its tree (admin.md §7, widgets.md §2). Failed list calls in pickers only
 * stop the loading indicator (admin.md §8), hence `silent`.
 */
export const pickerSources: Record<
  PickerKind,
  { load: () => Promise<PickerNode[]>; selectable: (node: PickerNode) => boolean }
> = {
  organize: { load: tree('/api/permission/Organize/Department/SelectorByAuth/0'), selectable: () => true },
  department: {
    load: tree('/api/permission/Organize/Department/SelectorByAuth/0'),
    selectable: (node) => (node.category ?? node.type) === 'department',
  },
  position: { load: tree('/api/permission/Position/Selector'), selectable: (node) => node.type === 'position' },
  role: { load: tree('/api/permission/Role/Selector'), selectable: (node) => node.type === 'role' },
  group: { load: tree('/api/permission/Group/Selector'), selectable: () => true },
  user: { load: tree('/api/permission/Users/Selector'), selectable: (node) => node.type === 'user' },
};

export function flattenNodes(nodes: readonly PickerNode[], out: PickerNode[] = []): PickerNode[] {
  for (const node of nodes) {
    out.push(node);
    if (node.children?.length) flattenNodes(node.children, out);
  }
  return out;
}

/** Keeps the nodes whose name contains the keyword, with their ancestors (for the search box). */
export function filterTree(nodes: readonly PickerNode[], keyword: string): PickerNode[] {
  const word = keyword.trim().toLowerCase();
  if (!word) return [...nodes];
  const out: PickerNode[] = [];
  for (const node of nodes) {
    const children = filterTree(node.children ?? [], word);
    if (node.fullName.toLowerCase().includes(word) || children.length) out.push({ ...node, children });
  }
  return out;
}
