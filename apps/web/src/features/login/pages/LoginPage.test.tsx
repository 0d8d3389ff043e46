import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { Providers } from '../../../app/providers.tsx';
import { i18n } from '../../../shared/i18n/index.ts';
import { useSession } from '../../../shared/session/store.ts';
import { fakeServerByPath } from '../../../test-app.tsx';
import { fakeCurrentUser, fakeLoginConfig, fakeMenuNode } from '../../../test-wire.ts';
import { resetLoginConfig } from '../useLogin.ts';
import LoginPage from './LoginPage.tsx';

// Only the network boundary is replaced; an unknown path fails like a server that is not there.
const server = fakeServerByPath();
const { requests } = server;

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
});

beforeEach(() => {
  resetLoginConfig();
  useSession.setState({ token: '', userInfo: null });
});

function UserPage() {
  return <p>user page</p>;
}

function renderLogin(entry = '/login') {
  const router = createMemoryRouter(
    [
      { path: '/login', Component: LoginPage },
      { path: '/system/user', Component: UserPage },
      { path: '/noMenu', Component: () => <p>no-menu page</p> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

const submitButton = () => screen.getByRole('button', { name: /登\s*录/ });

describe('login page (zh-CN)', () => {
  test('shows the three tabs and renders with fallbacks when the server is away', async () => {
    renderLogin();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['账号登录', '扫码登录', '验证码登录']);
    expect(screen.getByPlaceholderText('请输入账号')).toBeTruthy();
    expect(screen.getByPlaceholderText('请输入密码')).toBeTruthy();
    expect(screen.getAllByText('低代码开发平台').length).toBeGreaterThan(0);
  });

  test('empty account and password are refused with their messages', async () => {
    renderLogin();
    fireEvent.click(submitButton());
    expect(await screen.findByText('请输入账号', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(await screen.findByText('请输入密码', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(requests.some((request) => request.path === '/api/oauth/Login')).toBe(false);
  });

  test('verification-code tab: a wrong mobile number says 请输入正确的手机号', async () => {
    renderLogin();
    fireEvent.click(await screen.findByRole('tab', { name: '验证码登录' }));
    const mobile = await screen.findByPlaceholderText('请输入手机号');
    fireEvent.change(mobile, { target: { value: '12345678901' } });
    const panel = mobile.closest('form') as HTMLFormElement;
    fireEvent.click(within(panel).getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('请输入正确的手机号')).toBeTruthy();
    expect(requests.some((request) => request.path === '/api/oauth/sendSmsCode')).toBe(false);
  });

  test('signs in with the encrypted password and goes to the redirect', async () => {
    server.routes['/api/oauth/getLoginConfig'] = () => ({ code: 200, msg: 'ok', data: fakeLoginConfig() });
    server.routes['/api/oauth/getConfig/admin'] = () => ({
      code: 200,
      msg: 'ok',
      data: { enableVerificationCode: false, verificationCodeNumber: 4 },
    });
    server.routes['/api/oauth/Login'] = () => ({
      code: 200,
      msg: 'ok',
      data: { token: 'Bearer t1', theme: 'classic' },
    });
    server.routes['/api/oauth/CurrentUser'] = () => ({
      code: 200,
      msg: 'ok',
      data: fakeCurrentUser({ menuList: [fakeMenuNode({ id: '1' })], userInfo: { userName: '管理员' } }),
    });
    const router = renderLogin('/login?redirect=%2Fsystem%2Fuser');
    fireEvent.change(await screen.findByPlaceholderText('请输入账号'), { target: { value: ' admin ' } });
    fireEvent.change(screen.getByPlaceholderText('请输入密码'), { target: { value: '123456' } });
    fireEvent.click(submitButton());

    expect(await screen.findByText('user page')).toBeTruthy();
    const login = requests.find((request) => request.path === '/api/oauth/Login');
    const form = new URLSearchParams(String(login?.init.body));
    expect(form.get('account')).toBe('admin');
    expect(form.get('password')).toBe(
      '0141e448f84d2cd13e1a5bf9429ee5c35d0eb5c544aed9bc182fe49ccc0c8557a229e03f24a483b5f63d74677b8c4a66',
    );
    expect(form.get('origin')).toBe('password');
    expect(form.get('grant_type')).toBe('password');
    const currentUser = requests.find((request) => request.path === '/api/oauth/CurrentUser');
    expect(new Headers(currentUser?.init.headers).get('Authorization')).toBe('Bearer t1');
    expect(useSession.getState()).toMatchObject({ token: 'Bearer t1', userInfo: { userName: '管理员' } });
    expect(router.state.location.pathname).toBe('/system/user');
  });

  test('an empty menu list is refused: the no-menu page says so, the session stays for a grant made meanwhile', async () => {
    server.routes['/api/oauth/getLoginConfig'] = () => ({ code: 200, msg: 'ok', data: fakeLoginConfig() });
    server.routes['/api/oauth/Login'] = () => ({
      code: 200,
      msg: 'ok',
      data: { token: 'Bearer t2', theme: 'classic' },
    });
    server.routes['/api/oauth/CurrentUser'] = () => ({
      code: 200,
      msg: 'ok',
      data: fakeCurrentUser({ menuList: [] }),
    });
    renderLogin();
    fireEvent.change(await screen.findByPlaceholderText('请输入账号'), { target: { value: 'clerk' } });
    fireEvent.change(screen.getByPlaceholderText('请输入密码'), { target: { value: 'x' } });
    fireEvent.click(submitButton());
    expect(await screen.findByText('no-menu page')).toBeTruthy();
    expect(useSession.getState().token).toBe('Bearer t2');
  });

  test('a captcha is shown when getConfig asks for one, and sent with its key', async () => {
    server.routes['/api/oauth/getConfig/admin'] = () => ({
      code: 200,
      msg: 'ok',
      data: { enableVerificationCode: true, verificationCodeNumber: 4 },
    });
    renderLogin();
    const account = await screen.findByPlaceholderText('请输入账号');
    fireEvent.change(account, { target: { value: 'admin' } });
    fireEvent.blur(account);
    const image = await screen.findByAltText('验证码');
    expect(image.getAttribute('src')).toMatch(/^\/api\/file\/ImageCode\/\d+$/);
    fireEvent.click(image);
    expect(screen.getByPlaceholderText('请输入验证码')).toBeTruthy();
  });
});
