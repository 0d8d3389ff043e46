import { type Static, Type } from 'typebox';
import { LiteralUnion } from '../envelope.ts';
import { MOBILE_PATTERN } from '../rules/patterns.ts';
import { MenuNode } from './menu.ts';

/** Hex of the AES-128-ECB ciphertext of a 32-character MD5 digest (protocol.md): 96 hex characters. */
export const LoginCipherText = Type.String({ minLength: 1, maxLength: 256, pattern: '^[0-9a-fA-F]+$' });
/** Lowercase hex MD5 of a clear password, as clients send it for changes. */
export const PasswordDigest = Type.String({ minLength: 32, maxLength: 32, pattern: '^[0-9a-fA-F]{32}$' });

export const loginOrigins = ['password', 'sms', 'scan'] as const;

/** `POST /api/oauth/Login`, form-encoded. */
export const LoginForm = Type.Object({
  account: Type.String({ minLength: 1, maxLength: 100 }),
  password: Type.Optional(Type.String({ maxLength: 256 })),
  code: Type.Optional(Type.String({ maxLength: 20 })),
  timestamp: Type.Optional(Type.String({ maxLength: 64 })),
  origin: Type.Optional(LiteralUnion(loginOrigins)),
  grant_type: Type.Optional(Type.String({ maxLength: 30 })),
  ticket: Type.Optional(Type.String({ maxLength: 200 })),
  jnpf_ticket: Type.Optional(Type.String({ maxLength: 200 })),
});
export type LoginForm = Static<typeof LoginForm>;

export const themes = ['classic', 'functional', 'plain', 'blend'] as const;
export type Theme = (typeof themes)[number];

export const LoginResult = Type.Object({ token: Type.String(), theme: Type.String() });
export type LoginResult = Static<typeof LoginResult>;

/** Asked before login: what the login page needs to render and to encrypt the password. */
export const LoginConfig = Type.Object({
  redirect: Type.Boolean(),
  url: Type.String(),
  ticketParams: Type.String(),
  socialsList: Type.Array(Type.Unknown()),
  cipherKey: Type.String(),
  sysName: Type.String(),
  sysVersion: Type.String(),
  title: Type.String(),
  copyright: Type.String(),
  loginIcon: Type.String(),
  logoIcon: Type.String(),
});
export type LoginConfig = Static<typeof LoginConfig>;

/** `GET /api/oauth/getConfig/{account}`: whether this account must answer a captcha, and its length. */
export const AccountLoginConfig = Type.Object({
  enableVerificationCode: Type.Boolean(),
  verificationCodeNumber: Type.Integer(),
});
export type AccountLoginConfig = Static<typeof AccountLoginConfig>;

export const MobilePhone = Type.String({ pattern: MOBILE_PATTERN.source });
export const SmsCodeRequest = Type.Object({ mobile: MobilePhone });
export type SmsCodeRequest = Static<typeof SmsCodeRequest>;

/** App-scan login ticket: 0 waiting, 1 scanned, 2 confirmed (token issued once), -1 expired or refused. */
export const ScanTicket = Type.Object({ ticket: Type.String(), expiresAt: Type.Integer() });
export type ScanTicket = Static<typeof ScanTicket>;
export const ScanTicketStatus = Type.Object({
  status: Type.Integer(),
  token: Type.Optional(Type.String()),
  theme: Type.Optional(Type.String()),
});
export type ScanTicketStatus = Static<typeof ScanTicketStatus>;

export const LockScreenInput = Type.Object({
  account: Type.String({ minLength: 1, maxLength: 100 }),
  /** MD5 digest, or the login cipher text of it. */
  password: Type.String({ minLength: 32, maxLength: 256, pattern: '^[0-9a-fA-F]+$' }),
});
export type LockScreenInput = Static<typeof LockScreenInput>;

export const ModifyPasswordInput = Type.Object({
  oldPassword: PasswordDigest,
  password: PasswordDigest,
  code: Type.String({ minLength: 1, maxLength: 20 }),
  /** The captcha key: text, or the JSON number the 3.6 client sends (its `Math.random()`). */
  timestamp: Type.Union([Type.String({ minLength: 1, maxLength: 64 }), Type.Number()]),
  /**
   * The new password itself, encrypted like the login payload (AES-128-ECB, hex), so the server can
   * enforce the password policy; the stored value still derives from the MD5 digest only. Required
   * while the policy is on (passwordStrengthLimit 1).
   */
  passwordCipher: Type.Optional(LoginCipherText),
});
export type ModifyPasswordInput = Static<typeof ModifyPasswordInput>;

