import type { ReactNode } from 'react';
import { MenuIcon } from '../../shared/shell/menu-icons.tsx';
import type { MenuNode } from '../../shared/shell/menu-routes.ts';
import type { LayoutType } from '../settings-store.ts';
import { Brand } from './Brand.tsx';
import { SideMenu, TopMenu } from './NavMenus.tsx';

/** The sidebar is dark in every mode. */
export const sideDark = true;

export interface NavigationProps {
  /** The chosen style, or 'mobile' under the mobile breakpoint (the sidebar then lives in a drawer). */
  layout: LayoutType | 'mobile';
  menus: MenuNode[];
  selectedKey: string;
  openKeys: string[];
  sideCollapsed: boolean;
  dark: boolean;
  /** The top-level directory whose pages the blend and plain sidebars show, and its node. */
  activeTop: string | undefined;
  topNode: MenuNode | undefined;
  selectDirectory: (enCode: string) => void;
  menuTitle: (node: MenuNode) => string;
}

/**
 * The navigation of each layout style (shell.md §2.5): the sidebar (`aside`) and what the navbar
 * shows on its left (`navLeft`).
 */
export function navigation({
  layout,
  menus,
  selectedKey,
  openKeys,
  sideCollapsed,
  dark,
  activeTop,
  topNode,
  selectDirectory,
  menuTitle,
}: NavigationProps): { aside: ReactNode; navLeft: ReactNode } {
  let aside: ReactNode = null;
  let navLeft: ReactNode = null;
  if (layout === 'classic') {
    aside = (
      <aside className={`shell-aside ${sideCollapsed ? 'collapsed' : ''}`} data-testid="sidebar">
        <Brand collapsed={sideCollapsed} />
        <SideMenu
          nodes={menus}
          selectedKey={selectedKey}
          openKeys={openKeys}
          collapsed={sideCollapsed}
          dark={sideDark}
        />
      </aside>
    );
  } else if (layout === 'functional') {
    navLeft = (
      <>
        <Brand />
        <TopMenu nodes={menus} selectedKeys={[selectedKey, ...openKeys]} dark={dark} />
      </>
    );
  } else if (layout === 'blend') {
    navLeft = (
      <>
        <Brand />
        <TopMenu
          nodes={menus}
          depth={1}
          selectedKeys={activeTop ? [`dir:${activeTop}`, selectedKey] : [selectedKey]}
          onSelectDirectory={selectDirectory}
          dark={dark}
        />
      </>
    );
    aside = (
      <aside className={`shell-aside ${sideCollapsed ? 'collapsed' : ''}`} data-testid="sidebar">
        <SideMenu
          nodes={topNode?.children ?? []}
          selectedKey={selectedKey}
          openKeys={openKeys}
          collapsed={sideCollapsed}
          dark={sideDark}
        />
      </aside>
    );
  } else if (layout === 'plain') {
    aside = (
      <aside className="shell-plain" data-testid="sidebar">
        <nav className="shell-rail">
          <Brand collapsed />
          {menus.map((node) => (
            <button
              key={node.enCode}
              type="button"
              className={node.enCode === activeTop ? 'active' : ''}
              onClick={() => selectDirectory(node.enCode)}
            >
              <MenuIcon icon={node.icon} />
              <span>{menuTitle(node)}</span>
            </button>
          ))}
        </nav>
        {!sideCollapsed && (
          <div className="shell-plain-panel">
            <div className="shell-plain-title">{topNode ? menuTitle(topNode) : ''}</div>
            <SideMenu
              nodes={topNode?.children ?? []}
              selectedKey={selectedKey}
              openKeys={openKeys}
              collapsed={false}
              dark={dark}
            />
          </div>
        )}
      </aside>
    );
  } else {
    navLeft = <Brand />;
  }
  return { aside, navLeft };
}

/** The first page under a directory, for a directory chosen in the blend and plain layouts. */
export function firstPageOf(node: MenuNode): MenuNode | undefined {
  for (const child of node.children ?? []) {
    if (child.hidden) continue;
    if (child.type !== 0 && child.type !== 1) return child;
    const inner = firstPageOf(child);
    if (inner) return inner;
  }
  return undefined;
}
