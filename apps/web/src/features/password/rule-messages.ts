import {
  CAPTCHA_REQUIRED_MESSAGE,
  NEW_PASSWORD_REQUIRED_MESSAGE,
  OLD_PASSWORD_REQUIRED_MESSAGE,
  PASSWORD_MISMATCH_MESSAGE,
  PASSWORD_NEEDS_CHARACTER_MESSAGE,
  PASSWORD_NEEDS_LOWERCASE_MESSAGE,
  PASSWORD_NEEDS_NUMBER_MESSAGE,
  PASSWORD_NEEDS_UPPERCASE_MESSAGE,
  REPEAT_PASSWORD_REQUIRED_MESSAGE,
} from '@platform/shared';
import type { TFunction } from 'i18next';

/**
 * The rules live in @platform/shared and answer with the spec's Chinese texts; this only finds the
 * locale key of such a text so zh-TW and en users read it in their language.
 */
const keys: Record<string, string> = {
  [OLD_PASSWORD_REQUIRED_MESSAGE]: 'rules.oldRequired',
  [NEW_PASSWORD_REQUIRED_MESSAGE]: 'rules.newRequired',
  [REPEAT_PASSWORD_REQUIRED_MESSAGE]: 'rules.repeatRequired',
  [PASSWORD_MISMATCH_MESSAGE]: 'rules.mismatch',
  [CAPTCHA_REQUIRED_MESSAGE]: 'rules.codeRequired',
  [PASSWORD_NEEDS_NUMBER_MESSAGE]: 'rules.needsNumber',
  [PASSWORD_NEEDS_LOWERCASE_MESSAGE]: 'rules.needsLowercase',
  [PASSWORD_NEEDS_UPPERCASE_MESSAGE]: 'rules.needsUppercase',
  [PASSWORD_NEEDS_CHARACTER_MESSAGE]: 'rules.needsCharacter',
};

const tooShort = /^新密码长度不能小于(\d+)位$/;

export function translateRuleMessage(message: string, t: TFunction): string {
  const key = keys[message];
  if (key) return t(key, { defaultValue: message });
  const short = tooShort.exec(message);
  if (short) return t('rules.tooShort', { n: Number(short[1]), defaultValue: message });
  return message;
}
