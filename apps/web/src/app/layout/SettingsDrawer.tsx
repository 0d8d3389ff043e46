import { CheckOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
import Divider from 'antd/es/divider';
import Drawer from 'antd/es/drawer';
import Segmented from 'antd/es/segmented';
import Switch from 'antd/es/switch';
import { useTranslation } from 'react-i18next';
import { profileApi } from '../../features/profile/api.ts';
import {
  type DisplaySettings,
  type InterfaceSize,
  type LayoutType,
  layouts,
  sizes,
  type ThemeColor,
  themeColors,
  useSettings,
} from '../settings-store.ts';

const switches = ['showTagsView', 'showTagIcon', 'useCache', 'showLanguage', 'showSearch'] as const;

/** A small picture of each navigation style. */
function LayoutPicture({ layout }: { layout: LayoutType }) {
  return (
    <span className={`shell-layout-picture ${layout}`} aria-hidden="true">
      <i className="side" />
      <i className="top" />
      <i className="rail" />
    </span>
  );
}

/**
 * shell.md §2.6 settings drawer (280 px): layout, dark or light, eight themes, switches and size.
 * Everything is stored locally at once; a layout change is also sent to the server (SystemTheme).
 */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const settings = useSettings();
  const change = (patch: Partial<DisplaySettings>) => settings.set(patch);
  const chooseLayout = (layout: LayoutType) => {
    change({ layout });
    profileApi.saveTheme(layout).catch(() => undefined);
  };
  return (
    <Drawer open={open} onClose={onClose} title={t('setting.title')} size={280} className="shell-settings">
      <Divider titlePlacement="center">{t('setting.layout')}</Divider>
      <div className="shell-layouts">
        {layouts.map((layout) => (
          <button
            key={layout}
            type="button"
            aria-pressed={settings.layout === layout}
            className={settings.layout === layout ? 'active' : ''}
            onClick={() => chooseLayout(layout)}
          >
            <LayoutPicture layout={layout} />
            <span>{t(`setting.layouts.${layout}`)}</span>
          </button>
        ))}
      </div>
      <Divider titlePlacement="center">{t('setting.mode')}</Divider>
      <Segmented
        block
        value={settings.mode}
        onChange={(mode) => change({ mode: mode as 'light' | 'dark' })}
        options={[
          { value: 'light', label: t('setting.light') },
          { value: 'dark', label: t('setting.dark') },
        ]}
      />
      <Divider titlePlacement="center">{t('setting.theme')}</Divider>
      <div className="shell-themes">
        {(Object.keys(themeColors) as ThemeColor[]).map((theme) => (
          <button
            key={theme}
            type="button"
            aria-pressed={settings.themeColor === theme}
            aria-label={t(`setting.themes.${theme}`)}
            title={t(`setting.themes.${theme}`)}
            style={{ background: themeColors[theme] }}
            onClick={() => change({ themeColor: theme })}
          >
            {settings.themeColor === theme && <CheckOutlined />}
          </button>
        ))}
      </div>
      <Divider titlePlacement="center">{t('setting.interface')}</Divider>
      {switches.map((name) => (
        <div key={name} className="shell-setting-row">
          <span>{t(`setting.${name}`)}</span>
          <Switch
            aria-label={t(`setting.${name}`)}
            checked={settings[name]}
            onChange={(checked) => change({ [name]: checked })}
          />
        </div>
      ))}
      <div className="shell-setting-row">
        <span>{t('setting.size')}</span>
        <Segmented
          value={settings.size}
          onChange={(size) => change({ size: size as InterfaceSize })}
          options={sizes.map((size) => ({ value: size, label: t(`setting.sizes.${size}`) }))}
        />
      </div>
      <Button block className="shell-settings-reset" onClick={() => settings.resetSettings()}>
        {t('setting.reset')}
      </Button>
    </Drawer>
  );
}
