/** A flag of the policy as the server stores it: 1/0 or true/false. */
export type PolicyFlag = number | boolean | string | null | undefined;

/** The password policy of system configuration (shell.md §3, admin.md §3.14). */
export interface PasswordPolicy {
  passwordStrengthLimit?: PolicyFlag;
  passwordLengthMin?: PolicyFlag;
  passwordLengthMinNumber?: number | string | null;
  containsNumbers?: PolicyFlag;
  includeLowercaseLetters?: PolicyFlag;
  includeUppercaseLetters?: PolicyFlag;
  containsCharacters?: PolicyFlag;
  mandatoryModificationOfInitialPassword?: PolicyFlag;
}

export const OLD_PASSWORD_REQUIRED_MESSAGE = '旧密码不能为空';
export const NEW_PASSWORD_REQUIRED_MESSAGE = '新密码不能为空';
export const REPEAT_PASSWORD_REQUIRED_MESSAGE = '重复密码不能为空';
export const PASSWORD_MISMATCH_MESSAGE = '两次密码输入不一致';
export const CAPTCHA_REQUIRED_MESSAGE = '验证码不能为空';
export const PASSWORD_NEEDS_NUMBER_MESSAGE = '新密码必须包含数字';
export const PASSWORD_NEEDS_LOWERCASE_MESSAGE = '新密码必须包含小写字母';
export const PASSWORD_NEEDS_UPPERCASE_MESSAGE = '新密码必须包含大写字母';
export const PASSWORD_NEEDS_CHARACTER_MESSAGE = '新密码必须包含字符';

export function passwordTooShortMessage(n: number): string {
  return `新密码长度不能小于${n}位`;
}

export function isPolicyFlagOn(flag: PolicyFlag): boolean {
  if (typeof flag === 'boolean') return flag;
  if (flag === null || flag === undefined || flag === '') return false;
  return Number(flag) === 1;
}

/**
 * Every rule of the policy the new password breaks, in the order of shell.md §5
 * (required, minimum length, digit, lowercase, uppercase, special character).
 * The strength rules apply only when passwordStrengthLimit is 1.
 */
export function passwordPolicyViolations(password: string | null | undefined, policy: PasswordPolicy = {}): string[] {
  if (password === null || password === undefined || password === '') return [NEW_PASSWORD_REQUIRED_MESSAGE];
  if (!isPolicyFlagOn(policy.passwordStrengthLimit)) return [];
  const out: string[] = [];
  if (isPolicyFlagOn(policy.passwordLengthMin)) {
    const n = Number(policy.passwordLengthMinNumber ?? 0);
    if (Number.isFinite(n) && n > 0 && [...password].length < n) out.push(passwordTooShortMessage(n));
  }
  if (isPolicyFlagOn(policy.containsNumbers) && !/\d/.test(password)) out.push(PASSWORD_NEEDS_NUMBER_MESSAGE);
  if (isPolicyFlagOn(policy.includeLowercaseLetters) && !/[a-z]/.test(password))
    out.push(PASSWORD_NEEDS_LOWERCASE_MESSAGE);
  if (isPolicyFlagOn(policy.includeUppercaseLetters) && !/[A-Z]/.test(password))
    out.push(PASSWORD_NEEDS_UPPERCASE_MESSAGE);
  if (isPolicyFlagOn(policy.containsCharacters) && !/[^A-Za-z0-9]/.test(password))
    out.push(PASSWORD_NEEDS_CHARACTER_MESSAGE);
  return out;
}

/** The first failing message for the new password, or null when the policy is met. */
export function checkPasswordPolicy(password: string | null | undefined, policy: PasswordPolicy = {}): string | null {
  return passwordPolicyViolations(password, policy)[0] ?? null;
}

export interface ResetPasswordForm {
  oldPassword?: string | null;
  password?: string | null;
  repeatPassword?: string | null;
  code?: string | null;
}

export type ResetPasswordErrors = Partial<Record<keyof ResetPasswordForm, string>>;

/**
 * The reset-password dialog's rules (shell.md §5): one message per failing field, empty object when valid.
 * `requireCode` is off for the server-side check of an already verified captcha.
 */
export function validateResetPasswordForm(
  form: ResetPasswordForm,
  policy: PasswordPolicy = {},
  requireCode = true,
): ResetPasswordErrors {
  const errors: ResetPasswordErrors = {};
  if (!form.oldPassword) errors.oldPassword = OLD_PASSWORD_REQUIRED_MESSAGE;
  const passwordError = checkPasswordPolicy(form.password, policy);
  if (passwordError) errors.password = passwordError;
  if (!form.repeatPassword) errors.repeatPassword = REPEAT_PASSWORD_REQUIRED_MESSAGE;
  else if (form.repeatPassword !== form.password) errors.repeatPassword = PASSWORD_MISMATCH_MESSAGE;
  if (requireCode && !form.code) errors.code = CAPTCHA_REQUIRED_MESSAGE;
  return errors;
}
