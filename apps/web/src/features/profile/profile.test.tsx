import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { queryClient } from '../../app/query-client.tsx';
import { isSignatureEmpty, SignaturePad } from '../../shared/components/SignaturePad.tsx';
import { i18n } from '../../shared/i18n/index.ts';
import { useSession } from '../../shared/session/store.ts';
import { type FakeRequest, renderInApp, signIn, stubServer } from '../../test-app.tsx';
import { fakeLogRow, fakeUserCard } from '../../test-wire.ts';
import ProfilePage from './pages/ProfilePage.tsx';

const base = '/api/permission/Users/Current';
const png =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const requests: FakeRequest[] = [];

/** The network boundary: answers by method and path, as the server's routes do. */
const answers: Record<string, unknown> = {
  [`GET ${base}/BaseInfo`]: { ...fakeUserCard({ account: 'admin', realName: '管理员' }), organize: '', position: '' },
  [`GET ${base}/getUserOrganizes`]: [
    { id: 'o1', fullName: '总公司', isDefault: true },
    { id: 'o2', fullName: '研发部', isDefault: false },
  ],
  [`GET ${base}/getUserPositions`]: [{ id: 'p1', fullName: '开发工程师', isDefault: true }],
  [`GET ${base}/Subordinate/0`]: [
    { id: 'u2', account: 'zhangsan', realName: '张三', userName: '张三/zhangsan', headIcon: '', isLeaf: true },
  ],
  [`GET ${base}/SystemLog`]: {
    list: [
      fakeLogRow({
        id: 'l1',
        creatorTime: Date.UTC(2026, 0, 2, 3, 4, 5),
        userName: '管理员/admin',
        ipAddress: '10.0.0.8',
      }),
    ],
    pagination: { total: 41, currentPage: 1, pageSize: 20 },
  },
  [`GET ${base}/SignImg`]: [
    { id: 's1', signImg: png, isDefault: 1, creatorTime: 1 },
    { id: 's2', signImg: png, isDefault: 0, creatorTime: 2 },
  ],
  [`POST ${base}/SignImg`]: { id: 's3' },
};

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
  await i18n.loadNamespaces(['profile', 'shell']);
});
beforeEach(() => {
  requests.length = 0;
  queryClient.clear();
  signIn();
  stubServer((request) => {
    requests.push(request);
    return { code: 200, data: answers[`${request.method} ${request.path}`] ?? null };
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const openTab = (name: string) => fireEvent.click(screen.getByRole('tab', { name }));

describe('signature pad empty-check (shell.md §5: 请签名)', () => {
  test('no stroke is empty, one is not', () => {
    expect(isSignatureEmpty(0)).toBe(true);
    expect(isSignatureEmpty(1)).toBe(false);
  });

  test('confirm with nothing drawn warns 请签名 and saves nothing', async () => {
    const onConfirm = vi.fn();
    renderInApp(<SignaturePad onConfirm={onConfirm} />);
    expect(screen.getByText('请在此区域使用鼠标手写签名')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请签名')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  test('after drawing, confirm gives the PNG data URL; clear empties it again', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(png);
    const onConfirm = vi.fn();
    renderInApp(<SignaturePad onConfirm={onConfirm} />);
    const canvas = screen.getByTestId('signature-canvas');
    expect(canvas.getAttribute('width')).toBe('560');
    expect(canvas.getAttribute('height')).toBe('300');
    fireEvent.pointerDown(canvas, { clientX: 10, clientY: 10, button: 0, pointerId: 1 });
    fireEvent.pointerMove(canvas, { clientX: 40, clientY: 30, pointerId: 1 });
    fireEvent.pointerUp(canvas, { pointerId: 1 });
    expect(screen.queryByText('请在此区域使用鼠标手写签名')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(onConfirm).toHaveBeenCalledWith(png);

    fireEvent.click(screen.getByRole('button', { name: /清\s*空/ }));
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请签名')).toBeTruthy();
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});

describe('profile sections', () => {
  test('base info shows the server record and offers avatar change', async () => {
    renderInApp(<ProfilePage />);
    expect(await screen.findByText('管理员')).toBeTruthy();
    expect(screen.getByRole('button', { name: /更换头像/ })).toBeTruthy();
    expect(screen.queryByText('服务器暂未提供此功能')).toBeNull();
  });

  test('a new avatar shows in the navbar at once: the session user gets its url, CurrentUser is not asked', async () => {
    const url = '/api/file/Image/userAvatar/abc.png';
    answers['POST /api/file/Uploader/userAvatar'] = { name: 'abc.png', url };
    const { container } = renderInApp(<ProfilePage />);
    await screen.findByRole('button', { name: /更换头像/ });
    const input = container.querySelector<HTMLInputElement>('.profile-avatar input[type="file"]');
    if (!input) throw new Error('no file input');
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(useSession.getState().userInfo?.headIcon).toBe(url));
    expect(requests.some((r) => r.method === 'PUT' && r.path === `${base}/Avatar/abc.png`)).toBe(true);
    // The rest of the signed-in user is kept, and nothing is refetched for it.
    expect(useSession.getState().userInfo).toMatchObject({ userAccount: 'admin', userName: '管理员' });
    expect(requests.some((r) => r.path === '/api/oauth/CurrentUser')).toBe(false);
  });

  test('patching the session user when signed out leaves it signed out', () => {
    useSession.setState({ token: '', userInfo: null });
    useSession.getState().patchUserInfo({ headIcon: '/x.png' });
    expect(useSession.getState().userInfo).toBeNull();
  });

  test('organisations and positions, with switching the major one disabled', async () => {
    renderInApp(<ProfilePage />);
    openTab('组织岗位');
    expect(await screen.findByText('研发部')).toBeTruthy();
    expect(await screen.findByText('开发工程师')).toBeTruthy();
    expect(screen.getAllByText('主组织').length).toBe(1);
    expect(screen.getAllByText('主岗位').length).toBe(1);
    const major = screen.getByRole('button', { name: /设为主组织/ });
    expect((major as HTMLButtonElement).disabled).toBe(true);
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  test('subordinates of the caller ("0")', async () => {
    renderInApp(<ProfilePage />);
    openTab('我的下属');
    expect(await screen.findByText('张三/zhangsan')).toBeTruthy();
    expect(requests.some((r) => r.path === `${base}/Subordinate/0`)).toBe(true);
  });

  test('login log is paged: category 1, page 1 of 20, total shown by the pager', async () => {
    renderInApp(<ProfilePage />);
    openTab('登录日志');
    expect(await screen.findByText('10.0.0.8')).toBeTruthy();
    const call = requests.find((r) => r.path === `${base}/SystemLog`);
    expect(call?.query.get('category')).toBe('1');
    expect(call?.query.get('currentPage')).toBe('1');
    expect(call?.query.get('pageSize')).toBe('20');
    expect(document.querySelector('.ant-pagination-item-3')).toBeTruthy();
    fireEvent.click(document.querySelector('.ant-pagination-item-2') as Element);
    await waitFor(() =>
      expect(requests.some((r) => r.path === `${base}/SystemLog` && r.query.get('currentPage') === '2')).toBe(true),
    );
  });

  test('operation log asks for category 2', async () => {
    renderInApp(<ProfilePage />);
    openTab('操作日志');
    await waitFor(() =>
      expect(requests.some((r) => r.path === `${base}/SystemLog` && r.query.get('category') === '2')).toBe(true),
    );
  });

  test('signatures: default tag, set default, delete after confirmation', async () => {
    renderInApp(<ProfilePage />);
    openTab('个人签名');
    await screen.findByText('默认');
    fireEvent.click(screen.getByRole('button', { name: /设为默认/ }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT' && r.path === `${base}/s2/SignImg`)).toBe(true));

    fireEvent.click(screen.getAllByRole('button', { name: /删\s*除/ })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('此操作将永久删除该签名，是否继续？')).toBeTruthy();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'DELETE' && r.path === `${base}/s1/SignImg`)).toBe(true),
    );
  });

  test('a new signature with nothing drawn is refused; drawn it is posted as PNG', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(png);
    renderInApp(<ProfilePage />);
    openTab('个人签名');
    fireEvent.click(await screen.findByRole('button', { name: /新建签名/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请签名', { selector: '.ant-message *' })).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    const canvas = within(dialog).getByTestId('signature-canvas');
    fireEvent.pointerDown(canvas, { clientX: 5, clientY: 5, button: 0, pointerId: 1 });
    fireEvent.pointerMove(canvas, { clientX: 50, clientY: 50, pointerId: 1 });
    fireEvent.pointerUp(canvas, { pointerId: 1 });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST' && r.path === `${base}/SignImg`)?.body).toEqual({ signImg: png }),
    );
  });
});
