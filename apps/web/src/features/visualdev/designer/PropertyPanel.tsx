import Empty from 'antd/es/empty';
import Tabs from 'antd/es/tabs';
import { useTranslation } from 'react-i18next';
import { FieldProperties } from './FieldProperties.tsx';
import { FormProperties } from './FormProperties.tsx';
import type { PropertyPanelProps } from './panel-types.ts';

export type { Operand, PropertyPanelProps } from './panel-types.ts';

/** The right pane: the selected field's settings, and the form's own. */
export function PropertyPanel(props: PropertyPanelProps) {
  const { t } = useTranslation('visualdev');
  return (
    <Tabs
      className="vd-panel-tabs"
      defaultActiveKey="field"
      items={[
        {
          key: 'field',
          label: t('designer.fieldSettings'),
          children: props.node ? (
            <FieldProperties
              key={props.node.uid}
              node={props.node}
              operands={props.operands}
              paramFields={props.paramFields}
              onField={props.onField}
              onPart={props.onPart}
              onResize={props.onResize}
            />
          ) : (
            <Empty description={t('designer.nothingSelected')} />
          ),
        },
        {
          key: 'form',
          label: t('designer.formSettings'),
          children: <FormProperties settings={props.settings} onSettings={props.onSettings} />,
        },
      ]}
    />
  );
}
