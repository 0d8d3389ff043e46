import { newId } from '../../core/ids.ts';
import type { Trx } from '../database.ts';

interface MenuSeed {
  enCode: string;
  fullName: string;
  icon: string;
  /** Page menus (type 2) carry the urlAddress the standard pages are addressed by (protocol.md). */
  children: [enCode: string, fullName: string, urlAddress: string, icon: string][];
}

const menus: MenuSeed[] = [
  {
    enCode: 'permission',
    fullName: '组织管理',
    icon: 'icon-ym icon-ym-organization',
    children: [
      ['permission.organize', '组织机构', 'permission/organize', 'icon-ym icon-ym-company'],
      ['permission.position', '岗位管理', 'permission/position', 'icon-ym icon-ym-position'],
      ['permission.user', '用户管理', 'permission/user', 'icon-ym icon-ym-user'],
      ['permission.role', '角色管理', 'permission/role', 'icon-ym icon-ym-role'],
      ['permission.group', '分组管理', 'permission/group', 'icon-ym icon-ym-group'],
      ['permission.authorize', '权限授权', 'permission/authorize', 'icon-ym icon-ym-authorize'],
      ['permission.userOnline', '在线用户', 'permission/userOnline', 'icon-ym icon-ym-online'],
    ],
  },
  {
    enCode: 'system',
    fullName: '系统管理',
    icon: 'icon-ym icon-ym-system',
    children: [
      ['system.menu', '系统菜单', 'system/menu', 'icon-ym icon-ym-menu'],
      ['system.sysConfig', '系统配置', 'system/sysConfig', 'icon-ym icon-ym-setting'],
      ['system.area', '行政区划', 'system/area', 'icon-ym icon-ym-area'],
      ['system.billRule', '单据规则', 'system/billRule', 'icon-ym icon-ym-billRule'],
      ['system.signature', '签名管理', 'system/signature', 'icon-ym icon-ym-signature'],
      ['system.notice', '系统公告', 'system/notice', 'icon-ym icon-ym-notice'],
      ['system.printDev', '打印模板', 'system/printDev', 'icon-ym icon-ym-print'],
      ['system.log', '系统日志', 'system/log', 'icon-ym icon-ym-log'],
    ],
  },
  {
    enCode: 'systemData',
    fullName: '数据应用',
    icon: 'icon-ym icon-ym-data',
    children: [
      ['systemData.dictionary', '数据字典', 'systemData/dictionary', 'icon-ym icon-ym-dictionary'],
      ['systemData.dataInterface', '数据接口', 'systemData/dataInterface', 'icon-ym icon-ym-interface'],
    ],
  },
  {
    enCode: 'msgCenter',
    fullName: '消息中心',
    icon: 'icon-ym icon-ym-message',
    children: [
      ['msgCenter.msgTemplate', '消息模板', 'msgCenter/msgTemplate', 'icon-ym icon-ym-template'],
      ['msgCenter.sendConfig', '发送配置', 'msgCenter/sendConfig', 'icon-ym icon-ym-send'],
      ['msgCenter.messageRecord', '消息记录', 'basic/messageRecord', 'icon-ym icon-ym-record'],
    ],
  },
  {
    enCode: 'extend',
    fullName: '个人办公',
    icon: 'icon-ym icon-ym-extend',
    children: [['extend.schedule', '日程安排', 'extend/schedule', 'icon-ym icon-ym-schedule']],
  },
];

/** A page the seed has just created, so the only kind that gets the standard buttons. */
export interface CreatedPage {
  id: string;
  enCode: string;
}

/**
 * The standard pages of the main system, as directories (type 1) of pages (type 2). Pages are
 * created with button authorisation on: a user granted one holds only the buttons granted to it
 * (seedPermissions defines them for the pages returned here). Existing rows are left as they are,
 * switches included: every database seeded so far got its pages with the switch on (the seed always
 * set it, even while the switch changed nothing), so nothing needs repairing, and a row that is off
 * now was turned off by an administrator, whose choice the seed must not undo at the next start.
 * A standard menu that does not exist (first start, a page added to this list, one an administrator
 * deleted) is created. Returns the pages this run created.
 */
export async function seedMenus(trx: Trx): Promise<CreatedPage[]> {
  const system = await trx.selectFrom('system').select('id').where('enCode', '=', 'main').executeTakeFirstOrThrow();
  const created: CreatedPage[] = [];
  for (const [index, directory] of menus.entries()) {
    const { id: parentId } = await ensureMenu(trx, {
      systemId: system.id,
      parentId: '-1',
      enCode: directory.enCode,
      fullName: directory.fullName,
      icon: directory.icon,
      type: 1,
      urlAddress: null,
      sortCode: index,
    });
    for (const [sortCode, [enCode, fullName, urlAddress, icon]] of directory.children.entries()) {
      const page = await ensureMenu(trx, {
        systemId: system.id,
        parentId,
        enCode,
        fullName,
        icon,
        type: 2,
        urlAddress,
        sortCode,
      });
      if (page.created) created.push({ id: page.id, enCode });
    }
  }
  return created;
}

/** Creates the menu unless the system has one with its enCode; says which of the two happened. */
export async function ensureMenu(
  trx: Trx,
  menu: {
    systemId: string;
    parentId: string;
    enCode: string;
    fullName: string;
    icon: string;
    type: number;
    urlAddress: string | null;
    sortCode: number;
  },
): Promise<{ id: string; created: boolean }> {
  const inserted = await trx
    .insertInto('menu')
    .values({ id: newId(), ...menu, isButtonAuthorize: menu.type === 2 })
    .onConflict((oc) => oc.columns(['systemId', 'enCode']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { id: inserted.id, created: true };
  const row = await trx
    .selectFrom('menu')
    .select('id')
    .where('systemId', '=', menu.systemId)
    .where('enCode', '=', menu.enCode)
    .executeTakeFirstOrThrow();
  return { id: row.id, created: false };
}
