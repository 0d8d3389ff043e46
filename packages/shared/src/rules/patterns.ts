/** A reusable validation pattern: the RegExp and the message shown when a non-empty value fails it. */
export interface ValidationPattern {
  readonly pattern: RegExp;
  readonly message: string;
}

const PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼使领';

export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const MOBILE_MESSAGE = '请正确输入您的手机号';
/** The login screen's wording for the same check (shell.md §5, login and session). */
export const LOGIN_MOBILE_MESSAGE = '请输入正确的手机号';

/**
 * Mainland fixed-line number: an optional area code (0 then 2 or 3 digits: 010, 021, 0755) with an
 * optional '-', a 7- or 8-digit local number not starting with 0, and an optional '-' extension of
 * 1-6 digits: 010-12345678, 0755-1234567, 12345678, 010-12345678-801. No spaces, brackets or +86.
 * An 11-digit mobile number never matches (no area code, and more than 8 digits).
 */
const LANDLINE_BODY = String.raw`(?:0[1-9]\d{1,2}-?)?[1-9]\d{6,7}(?:-\d{1,6})?`;
export const LANDLINE_PATTERN = new RegExp(`^${LANDLINE_BODY}$`);
export const LANDLINE_MESSAGE = '请正确输入您的固定电话号码';

/** A "telephone" that may be either: a fixed-line number as above or a mobile number. */
export const TELEPHONE_PATTERN = new RegExp(`^(?:${LANDLINE_BODY}|${MOBILE_PATTERN.source.slice(1, -1)})$`);
export const TELEPHONE_MESSAGE = '请正确输入您的电话号码';

export const PASSWORD_PATTERN = /^(?![0-9]+$)(?![a-zA-Z]+$)[0-9A-Za-z]{6,16}$/;
export const PASSWORD_MESSAGE = '6-16位字符的密码（数字和字母组成）';

/** Shape only: 18 characters, plausible birth date; the check digit is verified by validateIdCard. */
export const ID_CARD_PATTERN = /^[1-9]\d{5}(?:18|19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx]$/;
export const ID_CARD_MESSAGE = '请正确输入您的身份证号码';

export const EMAIL_PATTERN =
  /^[A-Za-z0-9]+(?:[._-]*[A-Za-z0-9])*@(?:[A-Za-z0-9](?:[-A-Za-z0-9]*[A-Za-z0-9])?\.){1,63}[A-Za-z0-9]+$/;
export const EMAIL_MESSAGE = '请正确输入您的邮箱地址';

/** Ordinary plates (7 characters) and new-energy plates (8 characters, D or F marking the energy type). */
export const PLATE_NUMBER_PATTERN = new RegExp(
  `^[${PROVINCES}][A-Z](?:[A-Z0-9]{4}[A-Z0-9挂学警港澳]|[DF][A-HJ-NP-Z0-9]\\d{4}|\\d{5}[DF])$`,
);
export const PLATE_NUMBER_MESSAGE = '请正确输入您的车牌号';

export const CHINESE_PATTERN = /^[\u4e00-\u9fa5]+$/;
export const CHINESE_MESSAGE = '请正确输入中文';

export const ACCOUNT_PATTERN = /^[A-Za-z0-9]+$/;
export const ACCOUNT_MESSAGE = '只能输入数字英文';

export const FULL_NAME_PATTERN = /^[\u4e00-\u9fa5A-Za-z0-9]+$/;
export const FULL_NAME_MESSAGE = '名称不能含有特殊符号';

export const DIGITS_PATTERN = /^[0-9]+$/;
export const DIGITS_MESSAGE = '只能输入数字';

export const EN_CODE_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9.]*[A-Za-z0-9])?$/;
export const EN_CODE_MESSAGE = '编码只能输入英文、数字和小数点且小数点不能放在首尾';

/** Leave and work hours: a positive integer or a multiple of 0.5 (x.0 and x.5 both accepted). */
export const HALF_HOUR_PATTERN = /^(?:[1-9]\d*(?:\.[05])?|0\.5)$/;
export const HALF_HOUR_MESSAGE = '时间只能是整数和0.5的倍数';

export const POSITIVE_INTEGER_PATTERN = /^[1-9]\d*$/;
export const POSITIVE_INTEGER_MESSAGE = '请输入正整数';

export const FIELD_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;
export const FIELD_NAME_MESSAGE = '只能输入大小写英文字母、数字、下划线组合，且不能数字、下划线开头';

export const EXTERNAL_LINK_PATTERN = /^(?:https?:|mailto:|tel:)/;

const HOST = String.raw`(?:localhost|(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)|(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,})`;
const URL_REST = String.raw`(?:[^\s:@/]+(?::[^\s@/]*)?@)?${HOST}(?::\d{1,5})?(?:[/?#]\S*)?$`;
export const URL_PATTERN = new RegExp(`^(?:https?|ftp)://${URL_REST}`, 'i');
export const HTTP_URL_PATTERN = new RegExp(`^https?://${URL_REST}`, 'i');

