import type { MenuInput } from '@platform/shared';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import type { Trx } from '../../db/database.ts';
import type { MenuRow } from '../../db/schema.ts';
import { subtreeIds } from '../organize/organize-tree.ts';
import type { SystemService } from '../system/system.service.ts';
import { MenuRepository } from './menu.repository.ts';

// The rules a menu obeys, whether made by hand (MenuService) or imported (MenuTransferService).

/** Types that open a model (form, dictionary, report, portal) and must name it in propertyJson. */
const modelTypes = new Set([3, 4, 5, 8]);
/** Directories and categories may hold other menus. */
export const containerTypes = new Set([0, 1]);

/** The rules of each menu type and of the tree; `current` is the menu being edited. */
export async function checkMenu(trx: Trx, systems: SystemService, input: MenuInput, current: MenuRow | null) {
  const menus = new MenuRepository(trx);
  if (!(await systems.exists(input.systemId, trx))) throw new NotFoundError();
  if (await menus.codeTaken(input.systemId, input.enCode, current?.id)) throw new BusinessError('menu.codeTaken');
  if (input.parentId !== '-1') {
    const parent = await menus.findById(input.parentId);
    if (!parent || parent.systemId !== input.systemId || !containerTypes.has(parent.type)) {
      throw new BusinessError('menu.parentInvalid');
    }
    if (current) {
      const ids = subtreeIds(await menus.menus(input.systemId), current.id);
      if (ids.has(parent.id)) throw new BusinessError('menu.parentCycle');
    }
  }
  const url = input.urlAddress?.trim() ?? '';
  if ((input.type === 2 || input.type === 7) && !url) throw new BusinessError('menu.urlRequired');
  if (input.propertyJson) {
    let property: unknown;
    try {
      property = JSON.parse(input.propertyJson);
    } catch {
      throw new BusinessError('menu.propertyInvalid');
    }
    if (!property || typeof property !== 'object' || Array.isArray(property)) {
      throw new BusinessError('menu.propertyInvalid');
    }
  }
  if (modelTypes.has(input.type) || (input.type === 6 && !url)) {
    const property = input.propertyJson ? (JSON.parse(input.propertyJson) as { moduleId?: unknown }) : {};
    if (typeof property.moduleId !== 'string' || !property.moduleId) throw new BusinessError('menu.moduleRequired');
  }
}

/**
 * The row's columns from the input; `current` is the menu being edited. An authorisation switch
 * left out keeps its value, and on a new menu button authorisation defaults to on (as the menu
 * form does): a client that says nothing must not open every button to whoever holds the menu.
 */
export function menuColumns(input: MenuInput, current?: MenuRow) {
  const url = input.urlAddress?.trim() ?? '';
  return {
    systemId: input.systemId,
    parentId: input.parentId,
    enCode: input.enCode,
    fullName: input.fullName,
    icon: input.icon || null,
    type: input.type,
    // Pages are addressed without a leading slash (protocol.md).
    urlAddress: url ? (input.type === 2 ? url.replace(/^\/+/, '') : url) : null,
    linkTarget: input.type === 7 ? input.linkTarget || '_blank' : input.linkTarget || null,
    propertyJson: input.propertyJson || null,
    isHidden: input.hidden ?? false,
    sortCode: input.sortCode ?? 0,
    enabledMark: input.enabledMark ?? 1,
    isButtonAuthorize: input.isButtonAuthorize ?? current?.isButtonAuthorize ?? true,
    isColumnAuthorize: input.isColumnAuthorize ?? current?.isColumnAuthorize ?? false,
    isFormAuthorize: input.isFormAuthorize ?? current?.isFormAuthorize ?? false,
    isDataAuthorize: input.isDataAuthorize ?? current?.isDataAuthorize ?? false,
    description: input.description || null,
  };
}
