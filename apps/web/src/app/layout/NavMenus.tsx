import Menu from 'antd/es/menu';
import type { ItemType } from 'antd/es/menu/interface';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../../shared/shell/menu-icons.tsx';
import { type MenuNode, MenuType } from '../../shared/shell/menu-routes.ts';
import { useMenuTitle } from '../../shared/shell/menu-title.ts';
import { menuKey, useOpenMenu } from '../../shared/shell/open-menu.ts';
import { useShell } from '../../shared/shell/shell-store.ts';

/** antd Menu items from the visible menu tree; `depth` 1 keeps only the top level. */
export function useMenuItems(nodes: readonly MenuNode[], depth = Number.POSITIVE_INFINITY): ItemType[] {
  const routes = useShell((s) => s.routes);
  const title = useMenuTitle();
  return useMemo(() => {
    const byCode = new Map(routes.map((r) => [r.enCode, r]));
    const build = (list: readonly MenuNode[], level: number): ItemType[] =>
      list
        .filter((n) => !n.hidden)
        .map((node): ItemType | null => {
          const label = title(node);
          const icon = <MenuIcon key={node.enCode} icon={node.icon} />;
          const isGroup = node.type === MenuType.directory || node.type === MenuType.category;
          if (isGroup) {
            if (level >= depth) return { key: `dir:${node.enCode}`, label, icon };
            const children = build(node.children ?? [], level + 1);
            return { key: `dir:${node.enCode}`, label, icon, children };
          }
          const route = byCode.get(node.enCode);
          if (!route) return null;
          return { key: menuKey(route), label, icon, title: label };
        })
        .filter((item): item is ItemType => item !== null);
    return build(nodes, 1);
  }, [nodes, routes, title, depth]);
}

interface SideMenuProps {
  nodes: readonly MenuNode[];
  selectedKey: string;
  openKeys: string[];
  collapsed: boolean;
  dark: boolean;
  onOpen?: () => void;
}

/** The inline side menu (classic, blend, plain, mobile drawer). */
export function SideMenu({ nodes, selectedKey, openKeys: wanted, collapsed, dark, onOpen }: SideMenuProps) {
  const items = useMenuItems(nodes);
  const open = useOpenMenu();
  const [openKeys, setOpenKeys] = useState<string[]>(wanted);
  const wantedKey = wanted.join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-open only when the route's ancestors change
  useEffect(() => {
    setOpenKeys((keys) => [...new Set([...keys, ...wanted])]);
  }, [wantedKey]);
  return (
    <Menu
      mode="inline"
      theme={dark ? 'dark' : 'light'}
      inlineCollapsed={collapsed}
      items={items}
      selectedKeys={[selectedKey]}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={({ key }) => {
        open(key);
        onOpen?.();
      }}
      className="shell-side-menu"
    />
  );
}

/** Width of one top-menu entry (shell.md §2.5: floor(width / 116) entries, the rest under 'More ...'). */
export const topMenuItemWidth = 116;

export function splitTopItems<T>(items: readonly T[], width: number): { shown: T[]; more: T[] } {
  const count = Math.max(1, Math.floor(width / topMenuItemWidth));
  if (items.length <= count) return { shown: [...items], more: [] };
  // One slot goes to 'More ...' itself.
  const keep = Math.max(1, count - 1);
  return { shown: items.slice(0, keep), more: items.slice(keep) };
}

interface TopMenuProps {
  nodes: readonly MenuNode[];
  /** 1: only the top-level directories (blend); otherwise the whole tree (functional). */
  depth?: number;
  selectedKeys: string[];
  dark: boolean;
  onSelectDirectory?: (enCode: string) => void;
}

export function TopMenu({ nodes, depth, selectedKeys, dark, onSelectDirectory }: TopMenuProps) {
  const { t } = useTranslation('shell');
  const items = useMenuItems(nodes, depth);
  const open = useOpenMenu();
  const holder = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(1200);
  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 1200));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const { shown, more } = splitTopItems(items, width);
  const all: ItemType[] = more.length
    ? [...shown, { key: '/menuMore', label: t('menuMore'), children: more, popupClassName: 'shell-more-popup' }]
    : shown;
  return (
    <div ref={holder} className="shell-top-menu">
      <Menu
        mode="horizontal"
        theme={dark ? 'dark' : 'light'}
        items={all}
        selectedKeys={selectedKeys}
        disabledOverflow
        onClick={({ key }) => {
          if (key.startsWith('dir:') && onSelectDirectory) onSelectDirectory(key.slice(4));
          else open(key);
        }}
      />
    </div>
  );
}