export const validationPatterns = {
  mobile: { pattern: MOBILE_PATTERN, message: MOBILE_MESSAGE },
  landline: { pattern: LANDLINE_PATTERN, message: LANDLINE_MESSAGE },
  telephone: { pattern: TELEPHONE_PATTERN, message: TELEPHONE_MESSAGE },
  password: { pattern: PASSWORD_PATTERN, message: PASSWORD_MESSAGE },
  idCard: { pattern: ID_CARD_PATTERN, message: ID_CARD_MESSAGE },
  email: { pattern: EMAIL_PATTERN, message: EMAIL_MESSAGE },
  plateNumber: { pattern: PLATE_NUMBER_PATTERN, message: PLATE_NUMBER_MESSAGE },
  chinese: { pattern: CHINESE_PATTERN, message: CHINESE_MESSAGE },
  account: { pattern: ACCOUNT_PATTERN, message: ACCOUNT_MESSAGE },
  fullName: { pattern: FULL_NAME_PATTERN, message: FULL_NAME_MESSAGE },
  digits: { pattern: DIGITS_PATTERN, message: DIGITS_MESSAGE },
  enCode: { pattern: EN_CODE_PATTERN, message: EN_CODE_MESSAGE },
  halfHour: { pattern: HALF_HOUR_PATTERN, message: HALF_HOUR_MESSAGE },
  positiveInteger: { pattern: POSITIVE_INTEGER_PATTERN, message: POSITIVE_INTEGER_MESSAGE },
  fieldName: { pattern: FIELD_NAME_PATTERN, message: FIELD_NAME_MESSAGE },
} as const satisfies Record<string, ValidationPattern>;

export type ValidationPatternName = keyof typeof validationPatterns;

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/**
 * Checks a value against a named pattern. Empty values pass (required-ness is a separate rule).
 * Returns the pattern's message (or `message` when given) on failure, otherwise null.
 */
export function validatePattern(name: ValidationPatternName, value: unknown, message?: string): string | null {
  if (isBlank(value)) return null;
  if (name === 'idCard') return validateIdCard(value, message);
  const rule = validationPatterns[name];
  return rule.pattern.test(String(value)) ? null : (message ?? rule.message);
}

const ID_CARD_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CARD_CHECK_CODES = '10X98765432';

/** The check character (0-9 or X) of the first 17 digits of a mainland ID number (GB 11643). */
export function idCardCheckDigit(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17.charAt(i)) * (ID_CARD_WEIGHTS[i] ?? 0);
  return ID_CARD_CHECK_CODES.charAt(sum % 11);
}

export function isValidIdCard(value: string): boolean {
  if (!ID_CARD_PATTERN.test(value)) return false;
  const year = Number(value.slice(6, 10));
  const month = Number(value.slice(10, 12));
  const day = Number(value.slice(12, 14));
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  return idCardCheckDigit(value.slice(0, 17)) === value.charAt(17).toUpperCase();
}

export function validateMobile(value: unknown): string | null {
  return validatePattern('mobile', value);
}
export function validateLandline(value: unknown): string | null {
  return validatePattern('landline', value);
}
export function validateTelephone(value: unknown): string | null {
  return validatePattern('telephone', value);
}
export function validatePassword(value: unknown): string | null {
  return validatePattern('password', value);
}
export function validateIdCard(value: unknown, message: string = ID_CARD_MESSAGE): string | null {
  if (isBlank(value)) return null;
  return isValidIdCard(String(value)) ? null : message;
}
export function validateEmail(value: unknown): string | null {
  return validatePattern('email', value);
}
export function validatePlateNumber(value: unknown): string | null {
  return validatePattern('plateNumber', value);
}
export function validateChinese(value: unknown): string | null {
  return validatePattern('chinese', value);
}
export function validateAccount(value: unknown): string | null {
  return validatePattern('account', value);
}
export function validateFullName(value: unknown): string | null {
  return validatePattern('fullName', value);
}
export function validateDigits(value: unknown): string | null {
  return validatePattern('digits', value);
}
export function validateEnCode(value: unknown): string | null {
  return validatePattern('enCode', value);
}
export function validateHalfHour(value: unknown): string | null {
  return validatePattern('halfHour', value);
}
export function validatePositiveInteger(value: unknown): string | null {
  return validatePattern('positiveInteger', value);
}
export function validateFieldName(value: unknown): string | null {
  return validatePattern('fieldName', value);
}

/** External link: starts with http:, https:, mailto: or tel: (opened outside the router). */
export function isExternalLink(path: string): boolean {
  return EXTERNAL_LINK_PATTERN.test(path);
}
/** An absolute http, https or ftp URL. */
export function isUrl(value: string): boolean {
  return URL_PATTERN.test(value);
}
/** An absolute http or https URL. */
export function isHttpUrl(value: string): boolean {
  return HTTP_URL_PATTERN.test(value);
}
export function isString(value: unknown): value is string {
  return typeof value === 'string';
}
export function isArray(value: unknown): value is unknown[] {
  return Array.isArray(value);
}
