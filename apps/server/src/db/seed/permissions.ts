import { newId } from '../../core/ids.ts';
import type { Trx } from '../database.ts';

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
 * The applications page (system.system, under 系统管理) and the buttons every seeded page offers for
 * granting: btn_add, btn_edit, btn_remove, btn_detail (and import/export where the page has them).
 * Runs after seedMenus; changes nothing when run again.
 */
export async function seedPermissions(trx: Trx) {
  const system = await trx.selectFrom('system').select('id').where('enCode', '=', 'main').executeTakeFirstOrThrow();
  const directory = await trx
    .selectFrom('menu')
    .select('id')
    .where('systemId', '=', system.id)
    .where('enCode', '=', 'system')
    .executeTakeFirst();
  if (directory) {
    await trx
      .insertInto('menu')
      .values({
        id: newId(),
        systemId: system.id,
        parentId: directory.id,
        enCode: 'system.system',
        fullName: '应用管理',
        icon: 'icon-ym icon-ym-systemToggle',
        type: 2,
        urlAddress: 'system/system',
        sortCode: 100,
        isButtonAuthorize: true,
      })
      .onConflict((oc) => oc.columns(['systemId', 'enCode']).doNothing())
      .execute();
  }
  const pages = await trx
    .selectFrom('menu')
    .select(['id', 'enCode'])
    .where('systemId', '=', system.id)
    .where('type', '=', 2)
    .execute();
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
  if (rows.length) {
    await trx
      .insertInto('modulePermission')
      .values(rows)
      .onConflict((oc) => oc.columns(['menuId', 'kind', 'enCode']).doNothing())
      .execute();
  }
}
