import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { Providers } from '../../../app/providers.tsx';
import { QueryProvider, queryClient } from '../../../app/query-client.tsx';
import { i18n } from '../../../shared/i18n/index.ts';
import { useSession } from '../../../shared/session/store.ts';
import { ResetPasswordDialog } from './ResetPasswordDialog.tsx';
import { UserForm } from './UserForm.tsx';

const requests: { url: URL; init: RequestInit }[] = [];

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
  await i18n.loadNamespaces('user');
});
beforeEach(() => {
  requests.length = 0;
  queryClient.clear();
  useSession.setState({ token: 'Bearer t1', userInfo: { userAccount: 'admin', userName: '管理员' }, locked: false });
  vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    requests.push({ url, init });
    return new Response(
      JSON.stringify({ code: 200, msg: '重置密码成功', data: url.pathname.includes('Selector') ? { list: [] } : null }),
      {
        headers: { 'Content-Type': 'application/json' },
      },
    );
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderIn = (element: React.ReactNode) =>
  render(
    <Providers>
      <QueryProvider>{element}</QueryProvider>
    </Providers>,
  );
const errors = () => Array.from(document.querySelectorAll('.ant-form-item-explain-error'), (node) => node.textContent);
const ok = () => fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));

describe('user form (zh-CN messages)', () => {
  test('empty: account, name and organisation are required', async () => {
    renderIn(<UserForm target={{}} onClose={() => {}} onSaved={() => {}} />);
    await screen.findByText('新建用户');
    ok();
    await waitFor(() => expect(errors()).toEqual(['请输入账户', '请输入名称', '请选择所属组织']));
    expect(requests.some((r) => r.init.method === 'POST')).toBe(false);
  });

  test('account letters and digits only, name at most 50, mobile and email patterns', async () => {
    renderIn(<UserForm target={{}} onClose={() => {}} onSaved={() => {}} />);
    await screen.findByText('新建用户');
    fireEvent.change(screen.getByLabelText('账户'), { target: { value: 'zhang san' } });
    fireEvent.change(screen.getByLabelText('姓名'), { target: { value: '张'.repeat(51) } });
    fireEvent.change(screen.getByLabelText('手机'), { target: { value: '12345' } });
    fireEvent.change(screen.getByLabelText('邮箱'), { target: { value: 'not-mail' } });
    ok();
    await waitFor(() =>
      expect(errors()).toEqual(
        expect.arrayContaining([
          '只能输入数字英文',
          '名称最多为50个字符！',
          '请正确输入您的手机号',
          '请正确输入您的邮箱地址',
        ]),
      ),
    );
  });
});

describe('reset password dialog', () => {
  test('400 px; required, pattern and repeat messages', async () => {
    renderIn(<ResetPasswordDialog user={{ id: 'u1', account: 'zhangsan' }} onClose={() => {}} />);
    await screen.findByText('重置密码 - zhangsan');
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('400px');
    ok();
    await waitFor(() => expect(errors()).toEqual(['请输入新密码', '请再次输入密码']));
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'abcdef' } });
    fireEvent.change(screen.getByLabelText('确认密码'), { target: { value: 'abcdeg' } });
    ok();
    await waitFor(() => expect(errors()).toEqual(['6-16位字符的密码（数字和字母组成）', '两次密码输入不一致']));
  });

  test('only the MD5 hex of the new password travels, in both fields', async () => {
    const onClose = vi.fn();
    renderIn(<ResetPasswordDialog user={{ id: 'u1', account: 'zhangsan' }} onClose={onClose} />);
    await screen.findByText('重置密码 - zhangsan');
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'abc123' } });
    fireEvent.change(screen.getByLabelText('确认密码'), { target: { value: 'abc123' } });
    ok();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = requests.find((r) => r.url.pathname === '/api/permission/Users/u1/Actions/ResetPassword');
    expect(JSON.parse(String(sent?.init.body))).toEqual({
      userPassword: 'e99a18c428cb38d5f260853678922e03',
      validatePassword: 'e99a18c428cb38d5f260853678922e03',
    });
  });
});
