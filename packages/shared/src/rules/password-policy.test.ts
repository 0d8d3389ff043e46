import { describe, expect, test } from 'vitest';
import {
  checkPasswordPolicy,
  isPolicyFlagOn,
  type PasswordPolicy,
  passwordPolicyViolations,
  passwordTooShortMessage,
  validateResetPasswordForm,
} from './password-policy.ts';

const strict: PasswordPolicy = {
  passwordStrengthLimit: 1,
  passwordLengthMin: 1,
  passwordLengthMinNumber: 8,
  containsNumbers: 1,
  includeLowercaseLetters: 1,
  includeUppercaseLetters: 1,
  containsCharacters: 1,
};

describe('checkPasswordPolicy returns the first failing message', () => {
  test.each<[string | null | undefined, PasswordPolicy, string | null]>([
    ['', strict, '新密码不能为空'],
    [null, strict, '新密码不能为空'],
    [undefined, {}, '新密码不能为空'],
    ['a', {}, null],
    ['a', { ...strict, passwordStrengthLimit: 0 }, null],
    ['a', { ...strict, passwordStrengthLimit: false }, null],
    ['Ab1!', strict, '新密码长度不能小于8位'],
    ['abcdefgh', strict, '新密码必须包含数字'],
    ['abcdefg1', strict, '新密码必须包含大写字母'],
    ['ABCDEFG1', strict, '新密码必须包含小写字母'],
    ['Abcdefg1', strict, '新密码必须包含字符'],
    ['Abcdef1!', strict, null],
    ['Abcdef1 ', strict, null],
    ['Abcdef1中', strict, null],
    ['Abcde1!', strict, '新密码长度不能小于8位'],
    ['abc', { passwordStrengthLimit: 1, passwordLengthMin: 1, passwordLengthMinNumber: 6 }, '新密码长度不能小于6位'],
    ['abcdef', { passwordStrengthLimit: 1, passwordLengthMin: 1, passwordLengthMinNumber: 6 }, null],
    ['abc', { passwordStrengthLimit: 1, passwordLengthMin: 0, passwordLengthMinNumber: 6 }, null],
    [
      'abc',
      { passwordStrengthLimit: 1, passwordLengthMin: true, passwordLengthMinNumber: '4' },
      '新密码长度不能小于4位',
    ],
    ['abc', { passwordStrengthLimit: '1', containsNumbers: '1' }, '新密码必须包含数字'],
    ['123', { passwordStrengthLimit: 1, includeLowercaseLetters: 1 }, '新密码必须包含小写字母'],
    ['123', { passwordStrengthLimit: 1, includeUppercaseLetters: 1 }, '新密码必须包含大写字母'],
    ['abc123', { passwordStrengthLimit: 1, containsCharacters: 1 }, '新密码必须包含字符'],
    ['abc_123', { passwordStrengthLimit: 1, containsCharacters: 1 }, null],
    ['abc', { passwordStrengthLimit: 1, containsNumbers: 0 }, null],
  ])('%j → %j', (password, policy, expected) => {
    expect(checkPasswordPolicy(password, policy)).toBe(expected);
  });
});

describe('passwordPolicyViolations lists every failing rule in spec order', () => {
  test.each<[string, string[]]>([
    ['a', ['新密码长度不能小于8位', '新密码必须包含数字', '新密码必须包含大写字母', '新密码必须包含字符']],
    ['A', ['新密码长度不能小于8位', '新密码必须包含数字', '新密码必须包含小写字母', '新密码必须包含字符']],
    ['!', ['新密码长度不能小于8位', '新密码必须包含数字', '新密码必须包含小写字母', '新密码必须包含大写字母']],
    ['Abcdef1!', []],
    ['', ['新密码不能为空']],
  ])('%j', (password, expected) => {
    expect(passwordPolicyViolations(password, strict)).toEqual(expected);
  });
});

describe('policy flags', () => {
  test.each([
    [1, true],
    ['1', true],
    [true, true],
    [0, false],
    ['0', false],
    [false, false],
    [null, false],
    [undefined, false],
    ['', false],
  ])('%j → %s', (flag, expected) => {
    expect(isPolicyFlagOn(flag)).toBe(expected);
  });

  test.each([
    [6, '新密码长度不能小于6位'],
    [12, '新密码长度不能小于12位'],
  ])('too short message for %i', (n, expected) => {
    expect(passwordTooShortMessage(n)).toBe(expected);
  });
});

describe('reset-password form', () => {
  test.each([
    [
      {},
      {},
      true,
      {
        oldPassword: '旧密码不能为空',
        password: '新密码不能为空',
        repeatPassword: '重复密码不能为空',
        code: '验证码不能为空',
      },
    ],
    [
      { oldPassword: 'x', password: 'abc', repeatPassword: 'abd', code: '1234' },
      {},
      true,
      { repeatPassword: '两次密码输入不一致' },
    ],
    [{ oldPassword: 'x', password: 'abc', repeatPassword: 'abc', code: '1234' }, {}, true, {}],
    [{ oldPassword: 'x', password: 'abc', repeatPassword: 'abc' }, {}, false, {}],
    [{ oldPassword: 'x', password: 'abc', repeatPassword: 'abc' }, {}, true, { code: '验证码不能为空' }],
    [
      { oldPassword: 'x', password: 'abc', repeatPassword: 'abc', code: '1' },
      strict,
      true,
      { password: '新密码长度不能小于8位' },
    ],
    [
      { oldPassword: '', password: 'Abcdef1!', repeatPassword: 'Abcdef1!', code: '1' },
      strict,
      true,
      { oldPassword: '旧密码不能为空' },
    ],
  ])('%j', (form, policy, requireCode, expected) => {
    expect(validateResetPasswordForm(form, policy, requireCode)).toEqual(expected);
  });
});
