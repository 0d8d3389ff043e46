import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import { useTranslation } from 'react-i18next';
import { PrintTemplateSelect, printTemplateIds } from '../../printDev/index.ts';
import type { PropertyPanelProps } from './panel-types.ts';
import { Row } from './properties/section.tsx';
import type { FormSettings } from './state.ts';

/** The form's own settings: labels, size, how it opens, its buttons and printing, the gutter. */
export function FormProperties({
  settings,
  onSettings,
}: {
  settings: FormSettings;
  onSettings: PropertyPanelProps['onSettings'];
}) {
  const { t } = useTranslation('visualdev');
  const set = (patch: Record<string, unknown>, merge: string) => onSettings({ ...settings, ...patch }, `form:${merge}`);
  return (
    <Form layout="vertical" size="small" className="vd-props">
      <Row label={t('designer.form.labelPosition')}>
        {(id) => (
          <Radio.Group
            id={id}
            optionType="button"
            value={settings.labelPosition ?? 'right'}
            onChange={(e) => set({ labelPosition: e.target.value }, 'labelPosition')}
            options={['left', 'right', 'top'].map((value) => ({ value, label: t(`designer.form.position.${value}`) }))}
          />
        )}
      </Row>
      <Row label={t('designer.form.labelWidth')}>
        {(id) => (
          <InputNumber
            id={id}
            min={0}
            max={500}
            value={typeof settings.labelWidth === 'number' ? settings.labelWidth : 100}
            onChange={(labelWidth) => set({ labelWidth: labelWidth ?? 100 }, 'labelWidth')}
            style={{ width: '100%' }}
          />
        )}
      </Row>
      <Row label={t('designer.form.size')}>
        {(id) => (
          <Select
            id={id}
            value={String(settings.size ?? 'small')}
            onChange={(size) => set({ size }, 'size')}
            options={['default', 'medium', 'small', 'mini'].map((value) => ({
              value,
              label: t(`designer.form.sizes.${value}`),
            }))}
          />
        )}
      </Row>
      <Row label={t('designer.form.popupType')}>
        {(id) => (
          <Select
            id={id}
            value={String(settings.popupType ?? 'general')}
            onChange={(popupType) => set({ popupType }, 'popupType')}
            options={['general', 'fullScreen', 'drawer'].map((value) => ({
              value,
              label: t(`designer.form.popupTypes.${value}`),
            }))}
          />
        )}
      </Row>
      {(['hasConfirmBtn', 'hasCancelBtn', 'hasPrintBtn'] as const).map((key) => (
        <Row key={key} label={t(`designer.form.${key}`)}>
          {(id) => (
            <Switch
              id={id}
              checked={key === 'hasPrintBtn' ? !!settings[key] : settings[key] !== false}
              onChange={(on) => set({ [key]: on }, key)}
            />
          )}
        </Row>
      ))}
      {settings.hasPrintBtn ? (
        <>
          <Row label={t('designer.form.printButtonText')}>
            {(id) => (
              <Input
                id={id}
                value={String(settings.printButtonText ?? '')}
                onChange={(e) => set({ printButtonText: e.target.value }, 'printButtonText')}
              />
            )}
          </Row>
          <Row label={t('designer.form.printId')}>
            {(id) => (
              <PrintTemplateSelect
                id={id}
                value={printTemplateIds(settings.printId)}
                onChange={(printId) => set({ printId }, 'printId')}
              />
            )}
          </Row>
        </>
      ) : null}
      <Row label={t('designer.form.gutter')}>
        {(id) => (
          <InputNumber
            id={id}
            min={0}
            max={100}
            value={typeof settings.gutter === 'number' ? settings.gutter : 15}
            onChange={(gutter) => set({ gutter: gutter ?? 15 }, 'gutter')}
            style={{ width: '100%' }}
          />
        )}
      </Row>
    </Form>
  );
}
