import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { queryClient } from '../../../app/query-client.tsx';
import { renderInApp, signIn, stubServer } from '../../../test-app.tsx';
import { i18n } from '../../i18n/index.ts';
import { isNearBottom, nextPageOf, userPickerApi } from './api.ts';
import { PickerField } from './PickerField.tsx';
import { SelectorDialog } from './SelectorDialog.tsx';

describe('paging of the user search (widgets.md §4)', () => {
  const page = (size: number) => ({ list: Array.from({ length: size }, (_, i) => i) });
  test.each([
    [[], undefined],
    [[page(20)], 2],
    [[page(20), page(20)], 3],
    [[page(20), page(19)], undefined],
    [[page(20), page(0)], undefined],
    [[page(3)], undefined],
  ])('after pages %j the next is %s', (pages, next) => expect(nextPageOf(pages, 20)).toBe(next));

  test.each([
    [1400, true],
    [1399, false],
    [1600, true],
    [0, false],
  ])('scrolled to %i of 2000 in a 400 px box: near the bottom %s', (scrollTop, near) =>
    expect(isNearBottom({ scrollTop, scrollHeight: 2000, clientHeight: 400 })).toBe(near),
  );
});

// --- The dialog against a fake server -------------------------------------------------------

interface Sent {
  path: string;
  body: Record<string, unknown>;
}
const sent: Sent[] = [];
const user = (id: string, name: string, organize = '总公司/研发部') => ({
  id,
  account: name.split('/')[1] ?? name,
  realName: name.split('/')[0] ?? name,
  fullName: name,
  headIcon: '',
  gender: '',
  type: 'user',
  organize,
  hasChildren: false,
});
/** 43 users match "li": pages of 20, 20 and 3. */
const matches = Array.from({ length: 43 }, (_, i) => user(`l${i + 1}`, `李${i + 1}/li${i + 1}`));
const levels: Record<string, { list: unknown[]; total: number }> = {
  '0': { list: [{ id: 'c1', fullName: '总公司', type: 'company', hasChildren: true }], total: 0 },
  c1: {
    list: [
      { id: 'd1', fullName: '研发部', type: 'department', hasChildren: true },
      user('u1', '张三/zhangsan', '总公司'),
    ],
    total: 1,
  },
  d1: { list: [user('u2', '李四/lisi'), user('u1', '张三/zhangsan')], total: 2 },
};

function answer(path: string, body: Record<string, unknown>): unknown {
  const level = path.match(/^\/api\/permission\/Users\/ImUser\/Selector\/(.+)$/)?.[1];
  if (level !== undefined) {
    const currentPage = Number(body.currentPage ?? 1);
    const pageSize = Number(body.pageSize ?? 20);
    if (body.keyword) {
      const all = matches.filter((m) => m.fullName.includes(String(body.keyword)));
      const list = all.slice((currentPage - 1) * pageSize, currentPage * pageSize);
      return { list, pagination: { currentPage, pageSize, total: all.length } };
    }
    const found = levels[level] ?? { list: [], total: 0 };
    return { list: found.list, pagination: { currentPage, pageSize, total: found.total } };
  }
  if (path === '/api/permission/Users/getUserList') {
    const known = [...matches, user('u1', '张三/zhangsan'), user('u2', '李四/lisi')];
    return { list: known.filter((k) => (body.ids as string[]).includes(k.id)) };
  }
  return { list: [] };
}

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
});
beforeEach(() => {
  sent.length = 0;
  queryClient.clear();
  signIn();
  stubServer(({ path, body }) => {
    sent.push({ path, body });
    return { code: 200, data: answer(path, body) };
  });
});
afterEach(() => vi.unstubAllGlobals());
const markerWord = 'marker';
const searches = () => sent.filter((s) => s.body.keyword && s.body.keyword !== markerWord);
/**
 * A search sent through the same request layer after a scroll: a page the scroll asked for would be
 * on the wire before it, so once the marker is sent, anything the scroll started has been counted.
 */
