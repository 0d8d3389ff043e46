import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { QueryProvider, queryClient } from '../../app/query-client.tsx';
import { i18n } from '../../shared/i18n/index.ts';
import { useSession } from '../../shared/session/store.ts';
import { fakeLogRow, fakeUserInfo, wireResponse } from '../../test-wire.ts';
import LogPage from './pages/LogPage.tsx';

/** Operation entries as the server answers them: one administrative change, one plain call. */
const operations = [
  fakeLogRow({
    id: 'l1',
    category: 2,
    userName: '管理员/admin',
    ipAddress: '10.20.30.40',
    requestMethod: 'PUT',
    requestURL: '/api/permission/Users/u1',
    moduleName: '用户管理',
    objectType: 'user',
    objectId: 'u1',
    objectName: '张三丰/zhangsan',
    changes: [
      { field: 'realName', before: '张三', after: '张三丰' },
      { field: 'passwordHash', before: '***', after: '***' },
      { field: 'roles', added: [{ id: 'r2', name: '经理' }], removed: [{ id: 'r1', name: '办事员' }] },
    ],
  }),
  fakeLogRow({ id: 'l2', category: 2, userName: '管理员/admin', requestMethod: 'POST', requestURL: '/api/x' }),
];

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
  await i18n.loadNamespaces(['log', 'components']);
});
beforeEach(() => {
  queryClient.clear();
  useSession.setState({ token: 'Bearer t1', userInfo: fakeUserInfo({ userAccount: 'admin' }), locked: false });
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    const list = url.pathname === '/api/system/Log/2' ? operations : [];
    return wireResponse(method, url, {
      code: 200,
      data: { list, pagination: { total: list.length, currentPage: 1, pageSize: 20 } },
    });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('operation log: the difference an administrative change made', () => {
  test('an entry with changes expands to its fields, old and new values, roles removed and added', async () => {
    render(
      <Providers>
        <QueryProvider>
          <LogPage />
        </QueryProvider>
      </Providers>,
    );
    fireEvent.click(screen.getByRole('tab', { name: '操作日志' }));
    const row = (await screen.findByText('用户 张三丰/zhangsan')).closest('tr')!;
    expect(within(row).getByText('10.20.30.40')).toBeTruthy();
    // Only the entry that recorded changes can be expanded.
    const expanders = await screen.findAllByRole('button', { name: /展开行|Expand row/ });
    expect(expanders).toHaveLength(1);
    fireEvent.click(expanders[0]!);

    const details = await waitFor(() => {
      const table = document.querySelector('.audit-changes');
      if (!table) throw new Error('no changes shown');
      return table as HTMLElement;
    });
    expect(within(details).getByText('操作对象: 用户 张三丰/zhangsan')).toBeTruthy();
    for (const header of ['字段', '原值', '新值'])
      expect(within(details).getByRole('columnheader', { name: header })).toBeTruthy();
    const name = within(details).getByText('姓名').closest('tr')!;
    expect(within(name).getByText('张三')).toBeTruthy();
    expect(within(name).getByText('张三丰')).toBeTruthy();
    const password = within(details).getByText('密码').closest('tr')!;
    expect(within(password).getAllByText('***')).toHaveLength(2);
    const roles = within(details).getByText('角色').closest('tr')!;
    expect(within(roles).getByText('移除: 办事员')).toBeTruthy();
    expect(within(roles).getByText('新增: 经理')).toBeTruthy();
  });
});
