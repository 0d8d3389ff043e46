import { fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { queryClient } from '../../../app/query-client.tsx';
import { i18n } from '../../../shared/i18n/index.ts';
import { useShell } from '../../../shared/shell/shell-store.ts';
import { type FakeRequest, renderInApp, signIn, stubServer } from '../../../test-app.tsx';
import { ResetPasswordDialog } from './ResetPasswordDialog.tsx';
import { UserForm } from './UserForm.tsx';

const requests: FakeRequest[] = [];
/** Answers by "METHOD /path" for a test; anything else gets an empty list (pickers) or null. */
let answers: Record<string, unknown> = {};
/** What the server answers the calls a test does not look at. */
const quietAnswers: Record<string, unknown> = {
  'GET /api/system/DictionaryData/All': { list: [] },
  'POST /api/permission/Users': { id: 'u-new' },
  'GET /api/oauth/PasswordPolicy': policy({ passwordStrengthLimit: 0 }),
};

function policy(over: Record<string, number>) {
  return {
    passwordStrengthLimit: 1,
    passwordLengthMin: 0,
    passwordLengthMinNumber: 0,
    containsNumbers: 0,
    includeLowercaseLetters: 0,
    includeUppercaseLetters: 0,
    containsCharacters: 0,
    mandatoryModificationOfInitialPassword: 0,
    ...over,
  };
}

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
  await i18n.loadNamespaces(['user', 'password']);
});
beforeEach(() => {
  requests.length = 0;
  answers = {};
  queryClient.clear();
  signIn();
  stubServer((request) => {
    requests.push(request);
    const key = `${request.method} ${request.path}`;
    const data =
      key in answers ? answers[key] : (quietAnswers[key] ?? (request.path.includes('Selector') ? { list: [] } : null));
    return { code: 200, msg: '重置密码成功', data };
  });
});
afterEach(() => vi.unstubAllGlobals());
const errors = () => Array.from(document.querySelectorAll('.ant-form-item-explain-error'), (node) => node.textContent);
const ok = () => fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));

