import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { QueryProvider, queryClient } from '../../app/query-client.tsx';
import { i18n } from '../../shared/i18n/index.ts';
import { useSession } from '../../shared/session/store.ts';
import { fakeServerByPath, signIn } from '../../test-app.tsx';
import { fakeLoginConfig, fakeUserInfo } from '../../test-wire.ts';
import { ResetPasswordDialog } from './ResetPasswordDialog.tsx';
import { FirstLoginPasswordCheck } from './useFirstLoginPasswordCheck.tsx';

// Only the network boundary is replaced; an unknown path fails like a server that is not there.
const server = fakeServerByPath();
const { requests } = server;
const cipherKey = 'EY8WePvjM5GGwQzn';
const policyOff = {
  passwordStrengthLimit: 0,
  passwordLengthMin: 0,
  passwordLengthMinNumber: 6,
  containsNumbers: 0,
  includeLowercaseLetters: 0,
  includeUppercaseLetters: 0,
  containsCharacters: 0,
  mandatoryModificationOfInitialPassword: 0,
};

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
  await i18n.loadNamespaces('password');
});

beforeEach(() => {
  server.routes = {
    '/api/oauth/PasswordPolicy': () => ({ code: 200, msg: 'Success', data: policyOff }),
    '/api/oauth/getLoginConfig': () => ({ code: 200, msg: 'Success', data: fakeLoginConfig({ cipherKey }) }),
  };
  queryClient.clear();
  signIn({ userAccount: 'zhangsan', userName: '张三' });
});

function renderIn(element: React.ReactNode) {
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
  render(
    <Providers>
      <QueryProvider>
        <RouterProvider router={router} />
      </QueryProvider>
    </Providers>,
  );
}

const onClose = vi.fn();
const renderDialog = () => renderIn(<ResetPasswordDialog open onClose={onClose} />);
const errors = () => Array.from(document.querySelectorAll('.ant-form-item-explain-error'), (node) => node.textContent);
const field = (placeholder: string, value: string) =>
  fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });
const ok = () => fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));

describe('reset-password dialog (zh-CN, shell.md §5)', () => {
  test('600 px, four fields and a captcha image', async () => {
    renderDialog();
    expect(await screen.findByText('修改密码')).toBeTruthy();
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('600px');
    for (const label of ['旧密码', '新密码', '重复密码', '验证码']) expect(screen.getByText(label)).toBeTruthy();
    expect(screen.getByRole('img', { name: '验证码' }).getAttribute('src')).toMatch(/^\/api\/file\/ImageCode\/\d+$/);
  });

  test('empty fields: each required message', async () => {
    renderDialog();
    await screen.findByText('修改密码');
    ok();
    await waitFor(() =>
      expect(errors()).toEqual(['旧密码不能为空', '新密码不能为空', '重复密码不能为空', '验证码不能为空']),
    );
    expect(requests.some((r) => r.path.endsWith('ModifyPassword'))).toBe(false);
  });

  test('the repeat must equal the new password', async () => {
    renderDialog();
    await screen.findByText('修改密码');
    field('请输入旧密码', 'old');
    field('请输入新密码', 'abc12345');
    field('请再次输入新密码', 'abc12346');
    field('请输入验证码', '1234');
    ok();
    await waitFor(() => expect(errors()).toEqual(['两次密码输入不一致']));
  });

  test.each([
    ['abc', { passwordLengthMin: 1, passwordLengthMinNumber: 8 }, '新密码长度不能小于8位'],
    ['abcdefgh', { containsNumbers: 1 }, '新密码必须包含数字'],
    ['ABCDEFG1', { includeLowercaseLetters: 1 }, '新密码必须包含小写字母'],
    ['abcdefg1', { includeUppercaseLetters: 1 }, '新密码必须包含大写字母'],
    ['Abcdefg1', { containsCharacters: 1 }, '新密码必须包含字符'],
  ])('policy on: %s gives %s', async (password, rules, message) => {
    server.routes['/api/oauth/PasswordPolicy'] = () => ({
      code: 200,
      data: { ...policyOff, passwordStrengthLimit: 1, ...rules },
    });
    renderDialog();
    await screen.findByText('修改密码');
    await waitFor(() => expect(requests.some((r) => r.path === '/api/oauth/PasswordPolicy')).toBe(true));
    field('请输入新密码', password);
    await waitFor(() => expect(errors()).toContain(message));
  });

  test('the same rules with the policy off accept any non-empty password', async () => {
    // Every rule set, only the switch off: none of them may apply.
    server.routes['/api/oauth/PasswordPolicy'] = () => ({
      code: 200,
      data: {
        ...policyOff,
        passwordLengthMin: 1,
        passwordLengthMinNumber: 8,
        containsNumbers: 1,
        includeLowercaseLetters: 1,
        includeUppercaseLetters: 1,
        containsCharacters: 1,
      },
    });
    renderDialog();
    await screen.findByText('修改密码');
    await waitFor(() => expect(requests.some((r) => r.path === '/api/oauth/PasswordPolicy')).toBe(true));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    field('请输入新密码', 'ab');
    // The repeat, checked after the new password, answers with its own message: by then the new
    // password's check has answered too, and it found nothing.
    field('请再次输入新密码', 'abc');
    await waitFor(() => expect(errors()).toContain('两次密码输入不一致'));
    expect(errors()).toEqual(['两次密码输入不一致']);
  });

  test('sends MD5 digests, the captcha key and, with the policy on, the cipher; shows the server msg', async () => {
    server.routes['/api/oauth/PasswordPolicy'] = () => ({
      code: 200,
      data: { ...policyOff, passwordStrengthLimit: 1 },
    });
    server.routes['/api/permission/Users/Current/Actions/ModifyPassword'] = () => ({ code: 200, msg: '密码修改成功' });
    renderDialog();
    await screen.findByText('修改密码');
    const key = screen.getByRole('img', { name: '验证码' }).getAttribute('src')?.split('/').pop();
    field('请输入旧密码', '123456');
    field('请输入新密码', '654321');
    field('请再次输入新密码', '654321');
    field('请输入验证码', 'K7pQ');
    const changedAfter = Date.now();
    ok();
    expect(await screen.findByText('密码修改成功')).toBeTruthy();
    const call = requests.find((r) => r.path.endsWith('/ModifyPassword'));
    expect(JSON.parse(String(call?.init.body))).toEqual({
      oldPassword: 'e10adc3949ba59abbe56e057f20f883e',
      password: 'c33367701511b4f6020ec61ded352059',
      code: 'K7pQ',
      timestamp: key,
      // AES-128-ECB of the clear new password with the login cipher key.
      passwordCipher: 'aaf2641523b8724bcf632f7cd7773e48',
    });
    expect(onClose).toHaveBeenCalled();
    expect(useSession.getState().token).toBe('Bearer t1');
    // The session learns the password was changed now: the first-login check does not ask again.
    expect(useSession.getState().userInfo?.changePasswordDate).toBeGreaterThanOrEqual(changedAfter);
    expect(useSession.getState().userInfo?.changePasswordDate).toBeLessThanOrEqual(Date.now());
  });

  test('a refused change gets a new captcha', async () => {
    server.routes['/api/permission/Users/Current/Actions/ModifyPassword'] = () => ({ code: 400, msg: '验证码错误' });
    renderDialog();
    await screen.findByText('修改密码');
    const before = screen.getByRole('img', { name: '验证码' }).getAttribute('src');
    field('请输入旧密码', '123456');
    field('请输入新密码', '654321');
    field('请再次输入新密码', '654321');
    field('请输入验证码', 'zzzz');
    // The next captcha key starts with the time in ms: let the clock pass the shown key's millisecond.
    const shownAt = Date.now();
    await waitFor(() => expect(Date.now()).toBeGreaterThan(shownAt));
    ok();
    expect(await screen.findByText('验证码错误')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('img', { name: '验证码' }).getAttribute('src')).not.toBe(before));
    expect((screen.getByPlaceholderText('请输入验证码') as HTMLInputElement).value).toBe('');
  });
});

