import { formatDate } from './date-format.ts';

/** Code-rule type: 1 time format, 2 random number, 3 UUID. */
export type BillRuleType = 1 | 2 | 3;
/** Random type: 1 digits only, 2 letters and digits. */
export type RandomType = 1 | 2;

export const BILL_RULE_DATE_FORMATS = [
  'YYYY',
  'YYYYMM',
  'YYYYMMDD',
  'YYYYMMDDHH',
  'YYYYMMDDHHmm',
  'YYYYMMDDHHmmss',
  'YYYYMMDDHHmmssSSS',
  'no',
] as const;
/**
 * The longest date format: every other one is a prefix of it whose output is as long as itself,
 * so the server cuts a rule's date part from one stamp of this pattern (bill-rule.test.ts checks it).
 */
export const BILL_RULE_FULL_STAMP = 'YYYYMMDDHHmmssSSS';
export const RANDOM_DIGIT_CHOICES = [16, 32] as const;

/** A source of uniformly distributed numbers in [0, 1), Math.random by default. */
export type RandomSource = () => number;

export interface BillNumberParts {
  prefix?: string | null;
  /** One of BILL_RULE_DATE_FORMATS (or any formatDate pattern); 'no' or empty for none. */
  dateFormat?: string | null;
  digit?: number | string | null;
  startNumber?: number | string | bigint | null;
  suffix?: string | null;
  now?: Date | number;
}

/**
 * The one formatter of the code-rule preview and of the server's allocation:
 * prefix + now in dateFormat (nothing for 'no') + number left-padded with zeros to `digit` + suffix.
 * A number longer than `digit` is kept whole (it is never cut, so numbers stay unique).
 */
export function formatBillNumber(parts: BillNumberParts): string {
  const now = parts.now ?? Date.now();
  const dateFormat = parts.dateFormat ?? '';
  const date = dateFormat && dateFormat !== 'no' ? formatDate(now, dateFormat) : '';
  const start = parts.startNumber === null || parts.startNumber === undefined ? '' : String(parts.startNumber);
  return billNumberOf({ prefix: parts.prefix, period: date, serial: start, digit: parts.digit, suffix: parts.suffix });
}

/**
 * A serial number from its parts: prefix, the date part, the serial left-padded with zeros to
 * `digit` (never cut: past the digit count it grows) and suffix. An empty serial is all zeros.
 */
export function billNumberOf(parts: {
  prefix?: string | null;
  period: string;
  serial: string;
  digit?: number | string | null;
  suffix?: string | null;
}): string {
  const digit = Math.max(0, Math.trunc(Number(parts.digit ?? 0)) || 0);
  const serial = parts.serial === '' ? '0'.repeat(digit) : parts.serial.padStart(digit, '0');
  return `${parts.prefix ?? ''}${parts.period}${serial}${parts.suffix ?? ''}`;
}

/** The serial number `offset` places after the start number, as digits (start '0001', offset 2 → '3'). */
export function billSerialAt(
  startNumber: number | string | bigint | null | undefined,
  offset: number | bigint,
): string {
  const start = startNumber === null || startNumber === undefined || startNumber === '' ? 0n : BigInt(startNumber);
  return (start + BigInt(offset)).toString();
}

const DIGIT_CHARS = '0123456789';
const ALNUM_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function pick(chars: string, random: RandomSource): string {
  const index = Math.min(chars.length - 1, Math.floor(random() * chars.length));
  return chars.charAt(index);
}

/** A random code of `length` characters: digits only (type 1) or letters and digits (type 2). */
export function randomCode(length: number, randomType: RandomType = 1, random: RandomSource = Math.random): string {
  const chars = randomType === 2 ? ALNUM_CHARS : DIGIT_CHARS;
  let out = '';
  for (let i = 0; i < length; i++) out += pick(chars, random);
  return out;
}

