export const AMOUNT_OVERFLOW_MESSAGE = '数字较大溢出';
export const ZERO_AMOUNT_TEXT = '零元整';
/** The platform's prefix for negative amounts. */
export const NEGATIVE_AMOUNT_PREFIX = '负数';

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
const SMALL_UNITS = ['', '拾', '佰', '仟'];
const GROUP_UNITS = ['', '万', '亿', '兆'];
const MAX_INTEGER_DIGITS = 15;

function integerToChinese(integer: string): string {
  let out = '';
  let zeros = 0;
  const len = integer.length;
  for (let i = 0; i < len; i++) {
    const digit = Number(integer.charAt(i));
    const pos = len - 1 - i;
    const inGroup = pos % 4;
    if (digit === 0) {
      zeros++;
    } else {
      if (zeros > 0) out += DIGITS[0];
      zeros = 0;
      out += `${DIGITS[digit]}${SMALL_UNITS[inGroup]}`;
    }
    if (inGroup === 0) {
      const groupStart = Math.max(0, i - 3);
      const group = integer.slice(groupStart, i + 1);
      if (/[1-9]/.test(group)) out += GROUP_UNITS[Math.floor(pos / 4)];
    }
  }
  return out;
}

/**
 * An amount in Chinese capitals (大写金额), rounded half up to fen.
 * '' for missing or non-numeric input, '零元整' for zero, '数字较大溢出' when letters are present
 * (including exponent notation) or the integer part has more than 15 digits.
 * Thousands separators in text input are ignored.
 */
export function toChineseAmount(value: number | string | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && Number.isNaN(value)) return '';
  const text = String(value).trim().replace(/,/g, '');
  if (text === '') return '';
  if (/[a-zA-Z]/.test(text)) return AMOUNT_OVERFLOW_MESSAGE;
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match) return '';
  const [, sign = '', intText = '', decText = ''] = match;
  if (intText === '' && decText === '') return '';
  const integerDigits = intText.replace(/^0+/, '');
  if (integerDigits.length > MAX_INTEGER_DIGITS) return AMOUNT_OVERFLOW_MESSAGE;
  const padded = `${decText}000`;
  let cents = BigInt(integerDigits || '0') * 100n + BigInt(padded.slice(0, 2));
  if (Number(padded.charAt(2)) >= 5) cents += 1n;
  if (cents === 0n) return ZERO_AMOUNT_TEXT;
  const integer = (cents / 100n).toString();
  if (integer.length > MAX_INTEGER_DIGITS) return AMOUNT_OVERFLOW_MESSAGE;
  const jiao = Number((cents / 10n) % 10n);
  const fen = Number(cents % 10n);
  let out = '';
  if (integer !== '0') out += `${integerToChinese(integer)}元`;
  if (jiao === 0 && fen === 0) {
    out += '整';
  } else {
    if (jiao > 0) out += `${DIGITS[jiao]}角`;
    else if (integer !== '0') out += DIGITS[0];
    if (fen > 0) out += `${DIGITS[fen]}分`;
  }
  return sign === '-' ? `${NEGATIVE_AMOUNT_PREFIX}${out}` : out;
}

/** Alias named after the platform's helper. */
export const amountInWords = toChineseAmount;