describe('user form (zh-CN messages)', { timeout: 20_000 }, () => {
  test('empty: account, name and organisation are required', async () => {
    renderInApp(<UserForm target={{}} onClose={() => {}} onSaved={() => {}} />);
    await screen.findByText('新建用户');
    ok();
    await waitFor(() => expect(errors()).toEqual(['请输入账户', '请输入名称', '请选择所属组织']));
    expect(requests.some((r) => r.init.method === 'POST')).toBe(false);
  });

  test('account letters and digits only, name at most 50, mobile and email patterns', async () => {
    renderInApp(<UserForm target={{}} onClose={() => {}} onSaved={() => {}} />);
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

/** A user as `GET /api/permission/Users/{id}` answers, every field of protocol.md's body filled in. */
const stored = {
  account: 'zhangsan',
  realName: '张三',
  gender: '1',
  email: 'zs@example.com',
  organizeId: 'o1',
  managerId: 'm1',
  positionId: 'p1',
  ranks: 'P7',
  roleId: 'r1,r2',
  groupId: 'g1',
  sortCode: 3,
  enabledMark: 1,
  description: '老员工',
  headIcon: '/api/file/Image/userAvatar/001.png',
  nation: '汉族',
  nativePlace: '浙江杭州',
  certificatesType: '1',
  certificatesNumber: '11010519491231002X',
  education: '5',
  entryDate: dayjs('2020-03-02').valueOf(),
  birthday: dayjs('1990-05-01').valueOf(),
  telePhone: '0571-88886666',
  landline: '88886666',
  mobilePhone: '13800138000',
  urgentContacts: '李四',
  urgentTelePhone: '13900139000',
  postalAddress: '杭州市西湖区文三路 1 号',
};

function answerForEdit() {
  answers['GET /api/permission/Users/u1'] = { id: 'u1', ...stored, isAdministrator: false, creatorTime: 1 };
  answers['GET /api/system/DictionaryData/All'] = {
    list: [
      {
        id: 't1',
        enCode: 'certificateType',
        fullName: '证件类型',
        isTree: 0,
        dictionaryList: [
          { id: 'e1', enCode: '1', fullName: '身份证', parentId: 't1', hasChildren: false, children: [] },
          { id: 'e2', enCode: '2', fullName: '护照', parentId: 't1', hasChildren: false, children: [] },
        ],
      },
      {
        id: 't2',
        enCode: 'Education',
        fullName: '学历',
        isTree: 0,
        dictionaryList: [{ id: 'e5', enCode: '5', fullName: '本科', parentId: 't2', hasChildren: false, children: [] }],
      },
    ],
  };
  answers['GET /api/permission/Organize/Department/SelectorByAuth/0'] = {
    list: [{ id: 'o1', fullName: '研发部', type: 'department', icon: '', hasChildren: false, children: [] }],
  };
  answers['POST /api/permission/Users/getUserList'] = {
    list: [
      {
        id: 'm1',
        account: 'wangjl',
        realName: '王经理',
        fullName: '王经理/wangjl',
        headIcon: '',
        gender: '',
        organize: '',
        type: 'user',
      },
    ],
  };
}
const shown = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
const sentBody = (method: string, path: string) => {
  const request = requests.find((r) => r.init.method === method && r.url.pathname === path);
  return request ? (JSON.parse(String(request.init.body)) as Record<string, unknown>) : undefined;
};

// Two cards of fields and five pickers take a while to render in happy-dom.
describe('user form: the two cards', { timeout: 20_000 }, () => {
  test('editing shows every stored field and saving sends every one back unchanged', async () => {
    answerForEdit();
    renderInApp(<UserForm target={{ id: 'u1' }} onClose={() => {}} onSaved={() => {}} />);
    await screen.findByText('编辑用户');
    await waitFor(() => expect(shown('民族')).toBe('汉族'));
    expect(screen.getByText('基础信息')).toBeTruthy();
    expect(screen.getByText('个人资料')).toBeTruthy();
    expect(shown('账户')).toBe('zhangsan');
    expect(shown('职级')).toBe('P7');
    expect(shown('籍贯')).toBe('浙江杭州');
    expect(shown('证件号码')).toBe('11010519491231002X');
    // The date pickers write their text a render later.
    await waitFor(() => expect([shown('出生年月'), shown('入职时间')]).toEqual(['1990-05-01', '2020-03-02']));
    expect(shown('办公电话')).toBe('0571-88886666');
    expect(shown('固定电话')).toBe('88886666');
    expect(shown('紧急联系人')).toBe('李四');
    expect(shown('紧急电话')).toBe('13900139000');
    expect(shown('通讯地址')).toBe('杭州市西湖区文三路 1 号');
    // Dictionary codes show by name, the manager and the organisation by name.
    await screen.findByText('身份证');
    await screen.findByText('本科');
    await screen.findByText('王经理/wangjl');
    await screen.findByText('研发部');

    ok();
    await waitFor(() => expect(sentBody('PUT', '/api/permission/Users/u1')).toEqual({ ...stored, id: 'u1' }));
  });

  test('a new user sends every field of the protocol, empty ones as empty text and no dates', async () => {
    renderInApp(<UserForm target={{ organizeId: 'o1' }} onClose={() => {}} onSaved={() => {}} />);
    await screen.findByText('新建用户');
    fireEvent.change(screen.getByLabelText('账户'), { target: { value: 'lisi' } });
    fireEvent.change(screen.getByLabelText('姓名'), { target: { value: '李四' } });
    fireEvent.change(screen.getByLabelText('民族'), { target: { value: ' 回族 ' } });
    ok();
    await waitFor(() => expect(sentBody('POST', '/api/permission/Users')).toBeDefined());
    expect(sentBody('POST', '/api/permission/Users')).toEqual({
      account: 'lisi',
      realName: '李四',
      gender: '',
      email: '',
      organizeId: 'o1',
      managerId: '',
      positionId: '',
      ranks: '',
      roleId: '',
      groupId: '',
      sortCode: 0,
      enabledMark: 1,
      description: '',
      headIcon: '',
      nation: '回族',
      nativePlace: '',
      certificatesType: '',
      certificatesNumber: '',
      education: '',
      entryDate: null,
      birthday: null,
      telePhone: '',
      landline: '',
      mobilePhone: '',
      urgentContacts: '',
      urgentTelePhone: '',
      postalAddress: '',
    });
  });

  test('an ID card number is checked when the type is 身份证; texts keep to the server limits', async () => {
    answerForEdit();
    renderInApp(<UserForm target={{ id: 'u1' }} onClose={() => {}} onSaved={() => {}} />);
    await screen.findByText('编辑用户');
    await waitFor(() => expect(shown('民族')).toBe('汉族'));
    fireEvent.change(screen.getByLabelText('证件号码'), { target: { value: '110105194912310021' } });
    fireEvent.change(screen.getByLabelText('民族'), { target: { value: '族'.repeat(51) } });
    fireEvent.change(screen.getByLabelText('通讯地址'), { target: { value: '址'.repeat(201) } });
    fireEvent.change(screen.getByLabelText('手机'), { target: { value: '1380013800' } });
    ok();
    await waitFor(() =>
      expect(errors()).toEqual(
        expect.arrayContaining([
          '请正确输入您的身份证号码',
          '民族最多为50个字符！',
          '通讯地址最多为200个字符！',
          '请正确输入您的手机号',
        ]),
      ),
    );
    expect(requests.some((r) => r.init.method === 'PUT')).toBe(false);
  });
});

describe('user form: phone patterns', { timeout: 20_000 }, () => {
  const phoneErrors = () => errors().filter((text) => text?.includes('电话'));
  test.each([
    // 办公电话 and 紧急电话 take a fixed line or a mobile; 固定电话 a fixed line only.
    ['办公电话', '0755-1234567-801', []],
    ['办公电话', '13800138000', []],
    ['办公电话', '010-123', ['请正确输入您的电话号码']],
    ['固定电话', '010-12345678', []],
    ['固定电话', '13800138000', ['请正确输入您的固定电话号码']],
    ['紧急电话', '13900139000', []],
    ['紧急电话', '0571 88886666', ['请正确输入您的电话号码']],
  ])('%s %j → %j', async (label, value, expected) => {
    renderInApp(<UserForm target={{}} onClose={() => {}} onSaved={() => {}} />);
    await screen.findByText('新建用户');
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
    ok();
    // The required fields are empty, so the form always reports something: wait for that first.
    await waitFor(() => expect(errors()).toContain('请输入账户'));
    await waitFor(() => expect(phoneErrors()).toEqual(expected));
  });

  test('in English the phone messages come from the user locale', async () => {
    await i18n.changeLanguage('en');
    try {
      renderInApp(<UserForm target={{}} onClose={() => {}} onSaved={() => {}} />);
      await screen.findByText('Add user');
      fireEvent.change(screen.getByLabelText('Landline'), { target: { value: '12345' } });
      fireEvent.change(screen.getByLabelText('Office phone'), { target: { value: '12345' } });
      fireEvent.click(screen.getByRole('button', { name: /OK/ }));
      await waitFor(() =>
        expect(errors()).toEqual(
          expect.arrayContaining(['Please enter a valid landline number', 'Please enter a valid phone number']),
        ),
      );
    } finally {
      await i18n.changeLanguage('zh-CN');
    }
  });
});

describe('the initial password is stated where accounts are made and reset', () => {
  afterEach(() => useShell.setState({ sysConfig: {} }));

  test('a super administrator reads it where the account is made', async () => {
    useShell.setState({ sysConfig: { newUserDefaultPassword: 'Init2024' } });
    renderInApp(<UserForm target={{}} onClose={() => {}} onSaved={() => {}} />);
    expect(
      await screen.findByText('新用户的初始密码为 Init2024。请告知该用户，首次登录后可在个人信息中修改密码。'),
    ).toBeTruthy();
  });

  test('anyone else is told where it is kept; the reset dialog says the new one must be passed on', async () => {
    renderInApp(<ResetPasswordDialog user={{ id: 'u1', account: 'zhangsan' }} onClose={() => {}} />);
    expect(
      await screen.findByText(
        '保存后该用户需用新密码重新登录，请将新密码告知该用户。新用户的初始密码为系统配置中的「新用户默认密码」，请向系统管理员获取。',
      ),
    ).toBeTruthy();
  });
});

describe('reset password dialog', () => {
  test('400 px; required, pattern and repeat messages', async () => {
    renderInApp(<ResetPasswordDialog user={{ id: 'u1', account: 'zhangsan' }} onClose={() => {}} />);
    await screen.findByText('重置密码 - zhangsan');
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('400px');
    ok();
    await waitFor(() => expect(errors()).toEqual(['请输入新密码', '请再次输入密码']));
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'abcdef' } });
    fireEvent.change(screen.getByLabelText('确认密码'), { target: { value: 'abcdeg' } });
    ok();
    await waitFor(() => expect(errors()).toEqual(['6-16位字符的密码（数字和字母组成）', '两次密码输入不一致']));
  });

  test('with the password policy on, its rules and messages apply, not the 6-16 letters and digits', async () => {
    answers['GET /api/oauth/PasswordPolicy'] = policy({
      passwordLengthMin: 1,
      passwordLengthMinNumber: 8,
      containsCharacters: 1,
    });
    renderInApp(<ResetPasswordDialog user={{ id: 'u1', account: 'zhangsan' }} onClose={() => {}} />);
    await screen.findByText('重置密码 - zhangsan');
    await waitFor(() => expect(requests.some((r) => r.url.pathname === '/api/oauth/PasswordPolicy')).toBe(true));
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'abc123' } });
    fireEvent.change(screen.getByLabelText('确认密码'), { target: { value: 'abc123' } });
    ok();
    await waitFor(() => expect(errors()).toEqual(['新密码长度不能小于8位']));
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'abcdefgh' } });
    ok();
    await waitFor(() => expect(errors()).toEqual(['新密码必须包含字符', '两次密码输入不一致']));
    // What the policy accepts, the dialog accepts, though the spec's pattern would refuse it.
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'abc!@#$%' } });
    fireEvent.change(screen.getByLabelText('确认密码'), { target: { value: 'abc!@#$%' } });
    ok();
    await waitFor(() =>
      expect(requests.some((r) => r.url.pathname === '/api/permission/Users/u1/Actions/ResetPassword')).toBe(true),
    );
  });

  test('only the MD5 hex of the new password travels, in both fields', async () => {
    const onClose = vi.fn();
    renderInApp(<ResetPasswordDialog user={{ id: 'u1', account: 'zhangsan' }} onClose={onClose} />);
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
