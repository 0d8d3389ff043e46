import {
  type AreaNames,
  type AreaSelectorNode,
  coordinatesText,
  type GeoPoint,
  type ImContact,
  type ListData,
  LOCATION_PAGE_SIZE,
  type LocationPois,
  type LocationStaticMap,
  type PageData,
} from '@platform/shared';
import type { Static } from 'typebox';
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

/** The single-kind pickers, and `users`: the mixed users / roles / positions / groups picker. */
export type PickerKind = 'organize' | 'department' | 'position' | 'role' | 'user' | 'group' | 'users';

/**
 * widgets.md §6: `all` the whole tree, `custom` only the `ableIds`, `auth` the caller's data scope
 * (the organisation and department trees through SelectorByAuth, the user picker through
 * GetListByAuthorize).
 */
export type PickerMode = 'all' | 'custom' | 'auth';

/** The special user id of the system-variables tab (widgets.md §3 "User item"). */
export const currentUserId = 'currentUser';

const silent = { silent: true } as const;
const list = (url: string) => () => http.get<ListData<PickerNode>>(url, undefined, silent).then((d) => d.list);
const postList = (url: string, body: unknown) => http.post<ListData<PickerNode>>(url, body, silent).then((d) => d.list);

const kindOf = (node: PickerNode) => node.category ?? node.type;
const organizations = new Set(['company', 'department']);

/** What a tree picker may choose (widgets.md §5 "Typed selectors"): only nodes of its kind, never disabled ones. */
export const selectableIn: Record<Exclude<PickerKind, 'user' | 'users'>, (node: PickerNode) => boolean> = {
  organize: (node) => organizations.has(kindOf(node) ?? ''),
  department: (node) => kindOf(node) === 'department',
  position: (node) => node.type === 'position',
  role: (node) => node.type === 'role',
  group: () => true,
};

/** Keeps the nodes an `ableIds` list allows, with the ancestors that lead to them; an allowed organisation brings what is below it. */
export function restrictTree(nodes: readonly PickerNode[], ableIds: ReadonlySet<string>): PickerNode[] {
  const out: PickerNode[] = [];
  for (const node of nodes) {
    if (ableIds.has(node.id)) {
      out.push(node);
      continue;
    }
    const children = restrictTree(node.children ?? [], ableIds);
    if (children.length) out.push({ ...node, children, disabled: true });
  }
  return out;
}

/**
 * Where each tree picker reads its tree (admin.md §7, widgets.md §7). Organisations and departments
 * in auth mode come from SelectorByAuth (what the caller may see), otherwise from the whole tree;
 * custom mode cuts the whole tree down to the ableIds, except roles, which the server looks up by
 * ids (RoleCondition). Failed list calls only stop the loading indicator (admin.md §8), hence silent.
 */
export function treeSource(kind: Exclude<PickerKind, 'user' | 'users'>, mode: PickerMode, ableIds: readonly string[]) {
  const custom = mode === 'custom';
  const key = ['picker', kind, mode, custom ? [...ableIds].sort() : []] as const;
  if (kind === 'role' && custom)
    return {
      key,
      load: () =>
        ableIds.length
          ? postList('/api/permission/Role/RoleCondition', { ids: ableIds, keyword: '' }).then((roles) =>
              roles.map((role) => ({ ...role, type: 'role' })),
            )
          : Promise.resolve([]),
    };
  const urls: Record<typeof kind, string> = {
    organize:
      mode === 'auth'
        ? '/api/permission/Organize/Department/SelectorByAuth/0'
        : '/api/permission/Organize/Department/Selector/0',
    department:
      mode === 'auth'
        ? '/api/permission/Organize/Department/SelectorByAuth/0'
        : '/api/permission/Organize/Department/Selector/0',
    // In auth mode, what the caller may give (a user form's relations): the server leaves out what
    // carries rights the caller lacks, so the console offers only what it will accept.
    position: mode === 'auth' ? '/api/permission/Position/SelectorByPermission' : '/api/permission/Position/Selector',
    role: mode === 'auth' ? '/api/permission/Role/SelectorByPermission' : '/api/permission/Role/Selector',
    group: mode === 'auth' ? '/api/permission/Group/SelectorByPermission' : '/api/permission/Group/Selector',
  };
  const load = list(urls[kind]);
  return { key, load: custom ? () => load().then((tree) => restrictTree(tree, new Set(ableIds))) : load };
}

/** widgets.md §7: the user picker's keyword search pages 20 at a time. */
export const userSearchPageSize = 20;
/** A tree level is read whole, in pages of the largest size the server allows. */
const levelPageSize = 500;

/** `all` reads ImUser/Selector, `auth` the same shape within the caller's data scope (GetListByAuthorize). */
const userLevelUrl = (id: string, mode: PickerMode) =>
  `/api/permission/Users/${mode === 'auth' ? 'GetListByAuthorize' : 'ImUser/Selector'}/${encodeURIComponent(id)}`;

/**
 * The user picker's calls (admin.md §7 "Users"): one level of the tree at a time, a paged keyword
 * search, the custom mode's flat list, the current-organisation and subordinate tabs, and the names
 * of chosen users. Like every picker list call they fail quietly.
 */