/** The password policy of system configuration (shell.md sections 3 and 5). */
export const PasswordPolicySchema = Type.Object({
  passwordStrengthLimit: Type.Integer(),
  passwordLengthMin: Type.Integer(),
  passwordLengthMinNumber: Type.Integer(),
  containsNumbers: Type.Integer(),
  includeLowercaseLetters: Type.Integer(),
  includeUppercaseLetters: Type.Integer(),
  containsCharacters: Type.Integer(),
  mandatoryModificationOfInitialPassword: Type.Integer(),
});

const NullableMillis = Type.Union([Type.Integer(), Type.Null()]);

/** `userInfo` of CurrentUser (protocol.md "Login"). */
export const CurrentUserInfo = Type.Object({
  userId: Type.String(),
  userAccount: Type.String(),
  userName: Type.String(),
  headIcon: Type.String(),
  signImg: Type.String(),
  gender: Type.String(),
  mobilePhone: Type.String(),
  email: Type.String(),
  isAdministrator: Type.Boolean(),
  portalId: Type.String(),
  theme: Type.String(),
  language: Type.String(),
  organizeId: Type.String(),
  organizeName: Type.String(),
  organizeIdList: Type.Array(Type.String()),
  positionId: Type.String(),
  positionName: Type.String(),
  positionIds: Type.Array(Type.Object({ id: Type.String() })),
  roleName: Type.String(),
  roleIds: Type.Array(Type.String()),
  groupIds: Type.Array(Type.String()),
  /** The application the menus are of. */
  systemId: Type.String(),
  /** The applications the user may switch to. */
  systemIds: Type.Array(
    Type.Object({ id: Type.String(), name: Type.String(), icon: Type.String(), currentSystem: Type.Boolean() }),
  ),
  changePasswordDate: NullableMillis,
  /** 1 when the previous login is shown (lastLoginTimeSwitch). */
  prevLogin: Type.Integer(),
  prevLoginTime: NullableMillis,
  prevLoginIPAddress: Type.String(),
  prevLoginIPAddressName: Type.String(),
  /**
   * Regular password change (passwordIsUpdatedRegularly): when the password expires, null when
   * the policy is off. Sent by this server always; optional for answers of older servers.
   */
  passwordExpireTime: Type.Optional(NullableMillis),
  /** The password has expired: the client makes the user change it before working on. */
  passwordExpired: Type.Optional(Type.Boolean()),
  /** What to tell the user about the password ('' when nothing): expiring in n days, or expired. */
  passwordNotice: Type.Optional(Type.String()),
});
export type CurrentUserInfo = Static<typeof CurrentUserInfo>;

/** A button, column, form or data scope the user holds on a page. */
export const PermissionEntry = Type.Object({ id: Type.String(), fullName: Type.String(), enCode: Type.String() });
export type PermissionEntry = Static<typeof PermissionEntry>;

/** `permissionList[]` of CurrentUser: what the user holds on one page (`modelId`: the menu id). */
export const ModulePermission = Type.Object({
  modelId: Type.String(),
  moduleName: Type.String(),
  button: Type.Array(PermissionEntry),
  column: Type.Array(PermissionEntry),
  form: Type.Array(PermissionEntry),
  resource: Type.Array(PermissionEntry),
});
export type ModulePermission = Static<typeof ModulePermission>;

/** `sysConfigInfo` of CurrentUser: always an object (protocol.md). */
export const SysConfigInfo = Type.Object({
  sysName: Type.String(),
  sysVersion: Type.String(),
  title: Type.String(),
  copyright: Type.String(),
  companyName: Type.String(),
  logoIcon: Type.String(),
  workLogoIcon: Type.String(),
  navigationIcon: Type.String(),
  loginIcon: Type.String(),
  appIcon: Type.String(),
  /** Administrators only ('' for everyone else): new users get it. */
  newUserDefaultPassword: Type.String(),
});
export type SysConfigInfo = Static<typeof SysConfigInfo>;

/** `GET /api/oauth/CurrentUser` (shell.md section 3, protocol.md "Login"). */
export const CurrentUser = Type.Object({
  menuList: Type.Array(MenuNode),
  permissionList: Type.Array(ModulePermission),
  userInfo: CurrentUserInfo,
  sysConfigInfo: SysConfigInfo,
});
export type CurrentUser = Static<typeof CurrentUser>;
