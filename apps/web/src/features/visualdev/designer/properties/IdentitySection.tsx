import { PERMISSION_KEY_MAX, permissionKeyProblem } from '@platform/shared';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useKindName } from '../Canvas.tsx';
import { Row, type SectionProps, TextRow } from './section.tsx';

/** The field's kind, its name and permission key (value fields) and its label. */
export function IdentitySection({ field, kind, set, setConfig }: SectionProps) {
  const { t } = useTranslation('visualdev');
  const kindName = useKindName();
  const config = field.__config__;
  const isValue = field.__vModel__ !== undefined;
  return (
    <>
      <div className="vd-props-kind">{kindName(config.jnpfKey)}</div>
      {isValue ? (
        <TextRow
          label={t('designer.props.vModel')}
          value={field.__vModel__ ?? ''}
          onChange={(__vModel__) => set({ __vModel__ }, 'vModel')}
        />
      ) : null}
      {isValue ? (
        <PermissionKey
          value={typeof config.permissionKey === 'string' ? config.permissionKey : ''}
          name={field.__vModel__ ?? ''}
          onChange={(permissionKey) => setConfig({ permissionKey }, 'permissionKey')}
        />
      ) : null}
      <Row label={t('designer.props.label')}>
        {(id) => (
          <Input
            id={id}
            value={config.label ?? ''}
            onChange={(e) => {
              const label = e.target.value;
              // A card shows its label as its header; a title, divider or text shows it as its content.
              const shownAs =
                kind === 'card' ? 'header' : ['groupTitle', 'divider', 'text'].includes(kind) ? 'content' : null;
              if (shownAs) set({ [shownAs]: label, __config__: { ...config, label } }, 'label');
              else setConfig({ label }, 'label');
            }}
          />
        )}
      </Row>
    </>
  );
}

/**
 * 权限标识: the code the published menu's column and form permission entries give the field
 * (several fields may share one); blank means the field's name. Shows why a key cannot be published.
 */
function PermissionKey({ value, name, onChange }: { value: string; name: string; onChange: (key: string) => void }) {
  const { t } = useTranslation('visualdev');
  const id = useId();
  const problem = permissionKeyProblem(value.trim());
  return (
    <Form.Item
      label={t('designer.props.permissionKey')}
      htmlFor={id}
      colon={false}
      validateStatus={problem ? 'error' : undefined}
      help={problem ? t(`designer.props.permissionKeyProblem.${problem}`, { max: PERMISSION_KEY_MAX }) : undefined}
      // The hint as extra keeps the item's bottom margin, so the next label does not touch it; a
      // problem replaces it (antd drops that margin under a help line).
      extra={problem ? undefined : t('designer.props.permissionKeyHint')}
    >
      <Input id={id} value={value} placeholder={name} onChange={(e) => onChange(e.target.value)} />
    </Form.Item>
  );
}
