import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { i18n } from '../../shared/i18n/index.ts';
import { fakeServerByPath, renderInApp, signIn } from '../../test-app.tsx';
import { menuApi } from './api.ts';
import { MenuForm } from './components/MenuForm.tsx';

/** 关联功能 of a form, report or portal menu is chosen by name: a new user never types or reads an id. */

const server = fakeServerByPath();
const ok = (data: unknown) => () => ({ code: 200, msg: '', data });
const reports = [
  {
    id: 'sort-finance',
    fullName: '财务报表',
    parentId: '0',
    hasChildren: true,
    children: [{ id: 'r-sales', fullName: '销售汇总', enCode: 'sales', parentId: 'sort-finance', hasChildren: false }],
  },
];
const menu = {
  id: 'm1',
  systemId: 's1',
  parentId: '-1',
  fullName: '销售报表',
  enCode: 'sales.report',
  icon: '',
  type: 5,
  urlAddress: 'dataReport/sales.report',
  linkTarget: '',
  propertyJson: JSON.stringify({ moduleId: 'r-sales' }),
  hidden: false,
  sortCode: 0,
  enabledMark: 1,
  isButtonAuthorize: false,
  isColumnAuthorize: false,
  isFormAuthorize: false,
  isDataAuthorize: false,
  description: '',
  creatorTime: null,
  hasChildren: false,
  children: [],
};

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
  await i18n.loadNamespaces(['menu', 'components']);
});
afterEach(cleanup);

describe('关联功能', () => {
  test('a report menu shows the name of the report it opens, and offers the others by name', async () => {
    signIn();
    server.routes['/api/system/Menu/m1'] = ok(menu);
    server.routes['/api/system/Menu/Selector/m1/s1'] = ok({ list: [] });
    server.routes['/api/ReportServer/Data/Selector'] = ok({ list: reports });
    renderInApp(<MenuForm target={{ id: 'm1' }} systemId="s1" onClose={() => {}} onSaved={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: '编辑菜单' });
    await within(dialog).findByTitle('销售汇总');
    expect(within(dialog).queryByText('r-sales')).toBeNull();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '关联功能' }));
    expect(await screen.findByTitle('财务报表')).toBeTruthy();
  });

  test('forms are offered with their codes; reports and portals under their categories, which cannot be chosen', async () => {
    signIn();
    server.routes['/api/visualdev/Base/Selector'] = ok({
      list: [{ id: 'f1', fullName: '请假单', enCode: 'leave', webType: 2 }],
    });
    server.routes['/api/ReportServer/Data/Selector'] = ok({ list: reports });
    expect(await menuApi.moduleChoices(3)).toEqual([{ value: 'f1', title: '请假单 (leave)' }]);
    expect(await menuApi.moduleChoices(5)).toEqual([
      {
        value: 'category:sort-finance',
        title: '财务报表',
        selectable: false,
        children: [{ value: 'r-sales', title: '销售汇总' }],
      },
    ]);
  });
});
