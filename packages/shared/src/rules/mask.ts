/**
 * maskType: 0 custom, 1 all, 2 name, 3 phone, 4 e-mail, 5 ID number, 6 IP address, 7 licence plate, 8 bank card.
 * prefixType / suffixType: 1 show nothing, 2 show `limit` characters, 3 show up to (excluding) the specified
 * character, 4 show up to and including the specified character.
 */
export interface MaskConfig {
  filler: string;
  maskType: number;
  prefixType: number;
  prefixLimit: number;
  prefixSpecifyChar: string;
  suffixType: number;
  suffixLimit: number;
  suffixSpecifyChar: string;
  /** Comma-separated characters or strings left visible inside the masked part. */
  ignoreChar: string;
  /** Replace the masked part by a fixed number of fillers, hiding the real length. */
  useUnrealMask: boolean;
  unrealMaskLength: number;
}

export const MASK_FILLER = '*';

export const defaultMaskConfig: Readonly<MaskConfig> = {
  filler: MASK_FILLER,
  maskType: 1,
  prefixType: 1,
  prefixLimit: 0,
  prefixSpecifyChar: '',
  suffixType: 1,
  suffixLimit: 0,
  suffixSpecifyChar: '',
  ignoreChar: '',
  useUnrealMask: false,
  unrealMaskLength: 1,
};

/** The fixed length an ID number's middle is masked to, whatever its real length. */
const ID_NUMBER_MASK_LENGTH = 4;

function fill(config: MaskConfig, n: number): string {
  return (config.filler || MASK_FILLER).repeat(Math.max(0, n));
}

function keepEnds(text: string, head: number, tail: number, config: MaskConfig): string {
  const chars = [...text];
  if (chars.length <= head + tail) return text;
  return (
    chars.slice(0, head).join('') + fill(config, chars.length - head - tail) + chars.slice(chars.length - tail).join('')
  );
}

function maskName(text: string, config: MaskConfig): string {
  const chars = [...text];
  if (chars.length <= 1) return text;
  if (chars.length === 2) return chars[0] + fill(config, 1);
  return keepEnds(text, 1, 1, config);
}

function maskEmail(text: string, config: MaskConfig): string {
  const at = text.indexOf('@');
  if (text.length <= 3 || (at > -1 && at < 3)) return text;
  if (at < 0) return text.slice(0, 3) + fill(config, text.length - 3);
  return text.slice(0, 3) + fill(config, at - 3) + text.slice(at);
}

function maskIdNumber(text: string, config: MaskConfig): string {
  if (text.length <= 9) return text;
  return text.slice(0, 6) + fill(config, ID_NUMBER_MASK_LENGTH) + text.slice(-3);
}

function maskIp(text: string, config: MaskConfig): string {
  const first = text.split('.')[0] ?? '';
  return first + `.${fill(config, 3)}`.repeat(3);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function maskCustom(text: string, config: MaskConfig): string {
  let head = 0;
  let tail = 0;
  if (config.prefixType === 2) head = Math.max(0, config.prefixLimit || 0);
  if ((config.prefixType === 3 || config.prefixType === 4) && config.prefixSpecifyChar) {
    const index = text.indexOf(config.prefixSpecifyChar);
    if (index > -1) head = config.prefixType === 3 ? index : index + config.prefixSpecifyChar.length;
  }
  if (config.suffixType === 2) tail = Math.max(0, config.suffixLimit || 0);
  if ((config.suffixType === 3 || config.suffixType === 4) && config.suffixSpecifyChar) {
    const index = text.indexOf(config.suffixSpecifyChar);
    if (index > -1)
      tail = config.suffixType === 3 ? text.length - index - config.suffixSpecifyChar.length : text.length - index;
  }
  if (head + tail >= text.length) return text;
  const middle = text.slice(head, text.length - tail);
  const maskPart = (part: string) => fill(config, config.useUnrealMask ? config.unrealMaskLength || 1 : part.length);
  let masked: string;
  if (!config.ignoreChar) {
    masked = maskPart(middle);
  } else {
    const keep = config.ignoreChar.split(',').filter((c) => c !== '');
    const splitter = new RegExp(`(${keep.map(escapeRegExp).join('|')})`, 'g');
    masked = middle
      .split(splitter)
      .map((part) => (part && !keep.includes(part) ? maskPart(part) : part))
      .join('');
  }
  return text.slice(0, head) + masked + text.slice(text.length - tail);
}

/** The masked display text of a value (widgets.md §9 masks); empty input gives ''. */
export function maskText(value: string | number | null | undefined, config: Partial<MaskConfig> = {}): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value);
  const c: MaskConfig = { ...defaultMaskConfig, ...config };
  switch (c.maskType) {
    case 0:
      return maskCustom(text, c);
    case 1:
      return fill(c, [...text].length);
    case 2:
      return maskName(text, c);
    case 3:
      return keepEnds(text, 3, 4, c);
    case 4:
      return maskEmail(text, c);
    case 5:
      return maskIdNumber(text, c);
    case 6:
      return maskIp(text, c);
    case 7:
      return keepEnds(text, 1, 2, c);
    case 8:
      return keepEnds(text, 6, 4, c);
    default:
      return text;
  }
}