describe('first login (shell.md §4)', () => {
  test('opens by itself, forced, when the password was never changed and the policy demands it', async () => {
    server.routes['/api/oauth/PasswordPolicy'] = () => ({
      code: 200,
      data: { ...policyOff, mandatoryModificationOfInitialPassword: 1 },
    });
    renderIn(<FirstLoginPasswordCheck />);
    expect(await screen.findByText('首次登录，请先修改初始密码')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /取\s*消/ })).toBeNull();
    expect(screen.getByRole('button', { name: '退出登录' })).toBeTruthy();
  });

  test('stays closed when the password was changed before', async () => {
    server.routes['/api/oauth/PasswordPolicy'] = () => ({
      code: 200,
      data: { ...policyOff, mandatoryModificationOfInitialPassword: 1 },
    });
    useSession.setState({ userInfo: fakeUserInfo({ userAccount: 'zhangsan', changePasswordDate: 1_700_000_000_000 }) });
    renderIn(
      <>
        <FirstLoginPasswordCheck />
        <span data-testid="mounted" />
      </>,
    );
    await screen.findByTestId('mounted');
    // Mounted with its effects run: a check that wanted the policy would be fetching it or have fetched it.
    expect(queryClient.isFetching()).toBe(0);
    expect(requests.map((r) => r.path)).not.toContain('/api/oauth/PasswordPolicy');
    expect(screen.queryByText('修改密码')).toBeNull();
  });
});

describe('regular password change (passwordIsUpdatedRegularly)', () => {
  test('an expired password opens the forced dialog with the server’s words', async () => {
    useSession.setState({
      userInfo: fakeUserInfo({
        userAccount: 'zhangsan',
        changePasswordDate: 1_700_000_000_000,
        passwordExpired: true,
        passwordNotice: '您的密码已过期，请修改密码',
      }),
    });
    renderIn(<FirstLoginPasswordCheck />);
    expect(await screen.findByText('您的密码已过期，请修改密码')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /取\s*消/ })).toBeNull();
    expect(screen.getByRole('button', { name: '退出登录' })).toBeTruthy();
  });

  test('a password expiring soon is told once, without a dialog', async () => {
    useSession.setState({
      userInfo: fakeUserInfo({
        userAccount: 'zhangsan',
        changePasswordDate: 1_700_000_000_000,
        passwordExpired: false,
        passwordNotice: '您的密码将于 5 天后过期，请及时修改密码',
      }),
    });
    renderIn(<FirstLoginPasswordCheck />);
    expect(await screen.findByText('您的密码将于 5 天后过期，请及时修改密码')).toBeTruthy();
    expect(screen.queryByText('修改密码')).toBeNull();
  });
});
