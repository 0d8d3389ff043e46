export const AMOUNT_OVERFLOW_MESSAGE = '数字较大溢出';
export const ZERO_AMOUNT_TEXT = '零元整';
/** The platform's prefix for negative amounts. */
export const NEGATIVE_AMOUNT_PREFIX = '负数';

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
const SMALL_UNITS = ['', '拾', '佰', '仟'];
const GROUP_UNITS = ['', '万', '亿', '兆'];
const MAX_INTEGER_DIGITS = 15;

function groupToChinese(group: string): string {
  let out = '';
  let zeros = false;
  for (let i = 0; i < 4; i++) {
    const digit = Number(group.charAt(i));
    if (digit === 0) {
      zeros = out !== '';
      continue;
    }
    if (zeros) out += DIGITS[0];
    zeros = false;
    out += `${DIGITS[digit]}${SMALL_UNITS[3 - i]}`;
  }
  return out;
}

/**
 * Reads the integer in groups of four (万, 亿, 兆): zeros at the end of a group are silent, a run of zeros
 * inside a group or a group starting with zero reads as one 零, an all-zero group between others as one 零.
 */
function integerToChinese(integer: string): string {
  const padded = integer.padStart(Math.ceil(integer.length / 4) * 4, '0');
  const groups = padded.length / 4;
  let out = '';
  let pendingZero = false;
  for (let g = 0; g < groups; g++) {
    const group = padded.slice(g * 4, g * 4 + 4);
    if (group === '0000') {
      pendingZero = out !== '';
      continue;
    }
    if (out !== '' && (pendingZero || group.charAt(0) === '0')) out += DIGITS[0];
    pendingZero = false;
    out += groupToChinese(group) + GROUP_UNITS[groups - 1 - g];
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
