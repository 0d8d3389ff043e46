import type { SysConfigKey, SysConfigView } from '@platform/shared';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { limitsOf } from '../settings.ts';
import { SettingField, SettingsForm, SettingsGroup } from './SettingsForm.tsx';

const logoKeys = [
  'logoIcon',
  'workLogoIcon',
  'navigationIcon',
  'loginIcon',
  'appIcon',
] as const satisfies SysConfigKey[];

/** A small preview of the image at a logo address, once the address is one the server accepts. */
function LogoPreview({ name }: { name: SysConfigKey }) {
  const { t } = useTranslation('sysConfig');
  const address = Form.useWatch(name) as string | undefined;
  // The address that failed to load, so a typo shows as such rather than as a broken image.
  const [broken, setBroken] = useState<string>();
  const valid = Boolean(address) && (limitsOf(name).pattern?.test(address ?? '') ?? true);
  if (!valid) return <span className="sys-config-logo-empty">{t('noImage')}</span>;
  if (broken === address) return <span className="sys-config-logo-empty">{t('imageFailed')}</span>;
  return (
    <img
      className="sys-config-logo"
      src={address}
      alt={t('previewOf', { name: t(`fields.${name}`) })}
      onError={() => setBroken(address)}
    />
  );
}

/** 基本设置: the system's name and texts, the company, the logo addresses. */
export function BasicTab({ view }: { view: SysConfigView }) {
  const { t } = useTranslation('sysConfig');
  return (
    <SettingsForm tab="basic" view={view}>
      <SettingsGroup title={t('groups.system')} />
      <SettingField name="sysName" />
      <SettingField name="sysVersion" />
      <SettingField name="title" />
      <SettingField name="copyright" />
      <SettingField
        name="sysDescription"
        input={<Input.TextArea rows={3} maxLength={limitsOf('sysDescription').maxLength} showCount />}
      />
      <SettingsGroup title={t('groups.company')} />
      <SettingField name="companyName" />
      <SettingField name="companyCode" />
      <SettingField name="companyAddress" />
      <SettingField name="companyContacts" />
      <SettingField name="companyTelePhone" />
      <SettingField name="companyEmail" />
      <SettingsGroup title={t('groups.logos')} />
      {logoKeys.map((key) => (
        <SettingField
          key={key}
          name={key}
          extra={
            <div className="sys-config-logo-box">
              <LogoPreview name={key} />
              <span>{t('logoHint')}</span>
            </div>
          }
          input={<Input maxLength={limitsOf(key).maxLength} placeholder={t('logoPlaceholder')} />}
        />
      ))}
    </SettingsForm>
  );
}
