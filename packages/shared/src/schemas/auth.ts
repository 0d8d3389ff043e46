import { type Static, Type } from 'typebox';
import { MOBILE_PATTERN } from '../rules/patterns.ts';

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
  origin: Type.Optional(Type.Union(loginOrigins.map((o) => Type.Literal(o)))),
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
  timestamp: Type.String({ minLength: 1, maxLength: 64 }),
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
