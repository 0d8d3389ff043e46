import { useTranslation } from 'react-i18next';
import { InterfaceSelect } from '../../../../shared/components/InterfaceSelect.tsx';
import { InterfaceParams } from '../InterfaceParams.tsx';
import type { Operand } from '../panel-types.ts';
import { Row, type SectionProps, TextRow } from './section.tsx';

/** A field whose rows come from a data interface named on the field itself (`interfaceId`), with its row keys and parameters. */
export function PopupSection({ field, set, paramFields }: SectionProps & { paramFields: Operand[] }) {
  const { t } = useTranslation('visualdev');
  return (
    <>
      <Row label={t('designer.props.propsUrl')}>
        {(id) => (
          <InterfaceSelect
            id={id}
            value={typeof field.interfaceId === 'string' ? field.interfaceId : undefined}
            onChange={(interfaceId) => set({ interfaceId: interfaceId ?? '', templateJson: [] }, 'interfaceId')}
          />
        )}
      </Row>
      <TextRow
        label={t('designer.props.propsValue')}
        value={String(field.propsValue ?? 'id')}
        onChange={(propsValue) => set({ propsValue }, 'propsValue')}
      />
      <TextRow
        label={t('designer.props.propsLabel')}
        value={String(field.relationField ?? 'fullName')}
        onChange={(relationField) => set({ relationField }, 'relationField')}
      />
      <InterfaceParams
        interfaceId={typeof field.interfaceId === 'string' ? field.interfaceId : ''}
        template={Array.isArray(field.templateJson) ? field.templateJson : []}
        fields={paramFields}
        onChange={(templateJson) => set({ templateJson }, 'templateJson')}
      />
    </>
  );
}
