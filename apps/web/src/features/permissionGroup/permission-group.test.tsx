import type {
  GrantNode,
  OrganizeAdministratorRow,
  PermissionGroupRow,
  PermissionGroupsOfObject,
  PermissionMembers,
  PermissionTree,
} from '@platform/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { queryClient } from '../../app/query-client.tsx';
import { i18n } from '../../shared/i18n/index.ts';
import { useShell } from '../../shared/shell/shell-store.ts';
import { type FakeRequest, renderInApp, signIn, stubServer } from '../../test-app.tsx';
import { fakeModulePermission } from '../../test-wire.ts';
import { PermissionsDialog, type PermissionsTarget } from './components/PermissionsDialog.tsx';
import PermissionGroupPage from './pages/PermissionGroupPage.tsx';

const base = '/api/permission/PermissionGroup';
const group = (id: string, fullName: string, fields: Partial<PermissionGroupRow> = {}): PermissionGroupRow => ({
  id,
  fullName,
  enCode: `code${id}`,
  sortCode: 0,
  enabledMark: 1,
  description: '',
  memberCount: 0,
  creatorTime: 1_764_000_000_000,
  ...fields,
});
const node = (id: string, fullName: string, type: string, children: GrantNode[] = []): GrantNode => ({
  id,
  parentId: '0',
  fullName,
  enCode: id,
  icon: '',
  type,
  hasChildren: children.length > 0,
  children,
});

const sent: FakeRequest[] = [];
let groups: PermissionGroupRow[];
let members: PermissionMembers;
let reach: PermissionGroupsOfObject;
const trees: Record<string, PermissionTree> = {};

/** What may be granted: the main application with two menus; the group holds nothing yet. */
function grantValues(body: Record<string, unknown>) {
  if (body.type === 'system') return { list: [node('s1', '企业管理平台', 'system')], ids: [], all: ['s1'] };
  if (body.type === 'module')
    return {
      list: [node('s1', '企业管理平台', 'system', [node('m1', '岗位管理', '2'), node('m2', '用户管理', '2')])],
      ids: [],
      all: ['m1', 'm2'],
    };
  return { list: [], ids: [], all: [] };
}

const administrators = '/api/permission/organizeAdminIsTrator';
const administrator = (
  id: string,
  organizeId: string,
  organizeName: string,
  flags: Partial<OrganizeAdministratorRow>,
) =>
  ({
    id,
    userId: 'u9',
    userName: '王管理/wang',
    organizeId,
    organizeName,
    creatorTime: 1_764_000_000_000,
    thisLayerAdd: 0,
    thisLayerEdit: 0,
    thisLayerDelete: 0,
    thisLayerSelect: 1,
    subLayerAdd: 0,
    subLayerEdit: 0,
    subLayerDelete: 0,
    subLayerSelect: 1,
    ...flags,
  }) satisfies OrganizeAdministratorRow;
const administered = [
  administrator('a1', 'o1', '财务部', { thisLayerAdd: 1, thisLayerEdit: 1 }),
  administrator('a2', 'o2', '研发部', { subLayerSelect: 0 }),
];
const organizeTree = [
  { id: 'o1', fullName: '财务部', icon: '', type: 'department', hasChildren: false, children: [] },
  { id: 'o2', fullName: '研发部', icon: '', type: 'department', hasChildren: false, children: [] },
];

