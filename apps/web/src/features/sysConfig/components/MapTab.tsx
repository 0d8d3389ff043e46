import type { SysConfigView } from '@platform/shared';
import { useTranslation } from 'react-i18next';
import { SettingField, SettingsForm } from './SettingsForm.tsx';

/** 地图服务: the key of the map service the map controls use. */
export function MapTab({ view }: { view: SysConfigView }) {
  const { t } = useTranslation('sysConfig');
  return (
    <SettingsForm tab="map" view={view}>
      <SettingField name="mapServiceKey" extra={t('mapServiceKeyHint')} />
    </SettingsForm>
  );
}