/** A version-4 UUID (8-4-4-4-12 lowercase hex) drawn from the random source. */
export function uuid(random: RandomSource = Math.random): string {
  const hex = Array.from({ length: 32 }, () => Math.min(15, Math.floor(random() * 16)));
  hex[12] = 4;
  hex[16] = ((hex[16] ?? 0) & 0x3) | 0x8;
  const s = hex.map((n) => n.toString(16)).join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

export interface BillRule {
  type?: BillRuleType | number | string | null;
  prefix?: string | null;
  suffix?: string | null;
  dateFormat?: string | null;
  digit?: number | string | null;
  startNumber?: number | string | null;
  randomDigit?: number | string | null;
  randomType?: RandomType | number | string | null;
}

/**
 * The example of a code rule (admin.md §3.2): type 1 uses formatBillNumber; type 2 is prefix + a random code of
 * randomDigit (default 16) characters + suffix; type 3 is prefix + a UUID + suffix.
 */
export function billRulePreview(
  rule: BillRule,
  now: Date | number = Date.now(),
  random: RandomSource = Math.random,
): string {
  const type = Number(rule.type ?? 1);
  const prefix = rule.prefix ?? '';
  const suffix = rule.suffix ?? '';
  if (type === 2) {
    const length = Number(rule.randomDigit) === 32 ? 32 : 16;
    const randomType: RandomType = Number(rule.randomType) === 2 ? 2 : 1;
    return `${prefix}${randomCode(length, randomType, random)}${suffix}`;
  }
  if (type === 3) return `${prefix}${uuid(random)}${suffix}`;
  return formatBillNumber({
    prefix,
    suffix,
    dateFormat: rule.dateFormat,
    digit: rule.digit,
    startNumber: rule.startNumber,
    now,
  });
}

/**
 * The number the server hands out as the `sequence`-th (0-based) allocation of a time-format rule;
 * for random and UUID rules it is a fresh preview.
 */
export function allocateBillNumber(
  rule: BillRule,
  sequence: number | bigint,
  now: Date | number = Date.now(),
  random: RandomSource = Math.random,
): string {
  const type = Number(rule.type ?? 1);
  if (type === 2 || type === 3) return billRulePreview(rule, now, random);
  return formatBillNumber({
    prefix: rule.prefix,
    suffix: rule.suffix,
    dateFormat: rule.dateFormat,
    digit: rule.digit,
    startNumber: billSerialAt(rule.startNumber, sequence),
    now,
  });
}

export const DIGIT_REQUIRED_MESSAGE = '请输入位数';
export const DIGIT_POSITIVE_MESSAGE = '仅能输入正整数';
export const START_NUMBER_REQUIRED_MESSAGE = '请输入起始值';
export const START_NUMBER_DIGITS_MESSAGE = '只能输入数字';
export const NAME_REQUIRED_MESSAGE = '请输入名称';
export const NAME_TOO_LONG_MESSAGE = '名称最多为50个字符！';
export const CODE_REQUIRED_MESSAGE = '请输入编码';
export const CODE_TOO_LONG_MESSAGE = '编码最多为50个字符！';
export const CATEGORY_REQUIRED_MESSAGE = '请选择分类';
export const NAME_CODE_MAX_LENGTH = 50;
export const SORT_CODE_MIN = 0;
export const SORT_CODE_MAX = 999999;

/** The digit field: required, a positive integer of one character (1-9). */
export function validateBillDigit(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return DIGIT_REQUIRED_MESSAGE;
  return /^[1-9]$/.test(String(value)) ? null : DIGIT_POSITIVE_MESSAGE;
}

/** The start-number field: required, digits only, not all zeros ('起始值不能为' followed by the value). */
export function validateStartNumber(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return START_NUMBER_REQUIRED_MESSAGE;
  const text = String(value);
  if (!/^[0-9]+$/.test(text)) return START_NUMBER_DIGITS_MESSAGE;
  if (/^0+$/.test(text)) return `起始值不能为${text}`;
  return null;
}

export interface BillRuleForm extends BillRule {
  fullName?: string | null;
  enCode?: string | null;
  category?: string | null;
  sortCode?: number | string | null;
}

export type BillRuleFormErrors = Partial<Record<'fullName' | 'enCode' | 'category' | 'digit' | 'startNumber', string>>;

/** The code-rule dialog's rules (admin.md §5); digit and start number apply to type 1 only. */
export function validateBillRuleForm(form: BillRuleForm): BillRuleFormErrors {
  const errors: BillRuleFormErrors = {};
  if (!form.fullName) errors.fullName = NAME_REQUIRED_MESSAGE;
  else if ([...form.fullName].length > NAME_CODE_MAX_LENGTH) errors.fullName = NAME_TOO_LONG_MESSAGE;
  if (!form.enCode) errors.enCode = CODE_REQUIRED_MESSAGE;
  else if ([...form.enCode].length > NAME_CODE_MAX_LENGTH) errors.enCode = CODE_TOO_LONG_MESSAGE;
  if (!form.category) errors.category = CATEGORY_REQUIRED_MESSAGE;
  if (Number(form.type ?? 1) === 1) {
    const digit = validateBillDigit(form.digit);
    if (digit) errors.digit = digit;
    const start = validateStartNumber(form.startNumber);
    if (start) errors.startNumber = start;
  }
  return errors;
}

/** Sort codes run from 0 to 999999. */
export function isValidSortCode(value: unknown): boolean {
  const n = Number(value);
  return value !== '' && value !== null && Number.isInteger(n) && n >= SORT_CODE_MIN && n <= SORT_CODE_MAX;
}