const marker = async () => {
  await act(() => userPickerApi.search({ keyword: markerWord, mode: 'all' }, 1));
  expect(sent.at(-1)?.body.keyword).toBe(markerWord);
};
const leftPane = () => document.querySelectorAll<HTMLElement>('.selector-dialog-pane-body')[0] as HTMLElement;
const selectedPane = () => document.querySelectorAll<HTMLElement>('.selector-dialog-pane-body')[1] as HTMLElement;
const expand = (name: string) => {
  const node = screen.getByText(name).closest('.ant-tree-treenode') as HTMLElement;
  fireEvent.click(node.querySelector('.ant-tree-switcher') as HTMLElement);
};
/**
 * Opens a node until `child` shows under it. A switcher clicked while the tree re-renders the node
 * (a level just arrived) can miss; a node already open or loading is not clicked again.
 */
const expandTo = (name: string, child: string) =>
  waitFor(() => {
    if (screen.queryByText(child)) return;
    const node = screen.getByText(name).closest('.ant-tree-treenode');
    if (node?.classList.contains('ant-tree-treenode-switcher-close')) expand(name);
    throw new Error(`${child} is not shown under ${name} yet`);
  });
const search = (word: string) => {
  const box = screen.getByPlaceholderText('请输入关键词查询');
  fireEvent.change(box, { target: { value: word } });
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
};

/** happy-dom lays nothing out: give the list pane a 400 px window on rows 50 px tall. */
/** How many users the windowed search list holds (rendered or not). */
const held = () => Number(document.querySelector('.user-picker-list[data-count]')?.getAttribute('data-count') ?? 0);

function layOut() {
  const proto = HTMLElement.prototype;
  const saved = {
    scrollHeight: Object.getOwnPropertyDescriptor(proto, 'scrollHeight'),
    clientHeight: Object.getOwnPropertyDescriptor(proto, 'clientHeight'),
  };
  const isPane = (element: HTMLElement) => element.classList.contains('selector-dialog-pane-body');
  Object.defineProperty(proto, 'scrollHeight', {
    configurable: true,
    get(this: HTMLElement) {
      // The windowed list is as tall as the rows it holds (56 px each), rendered or not.
      const held = this.querySelector('.user-picker-list[data-count]')?.getAttribute('data-count');
      return isPane(this) ? Number(held ?? 0) * 56 : 0;
    },
  });
  Object.defineProperty(proto, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return isPane(this) ? 400 : 0;
    },
  });
  return () => {
    for (const [name, descriptor] of Object.entries(saved)) {
      if (descriptor) Object.defineProperty(proto, name, descriptor);
      else Reflect.deleteProperty(proto, name);
    }
  };
}
const scrollTo = (element: HTMLElement, top: number) => {
  Object.defineProperty(element, 'scrollTop', { configurable: true, value: top });
  fireEvent.scroll(element);
};

