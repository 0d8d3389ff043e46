import {
  type MenuImportInput,
  type MenuInput,
  MenuInput as MenuInputSchema,
  PermissionKindSchema,
  ModulePermissionInput as PermissionSchema,
} from '@platform/shared';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import type { EventBus } from '../../core/event-bus.ts';
import { newId } from '../../core/ids.ts';
import type { Session } from '../../core/session.ts';
import type { Db } from '../../db/database.ts';
import type { MenuRow, PermissionKind } from '../../db/schema.ts';
import { subtreeIds } from '../organize/organize-tree.ts';
import type { SystemService } from '../system/system.service.ts';
import { MenuRepository } from './menu.repository.ts';
import { checkMenu, menuColumns } from './menu-rules.ts';

const ExportedPermission = Type.Object({
  kind: PermissionKindSchema,
  fullName: PermissionSchema.properties.fullName,
  enCode: PermissionSchema.properties.enCode,
  scopeType: Type.Optional(Type.Union([Type.Null(), PermissionSchema.properties.scopeType])),
  sortCode: Type.Optional(Type.Integer()),
  enabledMark: Type.Optional(Type.Integer()),
  description: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 500 })])),
});
const ExportedMenuFields = Type.Omit(MenuInputSchema, ['systemId', 'parentId']);

interface ExportedMenu extends Omit<MenuInput, 'systemId' | 'parentId'> {
  permissions: {
    kind: PermissionKind;
    fullName: string;
    enCode: string;
    scopeType?: string | null;
    sortCode?: number;
    enabledMark?: number;
    description?: string | null;
  }[];
  children: ExportedMenu[];
}

/** A menu and its subtree as a JSON document, taken from one system and added to another. */
export class MenuTransferService {
  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly systems: SystemService,
  ) {}

  /** The menu, its subtree and their permission definitions, as a JSON document to import elsewhere. */
  async export(id: string) {
    const menus = new MenuRepository(this.db);
    const row = await menus.findById(id);
    if (!row) throw new NotFoundError();
    const rows = await menus.menus(row.systemId);
    const ids = subtreeIds(rows, id);
    const inTree = rows.filter((r) => ids.has(r.id));
    const permissions = await menus.permissionsOf([...ids]);
    const toExported = (r: MenuRow): ExportedMenu => ({
      fullName: r.fullName,
      enCode: r.enCode,
      type: r.type,
      icon: r.icon ?? '',
      urlAddress: r.urlAddress ?? '',
      linkTarget: (r.linkTarget ?? '') as MenuInput['linkTarget'] & string,
      propertyJson: r.propertyJson ?? '',
      hidden: r.isHidden,
      sortCode: r.sortCode,
      enabledMark: r.enabledMark as 0 | 1,
      isButtonAuthorize: r.isButtonAuthorize,
      isColumnAuthorize: r.isColumnAuthorize,
      isFormAuthorize: r.isFormAuthorize,
      isDataAuthorize: r.isDataAuthorize,
      description: r.description ?? '',
      permissions: permissions
        .filter((p) => p.menuId === r.id)
        .map((p) => ({
          kind: p.kind,
          fullName: p.fullName,
          enCode: p.enCode,
          scopeType: p.scopeType,
          sortCode: p.sortCode,
          enabledMark: p.enabledMark,
          description: p.description,
        })),
      children: inTree.filter((c) => c.parentId === r.id).map(toExported),
    });
    return { fileName: `${row.enCode}.json`, document: { version: 1, menu: toExported(row) } };
  }

  /** Adds an exported menu tree under `parentId` of a system; all of it or, on any conflict, none. */
  async import(input: MenuImportInput, session: Session) {
    const data = input.data as { version?: unknown; menu?: unknown };
    if (data.version !== 1 || !data.menu) throw new BusinessError('menu.importInvalid');
    const root = data.menu as ExportedMenu;
    let count = 0;
    await this.db.transaction().execute(async (trx) => {
      const menus = new MenuRepository(trx);
      const insert = async (node: ExportedMenu, parentId: string, depth: number) => {
        if (depth > 10 || count >= 2000) throw new BusinessError('menu.importInvalid');
        const { permissions, children, ...fields } = node;
        if (!Value.Check(ExportedMenuFields, fields) || !Array.isArray(permissions) || !Array.isArray(children)) {
          throw new BusinessError('menu.importInvalid');
        }
        const menuInput: MenuInput = { ...fields, systemId: input.systemId, parentId };
        if (await menus.codeTaken(input.systemId, fields.enCode)) {
          throw new BusinessError('menu.importCodeTaken', { code: fields.enCode });
        }
        await checkMenu(trx, this.systems, menuInput, null);
        const id = newId();
        count++;
        await menus.insert({ id, ...menuColumns(menuInput), creatorUserId: session.userId });
        const seen = new Set<string>();
        for (const p of permissions) {
          if (!Value.Check(ExportedPermission, p) || seen.has(`${p.kind}:${p.enCode}`)) {
            throw new BusinessError('menu.importInvalid');
          }
          seen.add(`${p.kind}:${p.enCode}`);
          await menus.insertPermission({
            id: newId(),
            menuId: id,
            kind: p.kind,
            fullName: p.fullName,
            enCode: p.enCode,
            scopeType: p.kind === 'resource' ? ((p.scopeType ?? 'self') as 'self') : null,
            sortCode: p.sortCode ?? 0,
            enabledMark: p.enabledMark === 0 ? 0 : 1,
            description: p.description ?? null,
            creatorUserId: session.userId,
          });
        }
        for (const child of children) await insert(child, id, depth + 1);
      };
      await insert(root, input.parentId ?? '-1', 0);
    });
    await this.bus.publish({ type: 'authorize.changed' });
    return { count };
  }
}
