/**
 * The system record and the settings later areas read (login security, password policy).
 * Seeded once; administrators change them in system configuration afterwards.
 */
export const defaultSysConfig: Record<string, unknown> = {
  sysName: '企业低代码平台',
  sysVersion: '3.6.0',
  title: '企业低代码平台',
  copyright: 'Copyright © 2026 企业低代码平台',
  companyName: '集团总部',
  logoIcon: '/logo.svg',
  workLogoIcon: '/logo.svg',
  navigationIcon: '/logo.svg',
  loginIcon: '/logo.svg',
  appIcon: '/logo.svg',
  // Login security
  tokenTimeout: 480,
  /** 1: a new login ends the account's other sessions (code 601); 2: sessions may run side by side. */
  singleLogin: 2,
  /** Show the previous login's time and place after signing in. */
  lastLoginTimeSwitch: 1,
  /** 1: every login answers a captcha; 0: only after captchaAfterErrorsNumber failures on the account. */
  enableVerificationCode: 0,
  /** The captcha's length. */
  verificationCodeNumber: 4,
  /**
   * An addition to the platform's settings: its clients show a captcha only when getConfig asks for
   * one, so it is asked for after this many failures, before the lockout (passwordErrorsNumber).
   */
  captchaAfterErrorsNumber: 3,
  passwordErrorsNumber: 5,
  lockTime: 10,
  // Password policy (shell.md section 5)
  passwordStrengthLimit: 0,
  passwordLengthMin: 0,
  passwordLengthMinNumber: 6,
  containsNumbers: 0,
  includeLowercaseLetters: 0,
  includeUppercaseLetters: 0,
  containsCharacters: 0,
  mandatoryModificationOfInitialPassword: 0,
  newUserDefaultPassword: '123456',
};
