import type { SysConfigKey, SysConfigView } from '@platform/shared';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import { useTranslation } from 'react-i18next';
import { limitsOf } from '../settings.ts';
import { SettingField, SettingsForm, SettingsGroup } from './SettingsForm.tsx';

/** Whether the switch `name` is on (the settings below it only mean something then). */
const useOn = (name: SysConfigKey) => Form.useWatch(name) === true;

function SignInSettings() {
  const { t } = useTranslation('sysConfig');
  const whitelist = useOn('whitelistSwitch');
  const verificationCode = useOn('enableVerificationCode');
  const minutes = t('units.minutes');
  const times = t('units.times');
  return (
    <>
      <SettingsGroup title={t('groups.signIn')} />
      <SettingField
        name="singleLogin"
        input={
          <Radio.Group
            options={[
              { value: 1, label: t('singleLogins.1') },
              { value: 2, label: t('singleLogins.2') },
            ]}
          />
        }
      />
      <SettingField name="tokenTimeout" suffix={minutes} extra={t('hints.tokenTimeout')} />
      <SettingField name="passwordErrorsNumber" suffix={times} />
      <SettingField
        name="lockType"
        input={
          <Radio.Group
            options={[
              { value: 1, label: t('lockTypes.1') },
              { value: 2, label: t('lockTypes.2') },
            ]}
          />
        }
        extra={t('hints.lockType')}
      />
      <SettingField name="lockTime" suffix={minutes} />
      <SettingField name="enableVerificationCode" />
      <SettingField name="verificationCodeNumber" />
      <SettingField
        name="captchaAfterErrorsNumber"
        suffix={times}
        disabled={verificationCode}
        extra={t('hints.captchaAfterErrors')}
      />
      <SettingField name="lastLoginTimeSwitch" />
      <SettingField name="whitelistSwitch" extra={t('hints.whitelist')} />
      <SettingField
        name="whiteListIp"
        disabled={!whitelist}
        input={
          <Input.TextArea
            rows={3}
            disabled={!whitelist}
            maxLength={limitsOf('whiteListIp').maxLength}
            placeholder={t('hints.whiteListIp')}
          />
        }
      />
    </>
  );
}

function PasswordSettings() {
  const { t } = useTranslation('sysConfig');
  const strength = useOn('passwordStrengthLimit');
  const lengthMin = useOn('passwordLengthMin');
  const regularly = useOn('passwordIsUpdatedRegularly');
  const oldPasswords = useOn('disableOldPassword');
  const days = t('units.days');
  return (
    <>
      <SettingsGroup title={t('groups.password')} />
      <SettingField name="passwordStrengthLimit" extra={t('hints.passwordStrengthLimit')} />
      <SettingField name="passwordLengthMin" disabled={!strength} />
      <SettingField name="passwordLengthMinNumber" disabled={!strength || !lengthMin} />
      <SettingField name="containsNumbers" disabled={!strength} />
      <SettingField name="includeLowercaseLetters" disabled={!strength} />
      <SettingField name="includeUppercaseLetters" disabled={!strength} />
      <SettingField name="containsCharacters" disabled={!strength} />
      <SettingField name="passwordIsUpdatedRegularly" extra={t('hints.passwordIsUpdatedRegularly')} />
      <SettingField name="updateCycle" suffix={days} disabled={!regularly} />
      <SettingField name="updateInAdvance" suffix={days} disabled={!regularly} />
      <SettingField name="disableOldPassword" extra={t('hints.disableOldPassword')} />
      <SettingField name="disableTheNumberOfOldPasswords" disabled={!oldPasswords} />
      <SettingField name="mandatoryModificationOfInitialPassword" />
      <SettingField
        name="newUserDefaultPassword"
        input={<Input.Password maxLength={limitsOf('newUserDefaultPassword').maxLength} autoComplete="new-password" />}
      />
    </>
  );
}

/** 安全设置: how people sign in, and the password policy (shell.md §5). */
export function SecurityTab({ view }: { view: SysConfigView }) {
  return (
    <SettingsForm tab="security" view={view}>
      <SignInSettings />
      <PasswordSettings />
    </SettingsForm>
  );
}