function answer(method: string, path: string, query: URLSearchParams, body: Record<string, unknown>): unknown {
  if (path === administrators && method === 'GET')
    return { list: administered, pagination: { currentPage: 1, pageSize: 20, total: 2 } };
  if (path === `${administrators}/Selector`)
    return { list: administered.filter((a) => a.userId === query.get('userId')) };
  if (path.startsWith('/api/permission/Organize/Department/SelectorByAuth/')) return { list: organizeTree };
  if (path === '/api/permission/Users/getUserList') return { list: [] };
  if (method === 'GET' && path === base) {
    const keyword = query.get('keyword') ?? '';
    const list = groups.filter((g) => g.fullName.includes(keyword));
    return { list, pagination: { currentPage: 1, pageSize: 20, total: list.length } };
  }
  if (path === `${base}/getPermissionGroup`) return reach;
  if (path === `${base}/getPermission`) return trees[query.get('permissionId') ?? ''] ?? { list: [] };
  if (method === 'GET' && path.startsWith(`${base}/PermissionMember/`)) return members;
  if (method === 'POST' && (path === base || path.endsWith('/Actions/Copy'))) return { id: 'new' };
  if (path.endsWith('/Values')) return grantValues(body);
  if (path === '/api/permission/Role/Selector') return { list: [] };
  if (path.startsWith('/api/permission/Users/ImUser/Selector/'))
    return { list: [], pagination: { currentPage: 1, pageSize: 20, total: 0 } };
  if (method === 'GET' && path.startsWith(`${base}/`)) return groups.find((g) => path.endsWith(g.id));
  return undefined;
}

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
  await i18n.loadNamespaces(['permissionGroup', 'authorize', 'components']);
});
beforeEach(() => {
  sent.length = 0;
  queryClient.clear();
  groups = [group('g1', '财务权限', { memberCount: 3 }), group('g2', '人事权限', { enabledMark: 0 })];
  members = {
    ids: ['u1--user', 'r1--role', 'o1--organize'],
    list: [
      { id: 'u1', type: 'User', fullName: '成员一/member1' },
      { id: 'r1', type: 'Role', fullName: '出纳' },
      { id: 'o1', type: 'Organize', fullName: '财务部' },
    ],
  };
  signIn();
  useShell.setState({
    permissionList: [fakeModulePermission('m-auth', { button: ['btn_add', 'btn_edit', 'btn_remove'] })],
  });
  stubServer((request) => {
    sent.push(request);
    const data = answer(request.method, request.path, request.query, request.body);
    const msg = request.method === 'GET' ? '' : request.method === 'DELETE' ? '删除成功' : '保存成功';
    return { code: 200, msg, data };
  });
});
afterEach(() => vi.unstubAllGlobals());

const meta = { title: '权限授权', zhTitle: '权限授权', icon: '', moduleId: 'm-auth' };
const renderIn = (element: ReactNode) => renderInApp(<MemoryRouter>{element}</MemoryRouter>, { meta });
const calls = (method: string, path: string | RegExp) =>
  sent.filter((s) => s.method === method && (typeof path === 'string' ? s.path === path : path.test(s.path)));
const row = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;
const dialogTitled = async (title: string) => {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title' });
  return heading.closest('.ant-modal') as HTMLElement;
};
/** Answers 确定 to the confirmation showing `text` (an earlier one may still be closing). */
const confirmBox = async (text: string | RegExp) => {
  const box = (await screen.findAllByText(text)).at(-1)?.closest('.ant-modal') as HTMLElement;
  fireEvent.click(within(box).getByRole('button', { name: /确\s*定/ }));
};