export const userPickerApi = {
  /**
   * The organisations directly under `id` ("0" the top) and the users directly in it. The server
   * pages the users (the organisations come with page 1), so a level is read until every user is in.
   */
  level: async (id: string, mode: PickerMode = 'all'): Promise<PickerNode[]> => {
    const nodes: PickerNode[] = [];
    let users = 0;
    for (let currentPage = 1; ; currentPage++) {
      const page = await http.post<PageData<PickerNode>>(
        userLevelUrl(id, mode),
        { keyword: '', currentPage, pageSize: levelPageSize },
        silent,
      );
      nodes.push(...page.list);
      const pageUsers = page.list.filter((node) => node.type === 'user').length;
      users += pageUsers;
      if (pageUsers === 0 || users >= page.pagination.total) return nodes;
    }
  },
  /** Users whose name or account matches, one page: anywhere (all), within the caller's scope (auth), or among the users the ableIds cover (custom). */
  search: (
    query: { keyword: string; mode: PickerMode; ableIds?: readonly string[] },
    currentPage: number,
    signal?: AbortSignal,
  ) => {
    const body = { keyword: query.keyword, currentPage, pageSize: userSearchPageSize };
    return query.mode === 'custom'
      ? http.post<PageData<PickerNode>>(
          '/api/permission/Users/getSelectedUserList',
          { ...body, ids: query.ableIds ?? [] },
          { ...silent, signal },
        )
      : http.post<PageData<PickerNode>>(userLevelUrl('0', query.mode), body, { ...silent, signal });
  },
  /** The caller's current organisation's users (its own members, not those below). */
  organization: (keyword: string) =>
    http.get<ListData<PickerNode>>('/api/permission/Users/getOrganization', { keyword }, silent).then((d) => d.list),
  /** The caller's direct reports. */
  subordinates: (keyword: string) => postList('/api/permission/Users/getSubordinates', { keyword }),
  /** Chosen users by id, for their names (fullName is "name/account"); disabled users come back too. */
  names: (ids: string[]) => postList('/api/permission/Users/getUserList', { ids }),
  /** Names of ids of the mixed picker (`id--user`, `id--department`, `id--role` ...), in the order asked. */
  selected: (ids: string[]) => postList('/api/permission/Users/getSelectedList', { ids }),
};

/** The mixed picker's tabs other than the organisation tree: the lists it loads when it is created (widgets.md §7). */
export const mixedTabSources = {
  role: list('/api/permission/Role/Selector'),
  position: list('/api/permission/Position/Selector'),
  // A group's own `type` is its category (free text); as a picked item it is a group.
  group: () => list('/api/permission/Group/Selector')().then((groups) => groups.map((g) => ({ ...g, type: 'group' }))),
} as const;

/**
 * The trees other screens read through the pickers' cache (the authorisation page's holders, the
 * organisation side of lists): what the caller may see, and what may be chosen in each.
 */
export const pickerSources: Record<
  Exclude<PickerKind, 'users'>,
  { load: () => Promise<PickerNode[]>; selectable: (node: PickerNode) => boolean }
> = {
  organize: { load: treeSource('organize', 'auth', []).load, selectable: selectableIn.organize },
  department: { load: treeSource('department', 'auth', []).load, selectable: selectableIn.department },
  position: { load: treeSource('position', 'all', []).load, selectable: selectableIn.position },
  role: { load: treeSource('role', 'all', []).load, selectable: selectableIn.role },
  group: { load: treeSource('group', 'all', []).load, selectable: selectableIn.group },
  user: { load: list('/api/permission/Users/Selector'), selectable: (node) => node.type === 'user' },
};

/** Ids of the mixed picker carry their type: `id--type` (widgets.md §3 "Selected item of multi-type pickers"). */
export const typedId = (node: PickerNode) =>
  `${node.id}--${node.type === 'company' ? 'company' : (kindOf(node) ?? 'user')}`;

export function typeOfId(id: string): string {
  const at = id.lastIndexOf('--');
  return at < 0 ? 'user' : id.slice(at + 2);
}

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

/** People found by keyword in the chat's contact list, the first 50 (whom a notice or a schedule entry goes to). */
export const searchContacts = (keyword: string) =>
  http.get<PageData<Static<typeof ImContact>>>(
    '/api/message/imreply/contacts',
    { keyword, currentPage: 1, pageSize: 50 },
    silent,
  );

/** An id path from the province down (widgets.md §3 "Area value"). */
export type AreaPath = string[];

const areaBase = '/api/system/Area';

/** The area picker's calls (protocol-admin.md §3): one level below a node ('-1' the top), and the names of id paths. */
export const areaPickerApi = {
  children: (parentId: string) =>
    http.get<ListData<AreaSelectorNode>>(`${areaBase}/${encodeURIComponent(parentId)}/Selector/0`, undefined, silent),
  names: (idsList: AreaPath[]) => http.post<AreaNames>(`${areaBase}/GetAreaByIds`, { idsList }, silent),
};

/**
 * The location calls (widgets.md §7): nearby places, or places by keyword within the fine-tune
 * radius; and a picture of the map, from the server, which holds the map service's key.
 */
export const locationApi = {
  around: (centre: GeoPoint, page: number) =>
    http.get<LocationPois>(
      '/api/system/Location/around',
      { location: coordinatesText(centre), radius: -1, offset: LOCATION_PAGE_SIZE, page },
      silent,
    ),
  text: (keywords: string, centre: GeoPoint, radius: number, page: number) =>
    http.get<LocationPois>(
      '/api/system/Location/text',
      { keywords, location: coordinatesText(centre), radius, offset: LOCATION_PAGE_SIZE, page },
      silent,
    ),
  staticMap: (centre: GeoPoint, zoom: number, width: number, height: number) =>
    http.get<LocationStaticMap>(
      '/api/system/Location/staticmap',
      { location: coordinatesText(centre), zoom, size: `${width}*${height}` },
      silent,
    ),
};
