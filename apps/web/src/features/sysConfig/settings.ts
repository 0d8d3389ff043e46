import { type SysConfigInput, type SysConfigKey, type SysConfigView, sysConfigFields } from '@platform/shared';

/**
 * The bridge between the stored settings (`GET/PUT /api/system/SysConfig`: text or numbers, flags
 * 0/1) and the page's forms (switches hold booleans). What each field may hold is read from
 * `sysConfigFields`, the schema the server validates with, so the form's limits cannot drift.
 */

/** The settings each tab shows and saves: a tab's save sends these and nothing else. */
export const tabFields = {
  basic: [
    'sysName',
    'sysVersion',
    'title',
    'copyright',
    'sysDescription',
    'companyName',
    'companyCode',
    'companyAddress',
    'companyContacts',
    'companyTelePhone',
    'companyEmail',
    'logoIcon',
    'workLogoIcon',
    'navigationIcon',
    'loginIcon',
    'appIcon',
  ],
  security: [
    'singleLogin',
    'tokenTimeout',
    'passwordErrorsNumber',
    'lockType',
    'lockTime',
    'enableVerificationCode',
    'verificationCodeNumber',
    'captchaAfterErrorsNumber',
    'lastLoginTimeSwitch',
    'whitelistSwitch',
    'whiteListIp',
    'passwordStrengthLimit',
    'passwordLengthMin',
    'passwordLengthMinNumber',
    'containsNumbers',
    'includeLowercaseLetters',
    'includeUppercaseLetters',
    'containsCharacters',
    'passwordIsUpdatedRegularly',
    'updateCycle',
    'updateInAdvance',
    'disableOldPassword',
    'disableTheNumberOfOldPasswords',
    'mandatoryModificationOfInitialPassword',
    'newUserDefaultPassword',
  ],
  mail: ['emailSmtpHost', 'emailSmtpPort', 'emailSsl', 'emailAccount', 'emailPassword', 'emailSenderName'],
  map: ['mapServiceKey', 'mapApiBase'],
  weCom: ['qyhCorpId', 'qyhAgentId', 'qyhAgentSecret', 'qyhCorpSecret', 'qyhIsSynOrg', 'qyhIsSynUser', 'qyhApiBase'],
  dingTalk: ['dingAgentId', 'dingSynAppKey', 'dingSynAppSecret', 'dingSynIsSynOrg', 'dingSynIsSynUser', 'dingApiBase'],
} as const satisfies Record<string, readonly SysConfigKey[]>;

export type SettingsTab = keyof typeof tabFields;

/** A form's values: switches as booleans, the rest as stored. */
export type FormValues = Partial<Record<SysConfigKey, string | number | boolean | null>>;

interface FieldSchema {
  type?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  anyOf?: { const?: unknown }[];
}

const schemaOf = (key: SysConfigKey) => sysConfigFields[key] as FieldSchema;

/** The choices of a field that takes one of a few numbers (flags 0/1, singleLogin 1/2). */
function choicesOf(key: SysConfigKey): unknown[] | undefined {
  return schemaOf(key).anyOf?.map((option) => option.const);
}

/** A flag: 0 or 1, shown as a switch. */
export function isFlag(key: SysConfigKey): boolean {
  const choices = choicesOf(key);
  return choices?.length === 2 && choices.includes(0) && choices.includes(1);
}

/** What the schema allows a field to hold, for the form's inputs and rules. */
export interface FieldLimits {
  kind: 'flag' | 'choice' | 'integer' | 'text';
  required: boolean;
  min?: number;
  max?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: RegExp;
}

export function limitsOf(key: SysConfigKey): FieldLimits {
  const schema = schemaOf(key);
  if (isFlag(key)) return { kind: 'flag', required: true };
  if (schema.anyOf) return { kind: 'choice', required: true };
  if (schema.type === 'integer') return { kind: 'integer', required: true, min: schema.minimum, max: schema.maximum };
  return {
    kind: 'text',
    required: (schema.minLength ?? 0) > 0,
    minLength: schema.minLength,
    maxLength: schema.maxLength,
    pattern: schema.pattern ? new RegExp(schema.pattern) : undefined,
  };
}

/** The stored settings of some fields as a form's values (flags become booleans). */
export function toFormValues(view: SysConfigView | undefined, keys: readonly SysConfigKey[]): FormValues {
  const values: FormValues = {};
  for (const key of keys) {
    const stored = view?.[key];
    if (isFlag(key)) values[key] = Number(stored) === 1;
    else if (limitsOf(key).kind === 'text') values[key] = stored === undefined ? '' : String(stored);
    else values[key] = stored === undefined || stored === '' ? null : Number(stored);
  }
  return values;
}

/** A form's values as the settings to save: only `keys`, switches as 1/0, empty text as ''. */
export function toSettings(values: FormValues, keys: readonly SysConfigKey[]): SysConfigInput {
  const settings: Record<string, string | number> = {};
  for (const key of keys) {
    const value = values[key];
    if (isFlag(key)) settings[key] = value ? 1 : 0;
    else if (limitsOf(key).kind === 'text') settings[key] = value === null || value === undefined ? '' : String(value);
    else if (typeof value === 'number') settings[key] = value;
    // An empty number is left out rather than sent as nothing: the form's rules ask for one first.
  }
  return settings as SysConfigInput;
}