describe('the permission group page (权限授权)', () => {
  test('lists the groups with their member count and state, and searches by keyword', async () => {
    renderIn(<PermissionGroupPage />);
    const finance = await row('财务权限');
    expect(within(finance).getByText('3')).toBeTruthy();
    expect(within(await row('人事权限')).getByText('禁用')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText(/关键词/), { target: { value: '财务' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(screen.queryByText('人事权限')).toBeNull());
    expect(calls('GET', base).at(-1)?.query.get('keyword')).toBe('财务');
  });

  test('新建 sends the group fields; an empty name is refused before sending', async () => {
    renderIn(<PermissionGroupPage />);
    await row('财务权限');
    fireEvent.click(screen.getByRole('button', { name: /新\s*建/ }));
    const form = await dialogTitled('新建权限组');
    fireEvent.click(within(form).getByRole('button', { name: /确\s*定/ }));
    await within(form).findAllByText(/请输入/);
    expect(calls('POST', base)).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText('权限组名称'), { target: { value: '销售权限' } });
    fireEvent.change(within(form).getByLabelText('权限组编码'), { target: { value: 'sales' } });
    fireEvent.click(within(form).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls('POST', base)).toHaveLength(1));
    expect(calls('POST', base)[0]?.body).toEqual({
      fullName: '销售权限',
      enCode: 'sales',
      sortCode: 0,
      enabledMark: 1,
      description: '',
    });
  });

  test('copy and delete ask first, then call and refresh the list', async () => {
    renderIn(<PermissionGroupPage />);
    fireEvent.click(within(await row('财务权限')).getByRole('button', { name: '复制' }));
    await screen.findByText('您确定要复制该权限组, 是否继续?');
    expect(calls('POST', /Actions\/Copy$/)).toHaveLength(0);
    await confirmBox('您确定要复制该权限组, 是否继续?');
    await waitFor(() => expect(calls('POST', `${base}/g1/Actions/Copy`)).toHaveLength(1));

    const listed = calls('GET', base).length;
    fireEvent.click(within(await row('人事权限')).getByRole('button', { name: '删除' }));
    await confirmBox(/永久删除/);
    await waitFor(() => expect(calls('DELETE', `${base}/g2`)).toHaveLength(1));
    await waitFor(() => expect(calls('GET', base).length).toBeGreaterThan(listed));
  });

  test('权限成员 shows the members under their kinds and saves what is left', async () => {
    renderIn(<PermissionGroupPage />);
    fireEvent.click(within(await row('财务权限')).getByRole('button', { name: '权限成员' }));
    const dialog = await dialogTitled('权限成员 - 财务权限');
    const chosen = dialog.querySelectorAll<HTMLElement>('.selector-dialog-pane-body')[1] as HTMLElement;
    await waitFor(() => expect(within(chosen).getByText('成员一/member1')).toBeTruthy());
    expect(within(within(chosen).getByRole('region', { name: '用户' })).getByText('成员一/member1')).toBeTruthy();
    expect(within(within(chosen).getByRole('region', { name: '角色' })).getByText('出纳')).toBeTruthy();
    expect(within(within(chosen).getByRole('region', { name: '部门' })).getByText('财务部')).toBeTruthy();
    fireEvent.click(within(chosen).getByRole('button', { name: '移除 出纳' }));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls('POST', `${base}/PermissionMember/g1`)).toHaveLength(1));
    expect(calls('POST', `${base}/PermissionMember/g1`)[0]?.body).toEqual({ ids: ['u1--user', 'o1--organize'] });
  });

  test('权限授权 grants the application and a menu to the group', async () => {
    renderIn(<PermissionGroupPage />);
    fireEvent.click(within(await row('财务权限')).getByRole('button', { name: '权限授权' }));
    const dialog = await dialogTitled('权限授权 - 财务权限');
    const tick = async (name: string) => {
      const title = await within(dialog).findByText(name, { selector: '.ant-tree-title' });
      fireEvent.click(
        (title.closest('.ant-tree-treenode') as HTMLElement).querySelector('.ant-tree-checkbox') as HTMLElement,
      );
    };
    await tick('企业管理平台');
    fireEvent.click(within(dialog).getByRole('tab', { name: '菜单权限' }));
    await tick('岗位管理');
    expect(calls('POST', /\/Values$/).map((c) => [c.path, c.body.objectType, c.body.type])).toEqual([
      ['/api/permission/Authority/Data/g1/Values', 'PermissionGroup', 'system'],
      ['/api/permission/Authority/Data/g1/Values', 'PermissionGroup', 'module'],
    ]);
    expect(calls('POST', /\/Values$/)[1]?.body.systemIds).toEqual(['s1']);
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls('PUT', '/api/permission/Authority/Data/g1')).toHaveLength(1));
    expect(calls('PUT', '/api/permission/Authority/Data/g1')[0]?.body).toEqual({
      objectType: 'PermissionGroup',
      systemIds: ['s1'],
      module: ['m1'],
    });
  });
});

