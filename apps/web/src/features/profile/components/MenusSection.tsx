import type { DataNode } from 'antd/es/tree';
import Tree from 'antd/es/tree';
import { useMemo } from 'react';
import type { MenuNode } from '../../../shared/shell/menu-routes.ts';
import { useMenuTitle } from '../../../shared/shell/menu-title.ts';
import { useShell } from '../../../shared/shell/shell-store.ts';

/** The menus CurrentUser granted, as a tree (real data, always available). */
export function MenusSection() {
  const menuList = useShell((s) => s.menuList);
  const title = useMenuTitle();
  const treeData = useMemo(() => {
    const toNode = (menu: MenuNode): DataNode => ({
      key: menu.id,
      title: title(menu),
      children: menu.children?.map(toNode),
    });
    return menuList.map(toNode);
  }, [menuList, title]);
  return <Tree treeData={treeData} defaultExpandAll selectable={false} />;
}
