import { type Static, type TSchema, Type } from 'typebox';
import { Id } from '../envelope.ts';

const Text = (maxLength: number) => Type.String({ maxLength });
const Flag = Type.Union([Type.Literal(0), Type.Literal(1)]);
const Whole = (minimum: number, maximum: number) => Type.Integer({ minimum, maximum });
/** An image address: a site path or an http(s) URL (never `javascript:` or `data:`). */
/** The base URL of a third party's API: http(s), or '' for its public host. */
const ApiBase = Type.String({ maxLength: 200, pattern: '^(|https?://[^\\s/?#]+(/[^\\s?#]*)?)$' });
const ImageAddress = Type.String({ maxLength: 500, pattern: '^(|/[^/\\\\].*|https?://.+)$' });

/**
 * Every setting `PUT /api/system/SysConfig` accepts (protocol-admin.md section 9), with the range
 * each may take. The client sends the whole object it read, so every field is optional and a field
 * this server does not hold is dropped; what is sent is checked and stored, the rest is kept.
 */
export const sysConfigFields = {
  // Basics
  sysName: Type.String({ minLength: 1, maxLength: 100 }),
  sysVersion: Text(50),
  sysDescription: Text(500),
  title: Text(100),
  copyright: Text(200),
  logoIcon: ImageAddress,
  workLogoIcon: ImageAddress,
  navigationIcon: ImageAddress,
  loginIcon: ImageAddress,
  appIcon: ImageAddress,
  companyName: Text(100),
  companyCode: Text(50),
  companyAddress: Text(200),
  companyContacts: Text(50),
  companyTelePhone: Text(50),
  companyEmail: Text(100),
  // Sign-in
  singleLogin: Type.Union([Type.Literal(1), Type.Literal(2)]),
  tokenTimeout: Whole(5, 43_200),
  passwordErrorsNumber: Whole(1, 100),
  lockType: Type.Union([Type.Literal(1), Type.Literal(2)]),
  lockTime: Whole(1, 1440),
  enableVerificationCode: Flag,
  verificationCodeNumber: Whole(3, 6),
  captchaAfterErrorsNumber: Whole(1, 100),
  lastLoginTimeSwitch: Flag,
  whitelistSwitch: Flag,
  whiteListIp: Text(2000),
  // Passwords
  passwordIsUpdatedRegularly: Flag,
  updateCycle: Whole(1, 3650),
  updateInAdvance: Whole(0, 365),
  passwordStrengthLimit: Flag,
  passwordLengthMin: Flag,
  passwordLengthMinNumber: Whole(1, 64),
  containsNumbers: Flag,
  includeLowercaseLetters: Flag,
  includeUppercaseLetters: Flag,
  containsCharacters: Flag,
  disableOldPassword: Flag,
  disableTheNumberOfOldPasswords: Whole(1, 24),
  mandatoryModificationOfInitialPassword: Flag,
  newUserDefaultPassword: Type.String({ minLength: 6, maxLength: 50 }),
  // Mail (the e-mail channel of message sending)
  emailSmtpHost: Text(200),
  emailSmtpPort: Whole(1, 65_535),
  emailSsl: Flag,
  emailAccount: Text(100),
  emailPassword: Text(200),
  emailSenderName: Text(100),
  // Map service: the AMap web service behind /api/system/Location, its key (a secret: only the server calls it) and base ('' = https://restapi.amap.com)
  mapServiceKey: Text(200),
  mapApiBase: ApiBase,
  // Third parties
  qyhCorpId: Text(200),
  qyhAgentId: Text(200),
  qyhAgentSecret: Text(200),
  qyhCorpSecret: Text(200),
  qyhIsSynOrg: Flag,
  qyhIsSynUser: Flag,
  dingAgentId: Text(200),
  dingSynAppKey: Text(200),
  dingSynAppSecret: Text(200),
  dingSynIsSynOrg: Flag,
  dingSynIsSynUser: Flag,
  /** Where the WeCom and DingTalk APIs answer ('' = the public hosts qyapi.weixin.qq.com, oapi.dingtalk.com). */
  qyhApiBase: ApiBase,
  dingApiBase: ApiBase,
  // Other
  linkTime: Whole(0, 1_000_000),
  isClick: Flag,
  unClickNum: Whole(0, 1_000_000),
  smsCompany: Text(50),
} satisfies Record<string, TSchema>;

export type SysConfigKey = keyof typeof sysConfigFields;

export const SysConfigInput = Type.Partial(Type.Object(sysConfigFields));
export type SysConfigInput = Static<typeof SysConfigInput>;

/** `GET /api/system/SysConfig`: one flat object, text or number (flags 0/1). */
export const SysConfigView = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]));
export type SysConfigView = Static<typeof SysConfigView>;

/** Settings only those who may open the system-configuration page read. */
export const SYS_CONFIG_SECRETS: readonly SysConfigKey[] = [
  'newUserDefaultPassword',
  'emailPassword',
  'qyhAgentSecret',
  'qyhCorpSecret',
  'dingSynAppSecret',
  'mapServiceKey',
];

/** `PUT /api/system/SysConfig/setAdminList`: the accounts that are administrators from now on. */
export const AdminListInput = Type.Object({
  adminIds: Type.Union([
    Type.Array(Id, { minItems: 1, maxItems: 100 }),
    Type.String({ minLength: 1, maxLength: 5100, pattern: '^[A-Za-z0-9_-]+(,[A-Za-z0-9_-]+)*$' }),
  ]),
});
export type AdminListInput = Static<typeof AdminListInput>;

export const AdminListItem = Type.Object({ id: Type.String(), account: Type.String(), realName: Type.String() });
export type AdminListItem = Static<typeof AdminListItem>;

/** `POST /api/system/SysConfig/Actions/TestMail`: a test message, through the saved mail settings, to this address. */
export const TestMailInput = Type.Object({
  to: Type.String({ minLength: 3, maxLength: 100, format: 'email' }),
});
export type TestMailInput = Static<typeof TestMailInput>;

/**
 * A row of `SynThirdInfo/getSynThirdTotal/{1 WeCom|2 DingTalk}` (and the answer of a synAll... call):
 * the client tells organisations from users by `synType` '组织'. recordTotal counts ours,
 * synSuccessCount and synFailCount the last results, synDate the last attempt (ms) or null.
 */
export const SynThirdTotal = Type.Object({
  synType: Type.String(),
  recordTotal: Type.Integer(),
  synSuccessCount: Type.Integer(),
  synFailCount: Type.Integer(),
  unSynCount: Type.Integer(),
  synDate: Type.Union([Type.Integer(), Type.Null()]),
});
export type SynThirdTotal = Static<typeof SynThirdTotal>;

/** The addresses of a whitelist setting (comma, semicolon or space separated). */
export function whitelistEntries(text: string): string[] {
  return text.split(/[,;\s]+/).filter(Boolean);
}

/** Whether `ip` is on the whitelist; an IPv4 address may arrive IPv6-mapped (::ffff:10.0.0.1). */
export function onWhitelist(ip: string | null | undefined, text: string): boolean {
  if (!ip) return false;
  const plain = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '').toLowerCase();
  return whitelistEntries(text).some((entry) => entry.toLowerCase() === plain);
}
