import type { MenuNode } from '@platform/shared';

/**
 * shell.md §2.3: every menu item of CurrentUser's `menuList` becomes a route (or an external link)
 * by its type. Pure functions: the guard builds the table once per sign-in, the layout, search,
 * tags and permission helpers read it.
 */

/** A menu node as the server sends it (protocol.md "Menu nodes"). */
export type { MenuNode };

export const MenuType = {
  directory: 0,
  category: 1,
  page: 2,
  formModel: 3,
  dictionaryPage: 4,
  report: 5,
  visualisation: 6,
  externalLink: 7,
  portal: 8,
} as const;

export interface RouteMeta {
  /** The menu's name as the server sends it (Chinese); translated at display time by `enCode`. */
  title: string;
  zhTitle: string;
  icon: string;
  /** The menu id: `permissionList[].modelId` of the page. */
  moduleId: string;
  /** Types 3, 4, 5 and 8: the related module (form, data interface or portal) id and tree flag from `propertyJson`. */
  relationId?: string;
  isTree?: boolean;
  noCache?: boolean;
  affix?: boolean;
}

export interface MenuRoute {
  /** Route name: enCode with '.' replaced by '-' (protocol.md). */
  name: string;
  enCode: string;
  type: number;
  /** In-app path ('/permission/user'), or '' for a link that opens outside the app. */
  path: string;
  /** The page-module key (urlAddress without query string). */
  urlAddress: string;
  /** Types 6 and 7 opened outside the app: the full address to open. */
  href?: string;
  target?: '_self' | '_blank';
  hidden: boolean;
  meta: RouteMeta;
  /** Ancestors' enCodes, outermost first (open keys of the side menu, breadcrumb). */
  parents: string[];
}

export interface LinkContext {
  /** The site origin that relative addresses are prefixed with. */
  origin: string;
  /** The data-visualisation host substituted for its placeholder. */
  visualisationHost: string;
  token: string;
}

export const routeName = (enCode: string) => enCode.replace(/\./g, '-');

function parseProperty(json: string | undefined): { moduleId?: string; isTree?: boolean | number } {
  if (!json) return {};
  try {
    const parsed = JSON.parse(json) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as { moduleId?: string; isTree?: boolean }) : {};
  } catch {
    return {};
  }
}

const stripQuery = (address: string) => address.replace(/[?#].*$/, '').replace(/^\/+/, '');

/**
 * External addresses may carry placeholders for the visualisation host and the token (shell.md
 * §2.3 type 7). Both spellings of the public client are understood: `${dataV}` / `{dataV}` and
 * `${jnpfToken}` / `{token}`.
 */
export function fillLinkPlaceholders(address: string, context: LinkContext): string {
  const token = encodeURIComponent(context.token);
  let filled = address
    .replace(/\$?\{dataV\}/g, context.visualisationHost.replace(/\/$/, ''))
    .replace(/\$?\{(?:jnpfToken|token)\}/g, token);
  if (!/^[a-z][a-z0-9+.-]*:/i.test(filled) && !filled.startsWith('//')) {
    filled = `${context.origin.replace(/\/$/, '')}/${filled.replace(/^\/+/, '')}`;
  }
  return filled;
}

const withQuery = (address: string, key: string, value: string) =>
  `${address}${address.includes('?') ? '&' : '?'}${key}=${encodeURIComponent(value)}`;

/** Base64 of a UTF-8 string (the `href` query value of /externalLink). */
export function encodeBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function decodeBase64(value: string): string {
  try {
    const binary = atob(value);
    return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return '';
  }
}

export const externalLinkPath = (href: string) => `/externalLink?href=${encodeURIComponent(encodeBase64(href))}`;

/** One route per menu item that opens something; directories and categories only group. */
export function generateRoutes(menus: readonly MenuNode[], context: LinkContext): MenuRoute[] {
  const routes: MenuRoute[] = [];
  const walk = (nodes: readonly MenuNode[], parents: string[]) => {
    for (const node of nodes) {
      const route = routeOf(node, parents, context);
      if (route) routes.push(route);
      if (node.children?.length) walk(node.children, [...parents, node.enCode]);
    }
  };
  walk(menus, []);
  return routes;
}

function routeOf(node: MenuNode, parents: string[], context: LinkContext): MenuRoute | undefined {
  const property = parseProperty(node.propertyJson);
  const meta: RouteMeta = {
    title: node.fullName,
    zhTitle: node.fullName,
    icon: node.icon ?? '',
    moduleId: node.id,
  };
  const base = {
    name: routeName(node.enCode),
    enCode: node.enCode,
    type: node.type,
    hidden: !!node.hidden,
    parents,
  };
  const address = node.urlAddress ?? '';
  switch (node.type) {
    case MenuType.directory:
    case MenuType.category:
      return undefined;
    case MenuType.formModel:
    case MenuType.dictionaryPage:
    case MenuType.report:
    case MenuType.portal: {
      const urlAddress = stripQuery(address) || node.enCode;
      return {
        ...base,
        path: `/${urlAddress}`,
        urlAddress,
        meta: { ...meta, relationId: property.moduleId ?? '', isTree: !!property.isTree },
      };
    }
    case MenuType.visualisation: {
      // protocol-workflow.md §6: `{DataV}/view/{moduleId}?token=`; an address given instead is opened as it is.
      const screen = address || (property.moduleId ? `{dataV}/view/${encodeURIComponent(property.moduleId)}` : '');
      if (!screen) return undefined;
      const href = withQuery(fillLinkPlaceholders(screen, context), 'token', context.token);
      return { ...base, path: '', urlAddress: screen, href, target: '_blank', meta };
    }
    case MenuType.externalLink: {
      if (!address) return undefined;
      const href = fillLinkPlaceholders(address, context);
      if (node.linkTarget === '_self') {
        return { ...base, path: externalLinkPath(href), urlAddress: address, href, target: '_self', meta };
      }
      return { ...base, path: '', urlAddress: address, href, target: '_blank', meta };
    }
    default: {
      // 2 page (and any future page type): path from urlAddress, query stripped.
      const urlAddress = stripQuery(address) || node.enCode;
      return { ...base, path: `/${urlAddress}`, urlAddress, meta };
    }
  }
}

/** The route a pathname belongs to (in-app routes only). */
export function findRoute(routes: readonly MenuRoute[], pathname: string, search = ''): MenuRoute | undefined {
  const clean = pathname.replace(/\/+$/, '') || '/';
  if (clean === '/externalLink') {
    const href = new URLSearchParams(search).get('href');
    return routes.find(
      (r) => r.target === '_self' && r.path === `/externalLink?href=${encodeURIComponent(href ?? '')}`,
    );
  }
  return routes.find((r) => r.path && !r.path.includes('?') && r.path === clean);
}

/** The menu tree without hidden items (what navigation shows). */
export function visibleMenus(menus: readonly MenuNode[]): MenuNode[] {
  return menus
    .filter((m) => !m.hidden)
    .map((m) => ({ ...m, children: m.children?.length ? visibleMenus(m.children) : [] }));
}

/** The first top-level directory (type 0 or 1): opened by default on /home, /dashboard and /404. */
export function firstDirectory(menus: readonly MenuNode[]): MenuNode | undefined {
  return menus.find((m) => !m.hidden && (m.type === MenuType.category || m.type === MenuType.directory));
}
