import type { SynThirdTotal, SysConfigView } from '@platform/shared';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { QueryProvider, queryClient } from '../../app/query-client.tsx';
import { i18n } from '../../shared/i18n/index.ts';
import { useSession } from '../../shared/session/store.ts';
import { fakeUserInfo, wireResponse } from '../../test-wire.ts';
import SysConfigPage from './pages/SysConfigPage.tsx';
import { limitsOf, tabFields, toFormValues, toSettings } from './settings.ts';

/** Settings as `GET /api/system/SysConfig` answers them: text, numbers, flags 0/1. */
const stored: SysConfigView = {
  sysName: '低代码平台',
  sysVersion: 'v1.0',
  title: '平台',
  copyright: '© 2026',
  sysDescription: '',
  companyName: '',
  companyCode: '',
  companyAddress: '',
  companyContacts: '',
  companyTelePhone: '',
  companyEmail: '',
  logoIcon: '',
  workLogoIcon: '',
  navigationIcon: '',
  loginIcon: '',
  appIcon: '',
  singleLogin: 1,
  tokenTimeout: 60,
  passwordErrorsNumber: 5,
  lockType: 1,
  lockTime: 10,
  enableVerificationCode: 0,
  verificationCodeNumber: 4,
  captchaAfterErrorsNumber: 3,
  lastLoginTimeSwitch: 1,
  whitelistSwitch: 0,
  whiteListIp: '',
  passwordStrengthLimit: 1,
  passwordLengthMin: 1,
  passwordLengthMinNumber: 8,
  containsNumbers: 1,
  includeLowercaseLetters: 0,
  includeUppercaseLetters: 0,
  containsCharacters: 0,
  passwordIsUpdatedRegularly: 0,
  updateCycle: 90,
  updateInAdvance: 7,
  disableOldPassword: 0,
  disableTheNumberOfOldPasswords: 3,
  mandatoryModificationOfInitialPassword: 1,
  newUserDefaultPassword: '123456',
  emailSmtpHost: '',
  emailSmtpPort: 465,
  emailSsl: 1,
  emailAccount: '',
  emailPassword: '',
  emailSenderName: '',
  mapServiceKey: '',
  qyhCorpId: 'corp-1',
};

describe('settings ↔ form values', () => {
  test('flags become switches (booleans) and go back as 1/0; numbers and text stay as they are', () => {
    const values = toFormValues(stored, tabFields.security);
    expect(values).toMatchObject({
      singleLogin: 1,
      tokenTimeout: 60,
      enableVerificationCode: false,
      lastLoginTimeSwitch: true,
      passwordStrengthLimit: true,
      whiteListIp: '',
      newUserDefaultPassword: '123456',
    });
    const saved = toSettings(
      { ...values, enableVerificationCode: true, lastLoginTimeSwitch: false, tokenTimeout: 120 },
      tabFields.security,
    );
    expect(saved).toMatchObject({
      enableVerificationCode: 1,
      lastLoginTimeSwitch: 0,
      tokenTimeout: 120,
      singleLogin: 1,
    });
  });

  test('a tab saves its own settings and nothing else', () => {
    const saved = toSettings({ ...toFormValues(stored, tabFields.mail), sysName: 'x' }, tabFields.mail);
    expect(Object.keys(saved).sort()).toEqual([...tabFields.mail].sort());
    expect(saved).toEqual({
      emailSmtpHost: '',
      emailSmtpPort: 465,
      emailSsl: 1,
      emailAccount: '',
      emailPassword: '',
      emailSenderName: '',
    });
  });

  test('a setting the server has not sent starts empty or off', () => {
    expect(toFormValues({}, ['sysName', 'emailSsl', 'emailSmtpPort'])).toEqual({
      sysName: '',
      emailSsl: false,
      emailSmtpPort: null,
    });
  });

  test('the limits are the server schema’s', () => {
    expect(limitsOf('tokenTimeout')).toMatchObject({ kind: 'integer', min: 5, max: 43_200 });
    expect(limitsOf('sysName')).toMatchObject({ kind: 'text', required: true, maxLength: 100 });
    expect(limitsOf('newUserDefaultPassword')).toMatchObject({ required: true, minLength: 6 });
    expect(limitsOf('singleLogin').kind).toBe('choice');
    expect(limitsOf('emailSsl').kind).toBe('flag');
    expect(limitsOf('logoIcon').pattern?.test('javascript:alert(1)')).toBe(false);
    expect(limitsOf('logoIcon').pattern?.test('/api/file/Image/logo.png')).toBe(true);
  });
});

