import type { SysConfigView } from '@platform/shared';
import { useTranslation } from 'react-i18next';
import { SettingField, SettingsForm } from './SettingsForm.tsx';

/** 地图服务: the key and address of the map service the location field searches through (the server calls it). */
export function MapTab({ view }: { view: SysConfigView }) {
  const { t } = useTranslation('sysConfig');
  return (
    <SettingsForm tab="map" view={view}>
      <SettingField name="mapServiceKey" extra={t('mapServiceKeyHint')} />
      <SettingField name="mapApiBase" extra={t('hints.apiBase', { host: 'https://restapi.amap.com' })} />
    </SettingsForm>
  );
}
