import { DictionaryAllItem, type DictionaryDataRow, type DictionaryTypeNode, ListOf } from '@platform/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { queryClient } from '../../app/query-client.tsx';
import { dictionariesQueryKey } from '../../shared/api/dictionaries.ts';
import { i18n } from '../../shared/i18n/index.ts';
import { useShell } from '../../shared/shell/shell-store.ts';
import { renderInApp, signIn, stubServer } from '../../test-app.tsx';
import { checkAnswer, fakeModulePermission } from '../../test-wire.ts';
import { DictionaryTypeSelect } from './components/DictionaryTypeSelect.tsx';
import DictionaryPage from './pages/DictionaryPage.tsx';

const category = (id: string, fullName: string, isTree: number): DictionaryTypeNode => ({
  id,
  parentId: '0',
  fullName,
  enCode: `code${id}`,
  sortCode: 0,
  isTree,
  description: '',
  hasChildren: false,
  children: [],
});
const row = (id: string, fullName: string, children: DictionaryDataRow[] = []): DictionaryDataRow => ({
  id,
  parentId: '0',
  dictionaryTypeId: 't',
  fullName,
  enCode: id,
  sortCode: 0,
  enabledMark: 1,
  description: '',
  hasChildren: children.length > 0,
  children,
});

const entriesByType: Record<string, DictionaryDataRow[]> = {
  '0': [],
  region: [row('east', '华东', [row('sh', '上海')]), row('south', '华南', [row('gz', '广州')])],
  mixed: [row('north', '华北', [row('bj', '北京')]), row('west', '西部')],
};
const requests: string[] = [];

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
  await i18n.loadNamespaces(['dictionary', 'components']);
});
beforeEach(() => {
  requests.length = 0;
  queryClient.clear();
  signIn();
  useShell.setState({
    permissionList: [fakeModulePermission('m1', { button: ['btn_add', 'btn_edit', 'btn_remove'] })],
  });
  stubServer(({ method, path }) => {
    requests.push(`${method} ${path}`);
    if (path === '/api/system/DictionaryType') {
      return {
        code: 200,
        data: { list: [category('0', '系统字典', 0), category('region', '地区', 1), category('mixed', '混合', 1)] },
      };
    }
    if (/^\/api\/system\/DictionaryData\/(\w+)\/Actions\/State$/.test(path)) return { code: 200, msg: '禁用成功' };
    const typeId = path.split('/').pop() ?? '';
    return { code: 200, data: { list: entriesByType[typeId] ?? [] } };
  });
});
afterEach(() => vi.unstubAllGlobals());

const meta = { title: '数据字典', zhTitle: '数据字典', icon: '', moduleId: 'm1' };
const renderPage = (element: ReactNode = <DictionaryPage />) => renderInApp(element, { meta });
const addButton = () => screen.getByRole('button', { name: /新\s*建/ });
const chooseCategory = async (name: string) => {
  fireEvent.click(await screen.findByText(name, { selector: '.ant-tree-title' }));
};

describe('the data dictionary page (admin.md 2.1)', () => {
  test("add is disabled on the category '0' and enabled on another", async () => {
    renderPage();
    await waitFor(() => expect(requests).toContain('GET /api/system/DictionaryData/0'));
    await waitFor(() => expect((addButton() as HTMLButtonElement).disabled).toBe(true));
    await chooseCategory('地区');
    await waitFor(() => expect((addButton() as HTMLButtonElement).disabled).toBe(false));
  });

  test('a tree category shows its entries nested; the toggle appears only when every row has children', async () => {
    renderPage();
    await chooseCategory('地区');
    await screen.findByText('上海');
    fireEvent.click(screen.getByRole('button', { name: '折叠' }));
    await waitFor(() => expect(screen.queryByText('上海')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '展开' }));
    await screen.findByText('上海');

    await chooseCategory('混合');
    await screen.findByText('北京');
    expect(screen.queryByRole('button', { name: '折叠' })).toBeNull();
    expect(screen.queryByRole('button', { name: '展开' })).toBeNull();
  });

  test('the state switch asks first, then drops the dictionaries every page reads', async () => {
    queryClient.setQueryData(dictionariesQueryKey, checkAnswer(ListOf(DictionaryAllItem), { list: [] }));
    renderPage();
    await chooseCategory('地区');
    await screen.findByText('上海');
    fireEvent.click(screen.getAllByRole('switch')[0] as HTMLElement);
    await screen.findByText('您确定要禁用当前数据吗, 是否继续?');
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(requests).toContain('PUT /api/system/DictionaryData/east/Actions/State'));
    await waitFor(() => expect(queryClient.getQueryState(dictionariesQueryKey)?.isInvalidated).toBe(true));
  });

  test('the dictionary select: categories as a tree; 添加 opens the management 80 % wide, and closing it reloads them', async () => {
    const typeCalls = () => requests.filter((r) => r === 'GET /api/system/DictionaryType').length;
    renderPage(<DictionaryTypeSelect value="region" />);
    await screen.findByText('地区');
    expect(typeCalls()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: /添\s*加/ }));
    // jsdom gives every dialog the same label id, so the dialog is found by its title text.
    const title = await screen.findByText('数据字典', { selector: '.ant-modal-title' });
    expect((title.closest('.ant-modal') as HTMLElement | null)?.style.width).toBe('80%');
    await waitFor(() => expect(requests).toContain('GET /api/system/DictionaryData/0'));
    fireEvent.click(screen.getAllByRole('button', { name: '关闭' })[0] as HTMLElement);
    await waitFor(() => expect(typeCalls()).toBeGreaterThan(1));
  });
});
