import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { QueryProvider, queryClient } from '../../app/query-client.tsx';
import { i18n } from '../../shared/i18n/index.ts';
import { useSession } from '../../shared/session/store.ts';
import { storageKey } from '../../shared/storage.ts';
import { fakeServerByPath, signIn } from '../../test-app.tsx';
import { isLocked, lock, lockScreenPath, unlock } from './lock-state.ts';
import LockScreenPage from './pages/LockScreenPage.tsx';

// Only the network boundary is replaced; an unknown path fails like a server that is not there.
const server = fakeServerByPath();
const { requests } = server;

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
  await i18n.loadNamespaces('lockScreen');
});

beforeEach(() => {
  queryClient.clear();
  localStorage.clear();
  signIn({ userAccount: 'zhangsan', userName: '张三' });
});

const stored = () => JSON.parse(localStorage.getItem(storageKey('session')) ?? 'null')?.state;

describe('lock state', () => {
  test('locking is saved with the session, so a reload finds it', async () => {
    expect(isLocked()).toBe(false);
    lock();
    expect(isLocked()).toBe(true);
    expect(stored()).toMatchObject({ token: 'Bearer t1', locked: true });

    // A reload: the store starts empty and reads the saved session back.
    const saved = localStorage.getItem(storageKey('session')) ?? '';
    useSession.setState({ token: '', userInfo: null, locked: false });
    localStorage.setItem(storageKey('session'), saved);
    expect(isLocked()).toBe(false);
    await useSession.persist.rehydrate();
    expect(isLocked()).toBe(true);
  });

  test('unlock clears the flag', () => {
    lock();
    unlock();
    expect(isLocked()).toBe(false);
    expect(stored()).toMatchObject({ locked: false });
  });

  test('the end of the session ends the lock; without a session nothing can be locked', () => {
    lock();
    useSession.getState().reset();
    expect(isLocked()).toBe(false);
    lock();
    expect(isLocked()).toBe(false);
  });
});

function renderLockScreen() {
  const router = createMemoryRouter(
    [
      { path: lockScreenPath, Component: LockScreenPage },
      { path: '/', Component: () => <p>home page</p> },
      { path: '/login', Component: () => <p>login page</p> },
    ],
    { initialEntries: [lockScreenPath] },
  );
  render(
    <Providers>
      <QueryProvider>
        <RouterProvider router={router} />
      </QueryProvider>
    </Providers>,
  );
  return router;
}

describe('lock screen page (zh-CN)', () => {
  test('shows the user and unlocks with Enter once the server accepts the password', async () => {
    lock();
    server.routes['/api/oauth/LockScreen'] = () => ({ code: 200, msg: '已解锁' });
    const router = renderLockScreen();
    expect(await screen.findByText('张三')).toBeTruthy();
    const input = screen.getByPlaceholderText('请输入密码解锁');
    fireEvent.change(input, { target: { value: '123456' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(isLocked()).toBe(false);
    const call = requests.find((request) => request.path === '/api/oauth/LockScreen');
    expect(JSON.parse(String(call?.init.body))).toEqual({
      account: 'zhangsan',
      password: 'e10adc3949ba59abbe56e057f20f883e',
    });
  });

  test('a wrong password shows the server message and stays locked', async () => {
    lock();
    server.routes['/api/oauth/LockScreen'] = () => ({ code: 400, msg: '账号或密码错误，还可尝试4次' });
    renderLockScreen();
    const input = await screen.findByPlaceholderText('请输入密码解锁');
    fireEvent.change(input, { target: { value: 'wrong' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(await screen.findByText('账号或密码错误，还可尝试4次')).toBeTruthy();
    expect(isLocked()).toBe(true);
  });

  test('an empty password is not sent', async () => {
    lock();
    renderLockScreen();
    const input = await screen.findByPlaceholderText('请输入密码解锁');
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(await screen.findByText('请输入密码')).toBeTruthy();
    expect(requests.some((request) => request.path === '/api/oauth/LockScreen')).toBe(false);
  });

  test('"log in again" signs out and goes to the login page', async () => {
    lock();
    server.routes['/api/oauth/Logout'] = () => ({ code: 200, msg: '已退出' });
    renderLockScreen();
    fireEvent.click(await screen.findByRole('button', { name: '重新登录' }));
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(useSession.getState().token).toBe('');
    expect(requests.some((request) => request.path === '/api/oauth/Logout')).toBe(true);
  });
});
