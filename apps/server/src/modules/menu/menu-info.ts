import type { MenuInfo, ModulePermissionInfo } from '@platform/shared';
import { toMillis } from '../../core/paging.ts';
import type { MenuRow, ModulePermissionRow } from '../../db/schema.ts';

/** A menu and a page permission as the menu page reads them. */
export type { MenuInfo, ModulePermissionInfo };

export function menuInfo(row: MenuRow): MenuInfo {
  return {
    id: row.id,
    systemId: row.systemId,
    parentId: row.parentId,
    fullName: row.fullName,
    enCode: row.enCode,
    icon: row.icon ?? '',
    type: row.type,
    urlAddress: row.urlAddress ?? '',
    linkTarget: row.linkTarget ?? '',
    propertyJson: row.propertyJson ?? '',
    hidden: row.isHidden,
    sortCode: row.sortCode,
    enabledMark: row.enabledMark,
    isButtonAuthorize: row.isButtonAuthorize,
    isColumnAuthorize: row.isColumnAuthorize,
    isFormAuthorize: row.isFormAuthorize,
    isDataAuthorize: row.isDataAuthorize,
    description: row.description ?? '',
    creatorTime: toMillis(row.creatorTime),
    hasChildren: false,
    children: [],
  };
}

/** Nests nodes under their parents (rows in display order); orphans become roots. */
export function nest<T extends { id: string; parentId: string; hasChildren: boolean; children: T[] }>(nodes: T[]): T[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const roots: T[] = [];
  for (const node of nodes) {
    const parent = byId.get(node.parentId);
    if (parent) {
      parent.children.push(node);
      parent.hasChildren = true;
    } else roots.push(node);
  }
  return roots;
}

export function permissionInfo(row: ModulePermissionRow): ModulePermissionInfo {
  return {
    id: row.id,
    moduleId: row.menuId,
    fullName: row.fullName,
    enCode: row.enCode,
    scopeType: row.scopeType ?? '',
    sortCode: row.sortCode,
    enabledMark: row.enabledMark,
    description: row.description ?? '',
    creatorTime: toMillis(row.creatorTime),
  };
}

/** The form, report or portal a menu's property JSON names (`moduleId`); '' when it names none. */
export function moduleIdOf(propertyJson: string | null): string {
  try {
    const moduleId = (JSON.parse(propertyJson ?? '{}') as { moduleId?: unknown }).moduleId;
    return typeof moduleId === 'string' ? moduleId : '';
  } catch {
    return '';
  }
}
