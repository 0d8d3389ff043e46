import { defaultMaskConfig } from '@platform/shared';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import { useTranslation } from 'react-i18next';
import { DefaultValue } from '../DefaultValue.tsx';
import { Row, type SectionProps, TextRow } from './section.tsx';

/** The hint an empty field shows. */
export function PlaceholderSection({ field, set }: SectionProps) {
  const { t } = useTranslation('visualdev');
  return (
    <TextRow
      label={t('designer.props.placeholder')}
      value={String(field.placeholder ?? '')}
      onChange={(placeholder) => set({ placeholder }, 'placeholder')}
    />
  );
}

/** The value a new record starts with, edited as the kind's values are. */
export function DefaultSection({ field, setConfig }: SectionProps) {
  const { t } = useTranslation('visualdev');
  return (
    <Row label={t('designer.props.defaultValue')}>
      {(id) => (
        <DefaultValue id={id} field={field} onChange={(value) => setConfig({ defaultValue: value }, 'defaultValue')} />
      )}
    </Row>
  );
}

/** A text input's mask (widgets.md "Masks"): on or off, and which kind. */
export function MaskSection({ field, set }: SectionProps) {
  const { t } = useTranslation('visualdev');
  return (
    <>
      <Row label={t('designer.props.useMask')}>
        {(id) => (
          <Switch
            id={id}
            checked={!!field.useMask}
            onChange={(useMask) =>
              set({ useMask, maskConfig: field.maskConfig ?? { ...defaultMaskConfig } }, 'useMask')
            }
          />
        )}
      </Row>
      {field.useMask ? (
        <Row label={t('designer.props.maskType')}>
          {(id) => (
            <Select
              id={id}
              value={Number((field.maskConfig as { maskType?: number } | undefined)?.maskType ?? 1)}
              onChange={(maskType) =>
                set({ maskConfig: { ...defaultMaskConfig, ...(field.maskConfig as object), maskType } }, 'maskType')
              }
              options={[1, 2, 3, 4, 5, 6, 7, 8].map((v) => ({
                value: v,
                label: t(`designer.props.maskTypes.${v}`),
              }))}
            />
          )}
        </Row>
      ) : null}
    </>
  );
}
