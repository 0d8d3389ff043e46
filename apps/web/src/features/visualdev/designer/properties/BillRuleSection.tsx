import { useTranslation } from 'react-i18next';
import { BillRuleTemplatePicker } from '../../../billRule/index.ts';
import { Row, type SectionProps } from './section.tsx';

/** The bill-rule template a billRule field numbers its records by. */
export function BillRuleSection({ field, setConfig }: SectionProps) {
  const { t } = useTranslation('visualdev');
  const rule = field.__config__.rule;
  return (
    <Row label={t('designer.props.rule')}>
      {(id) => (
        <BillRuleTemplatePicker
          id={id}
          value={typeof rule === 'string' ? rule : undefined}
          onChange={(next) => setConfig({ rule: next ?? '' }, 'rule')}
        />
      )}
    </Row>
  );
}
