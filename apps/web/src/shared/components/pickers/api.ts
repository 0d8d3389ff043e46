import type { ListData, PageData } from '@platform/shared';
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

/** widgets.md §7: the user picker's keyword search pages 20 at a time. */
export const userSearchPageSize = 20;
/** A tree level is read whole, in pages of the largest size the server allows. */
const levelPageSize = 500;

const userLevelUrl = (id: string) => `/api/permission/Users/ImUser/Selector/${encodeURIComponent(id)}`;

/**
 * The user picker's calls (admin.md §7 "Users"): one level of the tree at a time, a paged keyword
 * search, and the names of chosen users. Like every picker list call they fail quietly.
 */
export const userPickerApi = {
  /**
   * The organisations directly under `id` ("0" the top) and the users directly in it. The server
   * pages the users (the organisations come with page 1), so a level is read until every user is in.
   */
  level: async (id: string): Promise<PickerNode[]> => {
    const nodes: PickerNode[] = [];
    let users = 0;
    for (let currentPage = 1; ; currentPage++) {
      const page = await http.post<PageData<PickerNode>>(
        userLevelUrl(id),
        { keyword: '', currentPage, pageSize: levelPageSize },
        { silent: true },
      );
      nodes.push(...page.list);
      const pageUsers = page.list.filter((node) => node.type === 'user').length;
      users += pageUsers;
      if (pageUsers === 0 || users >= page.pagination.total) return nodes;
    }
  },
  /** Users anywhere whose name or account matches, one page. */
  search: (keyword: string, currentPage: number, signal?: AbortSignal) =>
    http.post<PageData<PickerNode>>(
      userLevelUrl('0'),
      { keyword, currentPage, pageSize: userSearchPageSize },
      { silent: true, signal },
    ),
  /** Chosen users by id, for their names (fullName is "name/account"). */
  names: (ids: string[]) =>
    http.post<ListData<PickerNode>>('/api/permission/Users/getUserList', { ids }, { silent: true }).then((d) => d.list),
};

/**
 * The page to ask for after `pages` (1-based), or undefined once the last page came back shorter
 * than the page size (widgets.md §4 "User selector search and paging").
 */
export function nextPageOf(pages: readonly { list: readonly unknown[] }[], pageSize: number): number | undefined {
  const last = pages.at(-1);
  if (!last || last.list.length < pageSize) return undefined;
  return pages.length + 1;
}

/** widgets.md §4: infinite scroll asks for more when the list is within 200 px of its bottom. */
export const nearBottomPx = 200;

export function isNearBottom(box: { scrollTop: number; scrollHeight: number; clientHeight: number }): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight <= nearBottomPx;
}

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
