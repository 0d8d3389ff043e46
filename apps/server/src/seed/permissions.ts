import { applicationsMenu } from '@platform/shared';
import { newId } from '../core/ids.ts';
import type { Trx } from '../db/database.ts';
import { type CreatedPage, ensureMenu } from './menus.ts';

const standardButtons: [enCode: string, fullName: string][] = [
  ['btn_add', '新建'],
  ['btn_edit', '编辑'],
  ['btn_remove', '删除'],
  ['btn_detail', '详情'],
];
/** Pages with actions beyond the standard four: import and export, release. */
const extraButtons: Record<string, [string, string][]> = {
  'system.notice': [['btn_release', '发布']],
  'permission.user': [
    ['btn_import', '导入'],
    ['btn_export', '导出'],
  ],
  'system.menu': [
    ['btn_import', '导入'],
    ['btn_export', '导出'],
  ],
};

/**
 * The applications page (system.system, under 系统管理) and the buttons of the standard pages:
 * btn_add, btn_edit, btn_remove, btn_detail (and import/export, release where the page has them).
 *
 * Buttons are made only for the pages this run created (`createdPages` from seedMenus, and the
 * applications page when it is created here). A page that existed before, whether seeded or made by
 * an administrator, is the administrator's: buttons deleted, renamed or never there stay so, and a
 * page of their own never gets ours. Until this rule the seed added the standard buttons to every
 * page of the main system at every start; the rows it added then are ordinary buttons now, which an
 * administrator may keep or delete, so existing databases need no repair. A button added to this
 * list later reaches existing pages only through a migration.
 */
export async function seedPermissions(trx: Trx, createdPages: CreatedPage[]) {
  const system = await trx.selectFrom('system').select('id').where('enCode', '=', 'main').executeTakeFirstOrThrow();
  const pages = [...createdPages];
  const directory = await trx
    .selectFrom('menu')
    .select('id')
    .where('systemId', '=', system.id)
    .where('enCode', '=', 'system')
    .executeTakeFirst();
  if (directory) {
    const applications = await ensureMenu(trx, {
      systemId: system.id,
      parentId: directory.id,
      enCode: applicationsMenu.enCode,
      fullName: applicationsMenu.fullName,
      icon: applicationsMenu.icon,
      type: 2,
      urlAddress: applicationsMenu.urlAddress,
      sortCode: 100,
    });
    if (applications.created) pages.push({ id: applications.id, enCode: applicationsMenu.enCode });
  }
  const rows = pages.flatMap((page) =>
    [...standardButtons, ...(extraButtons[page.enCode] ?? [])].map(([enCode, fullName], sortCode) => ({
      id: newId(),
      menuId: page.id,
      kind: 'button' as const,
      enCode,
      fullName,
      sortCode,
    })),
  );
  if (rows.length) await trx.insertInto('modulePermission').values(rows).execute();
}