describe('user picker dialog', () => {
  test('the tree loads a level at a time; only users can be picked in single mode', async () => {
    const onOk = vi.fn();
    renderInApp(<SelectorDialog kind="user" open value={[]} onOk={onOk} onCancel={() => {}} />);
    expect(await screen.findByText('选择用户')).toBeTruthy();
    await screen.findByText('总公司');
    expect(sent.map((s) => s.path)).toEqual(['/api/permission/Users/ImUser/Selector/0']);
    expect(screen.queryByText('研发部')).toBeNull();

    expand('总公司');
    await screen.findByText('研发部');
    expect(screen.getByText('张三/zhangsan')).toBeTruthy();
    expect(sent.at(-1)?.path).toBe('/api/permission/Users/ImUser/Selector/c1');
    expect(screen.queryByText('李四/lisi')).toBeNull();

    await expandTo('研发部', '李四/lisi');
    // 张三 belongs to both 总公司 and 研发部 and shows under each.
    expect(within(leftPane()).getAllByText('张三/zhangsan')).toHaveLength(2);
    expect(sent.some((s) => s.path === '/api/permission/Users/Selector')).toBe(false);

    fireEvent.click(screen.getByText('总公司'));
    fireEvent.click(screen.getByText('研发部'));
    expect(within(selectedPane()).queryByText('总公司')).toBeNull();
    fireEvent.click(screen.getByText('李四/lisi'));
    fireEvent.click(within(leftPane()).getAllByText('张三/zhangsan')[0] as HTMLElement);
    // Single mode: the second pick replaces the first.
    await waitFor(() => expect(within(selectedPane()).getByText('张三/zhangsan')).toBeTruthy());
    expect(within(selectedPane()).queryByText('李四/lisi')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(onOk).toHaveBeenCalledWith([{ id: 'u1', fullName: '张三/zhangsan' }]);
  });

  test('a keyword lists users 20 a page; scrolling near the bottom loads more until a short page', async () => {
    const restore = layOut();
    try {
      renderInApp(<SelectorDialog kind="user" open multiple value={[]} onOk={() => {}} onCancel={() => {}} />);
      await screen.findByText('总公司');
      search('李');
      await waitFor(() => expect(held()).toBe(20));
      // Only the rows in view and ten to spare are rendered: 400 px show 8 rows of 56 px, so 18.
      expect(within(leftPane()).getAllByRole('button')).toHaveLength(18);
      expect(searches().map((s) => s.body)).toEqual([{ keyword: '李', currentPage: 1, pageSize: 20 }]);
      expect(screen.queryByText('总公司')).toBeNull();

      // 20 rows of 56 px in a 400 px pane (1120 px). 201 px from the bottom: nothing more is asked for.
      scrollTo(leftPane(), 519);
      await marker();
      expect(searches()).toHaveLength(1);

      // Within 200 px of the bottom: page 2.
      scrollTo(leftPane(), 520);
      await waitFor(() => expect(held()).toBe(40));
      expect(searches().map((s) => s.body.currentPage)).toEqual([1, 2]);

      scrollTo(leftPane(), 1640);
      await screen.findByText('李43/li43');
      expect(held()).toBe(43);
      expect(searches().map((s) => s.body.currentPage)).toEqual([1, 2, 3]);
      // Scrolled to the end, the first rows are no longer rendered.
      expect(screen.queryByText('李1/li1')).toBeNull();

      // Page 3 held 3 users, fewer than 20: the list is finished.
      scrollTo(leftPane(), 2008);
      await marker();
      expect(searches()).toHaveLength(3);
      scrollTo(leftPane(), 0);
      await screen.findByText('李1/li1');

      // Multiple mode: picks add up, a repeat is ignored.
      fireEvent.click(within(leftPane()).getByText('李1/li1'));
      fireEvent.click(within(leftPane()).getByText('李2/li2'));
      fireEvent.click(within(leftPane()).getByText('李1/li1'));
      expect(
        within(selectedPane())
          .getAllByText(/^李\d+\/li\d+$/)
          .map((n) => n.textContent),
      ).toEqual(['李1/li1', '李2/li2']);
      expect(screen.getByText('已选 (2)')).toBeTruthy();

      // Clearing the keyword returns to the tree.
      fireEvent.change(screen.getByPlaceholderText('请输入关键词查询'), { target: { value: '' } });
      await screen.findByText('总公司');
      expect(screen.queryByText('李1/li1', { selector: '.user-picker-item-name' })).toBeNull();
    } finally {
      restore();
    }
  });

  test('a keyword that matches nobody shows the empty state', async () => {
    renderInApp(<SelectorDialog kind="user" open value={[]} onOk={() => {}} onCancel={() => {}} />);
    await screen.findByText('总公司');
    search('nobody');
    await waitFor(() => expect(leftPane().querySelector('.ant-empty-description')?.textContent).toBe('暂无数据'));
    expect(searches().map((s) => s.body)).toEqual([{ keyword: 'nobody', currentPage: 1, pageSize: 20 }]);
  });

  test('the field shows a chosen user by name, asking only for that user', async () => {
    renderInApp(<PickerField kind="user" value="u2" />);
    await screen.findByText('李四/lisi');
    expect(sent).toEqual([{ path: '/api/permission/Users/getUserList', body: { ids: ['u2'] } }]);
  });

  test('clearing a single field gives an empty string without opening the dialog; currentUser is named without a call', async () => {
    const changes: unknown[] = [];
    const { container } = renderInApp(
      <PickerField kind="user" value="currentUser" onChange={(v) => changes.push(v)} />,
    );
    await screen.findByText('当前用户');
    expect(sent).toEqual([]);
    fireEvent.mouseDown(container.querySelector('.ant-select-clear') as HTMLElement);
    fireEvent.click(container.querySelector('.ant-select-clear') as HTMLElement);
    await waitFor(() => expect(changes).toEqual(['']));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('a multiple value that is not a list is reset to [] with a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const changes: unknown[] = [];
    renderInApp(<PickerField kind="user" multiple value="u1" onChange={(v) => changes.push(v)} />);
    await waitFor(() => expect(changes).toEqual([[]]));
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});
