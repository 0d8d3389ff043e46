import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { Providers } from '../../../app/providers.tsx';
import { i18n } from '../../../shared/i18n/index.ts';
import { useSession } from '../../../shared/session/store.ts';
import { fakeLoginConfig, wireResponse } from '../../../test-wire.ts';
import LoginPage from '../pages/LoginPage.tsx';
import { resetLoginConfig } from '../useLogin.ts';

// The lazily loaded cipher cannot do its work (its chunk or its WebAssembly failed to load).
vi.mock('../../../shared/crypto/login-cipher.ts', () => ({
  encryptLoginPassword: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
}));

const requests: string[] = [];

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
});

beforeEach(() => {
  requests.length = 0;
  resetLoginConfig();
  useSession.setState({ token: '', userInfo: null, locked: false });
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://localhost');
    requests.push(url.pathname);
    const body =
      url.pathname === '/api/oauth/getLoginConfig'
        ? { code: 200, msg: 'ok', data: fakeLoginConfig() }
        : { code: 200, msg: 'ok', data: { enableVerificationCode: false, verificationCodeNumber: 4 } };
    return wireResponse('GET', url, body);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test('a cipher that cannot load is said plainly, and no login is sent', async () => {
  const router = createMemoryRouter([{ path: '/login', Component: LoginPage }], { initialEntries: ['/login'] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  fireEvent.change(await screen.findByPlaceholderText('请输入账号'), { target: { value: 'admin' } });
  fireEvent.change(screen.getByPlaceholderText('请输入密码'), { target: { value: '123456' } });
  fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
  expect(await screen.findByText('登录加密组件加载失败，请刷新页面重试')).toBeTruthy();
  expect(requests).not.toContain('/api/oauth/Login');
  expect(useSession.getState().token).toBe('');
});