describe('the page', () => {
  const puts: unknown[] = [];
  beforeAll(async () => {
    await i18n.changeLanguage('zh-CN');
    await i18n.loadNamespaces(['sysConfig']);
  });
  beforeEach(() => {
    puts.length = 0;
    queryClient.clear();
    useSession.setState({ token: 'Bearer t1', userInfo: fakeUserInfo({ userAccount: 'admin' }), locked: false });
    vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const method = init.method ?? 'GET';
      if (method === 'PUT') {
        puts.push(JSON.parse(String(init.body)));
        return wireResponse(method, url, { code: 200, msg: '保存成功', data: null });
      }
      return wireResponse(method, url, { code: 200, data: stored });
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const renderPage = () =>
    render(
      <Providers>
        <QueryProvider>
          <SysConfigPage />
        </QueryProvider>
      </Providers>,
    );

  test('the security tab saves its switches as 1/0, and only its own settings', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: '安全设置' }));
    const form = await screen.findByRole('form', { name: '安全设置' });
    fireEvent.click(within(form).getByRole('switch', { name: '登录验证码' }));
    fireEvent.click(within(form).getByRole('switch', { name: '显示上次登录信息' }));
    fireEvent.click(within(form).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(puts).toHaveLength(1));
    const sent = puts[0] as Record<string, unknown>;
    expect(Object.keys(sent).sort()).toEqual([...tabFields.security].sort());
    expect(sent).toMatchObject({ enableVerificationCode: 1, lastLoginTimeSwitch: 0, passwordStrengthLimit: 1 });
    expect(await screen.findByText('保存成功')).toBeTruthy();
  });

  test('an empty system name is refused on the form and nothing is sent', async () => {
    renderPage();
    const form = await screen.findByRole('form', { name: '基本设置' });
    await waitFor(() => expect((within(form).getByLabelText('系统名称') as HTMLInputElement).value).toBe('低代码平台'));
    fireEvent.change(within(form).getByLabelText('系统名称'), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: /保\s*存/ }));
    expect(await within(form).findByText('请输入系统名称')).toBeTruthy();
    expect(puts).toHaveLength(0);
  });

  test('WeCom: the connection test sends the form as typed; synchronisation asks first and shows the new totals', async () => {
    const calls: { method: string; path: string; type: string | null; body: unknown }[] = [];
    let totals: SynThirdTotal[] = [
      { synType: '组织', recordTotal: 5, synSuccessCount: 0, synFailCount: 0, unSynCount: 5, synDate: null },
      { synType: '用户', recordTotal: 9, synSuccessCount: 0, synFailCount: 0, unSynCount: 9, synDate: null },
    ];
    vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const method = init.method ?? 'GET';
      calls.push({
        method,
        path: url.pathname,
        type: url.searchParams.get('type'),
        body: init.body ? JSON.parse(String(init.body)) : null,
      });
      if (url.pathname.endsWith('/testQyWebChatConnect')) {
        return wireResponse(method, url, { code: 200, msg: '测试连接成功', data: null });
      }
      if (url.pathname.startsWith('/api/system/SynThirdInfo/getSynThirdTotal/')) {
        return wireResponse(method, url, { code: 200, data: totals });
      }
      if (url.pathname === '/api/system/SynThirdInfo/synAllOrganizeSysToQy') {
        totals = [
          { ...totals[0]!, synSuccessCount: 4, synFailCount: 1, unSynCount: 0, synDate: 1_780_000_000_000 },
          totals[1]!,
        ];
        return wireResponse(method, url, { code: 200, msg: '同步完成', data: totals[0] });
      }
      return wireResponse(method, url, { code: 200, data: stored });
    });
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: '企业微信' }));
    const form = await screen.findByRole('form', { name: '企业微信' });
    await waitFor(() => expect((within(form).getByLabelText('企业 ID') as HTMLInputElement).value).toBe('corp-1'));
    fireEvent.change(within(form).getByLabelText('通讯录 Secret'), { target: { value: 'typed-secret' } });
    fireEvent.click(within(form).getByRole('button', { name: '测试通讯录连接' }));
    expect(await screen.findByText('测试连接成功')).toBeTruthy();
    const test = calls.find((c) => c.path.endsWith('/testQyWebChatConnect'));
    expect(test).toMatchObject({
      method: 'POST',
      path: '/api/system/SysConfig/1/testQyWebChatConnect',
      body: { qyhCorpId: 'corp-1', qyhCorpSecret: 'typed-secret', qyhIsSynOrg: 0 },
    });
    // Nothing was saved by the test.
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    const table = await screen.findByRole('table');
    const organizes = (await within(table).findByText('组织')).closest('tr') as HTMLElement;
    expect(within(organizes).getByText('从未同步')).toBeTruthy();
    fireEvent.click(within(organizes).getByRole('button', { name: '从企业微信同步' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/确定从企业微信同步到本系统/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('同步完成')).toBeTruthy();
    expect(calls.find((c) => c.path.startsWith('/api/system/SynThirdInfo/synAll'))).toMatchObject({
      path: '/api/system/SynThirdInfo/synAllOrganizeSysToQy',
      type: '1',
    });
    await waitFor(() => expect(within(organizes).queryByText('从未同步')).toBeNull());
    expect(within(organizes).getAllByText('4').length).toBeGreaterThan(0);
  });
});