describe('the "permissions" view of an organisation, user or role', () => {
  const target: PermissionsTarget = { id: 'r1', fullName: '出纳', objectType: 'role' };
  const tree = (id: string, menu: string): PermissionTree => ({
    list: [
      {
        id: 's1',
        fullName: '企业管理平台',
        icon: '',
        type: 'system',
        children: [
          {
            id,
            fullName: menu,
            icon: '',
            type: 'module',
            children: [{ id: `${id}-add`, fullName: '新建', icon: '', type: 'button', children: [] }],
          },
        ],
      },
    ],
  });

  test('an object no group reaches has its permissions not switched on', async () => {
    reach = { type: 0, list: [] };
    renderIn(<PermissionsDialog target={target} onClose={() => {}} />);
    await screen.findByText('未开启权限：没有权限组包含该对象');
    const asked = calls('GET', `${base}/getPermissionGroup`)[0]?.query;
    expect([asked?.get('id'), asked?.get('objectType')]).toEqual(['r1', 'role']);
    expect(calls('GET', `${base}/getPermission`)).toHaveLength(0);
  });

  test('lists the groups that reach it and shows what the chosen one grants', async () => {
    reach = {
      type: 1,
      list: [
        { id: 'g1', fullName: '财务权限', enCode: 'finance' },
        { id: 'g2', fullName: '人事权限', enCode: 'hr' },
      ],
    };
    trees.g1 = tree('m1', '岗位管理');
    trees.g2 = tree('m2', '用户管理');
    renderIn(<PermissionsDialog target={target} onClose={() => {}} />);
    await screen.findByText('岗位管理');
    expect(screen.getByText('按钮')).toBeTruthy();
    expect(screen.queryByText('用户管理')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '人事权限' }));
    await screen.findByText('用户管理');
    expect(calls('GET', `${base}/getPermission`).map((c) => c.query.get('permissionId'))).toEqual(['g1', 'g2']);
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});

describe('tiered administrators (分级管理)', () => {
  const openAdministrators = async () => {
    renderIn(<PermissionGroupPage />);
    await row('财务权限');
    fireEvent.click(screen.getByRole('tab', { name: '分级管理' }));
    return row('财务部');
  };

  test('lists each administered organisation with its rights on this level and below', async () => {
    const finance = await openAdministrators();
    expect(within(finance).getByText('王管理/wang')).toBeTruthy();
    const [thisLayer, subLayer] = [...finance.querySelectorAll('td')].slice(2, 4) as HTMLElement[];
    expect(
      within(thisLayer as HTMLElement)
        .getAllByText(/添加|编辑|删除|查看/)
        .map((e) => e.textContent),
    ).toEqual(['添加', '编辑', '查看']);
    expect(
      within(subLayer as HTMLElement)
        .getAllByText(/添加|编辑|删除|查看/)
        .map((e) => e.textContent),
    ).toEqual(['查看']);
  });

  test('editing reads what the user administers and saves it back with the rights changed', async () => {
    fireEvent.click(within(await openAdministrators()).getByRole('button', { name: '编辑' }));
    const form = await dialogTitled('编辑分级管理员');
    await within(form).findByRole('group', { name: '研发部 本层级' });
    // Looked up afresh: the stored rights arrive after the group is first drawn, and a click before
    // them would be overwritten.
    const right = (name: string) =>
      within(within(form).getByRole('group', { name: '研发部 本层级' })).getByRole('checkbox', {
        name,
      }) as HTMLInputElement;
    await waitFor(() => expect(right('查看').checked).toBe(true));
    fireEvent.click(right('删除'));
    fireEvent.click(within(form).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls('POST', administrators)).toHaveLength(1));
    expect(calls('GET', `${administrators}/Selector`)[0]?.query.get('userId')).toBe('u9');
    const flags = (add: number, edit: number, remove: number, select: number) => ({ add, edit, remove, select });
    const body = calls('POST', administrators)[0]?.body as {
      userId: string;
      orgAdminModel: Record<string, string | number>[];
    };
    expect(body.userId).toBe('u9');
    const layer = (model: Record<string, string | number> | undefined, name: string) =>
      flags(
        Number(model?.[`${name}Add`]),
        Number(model?.[`${name}Edit`]),
        Number(model?.[`${name}Delete`]),
        Number(model?.[`${name}Select`]),
      );
    expect(body.orgAdminModel.map((m) => m.organizeId)).toEqual(['o1', 'o2']);
    expect(layer(body.orgAdminModel[0], 'thisLayer')).toEqual(flags(1, 1, 0, 1));
    expect(layer(body.orgAdminModel[1], 'thisLayer')).toEqual(flags(0, 0, 1, 1));
    expect(layer(body.orgAdminModel[1], 'subLayer')).toEqual(flags(0, 0, 0, 0));
  });

  test('ending one administration asks first, then deletes that row', async () => {
    fireEvent.click(within(await openAdministrators()).getByRole('button', { name: '删除' }));
    await confirmBox(/永久删除/);
    await waitFor(() => expect(calls('DELETE', `${administrators}/a1`)).toHaveLength(1));
  });
});
