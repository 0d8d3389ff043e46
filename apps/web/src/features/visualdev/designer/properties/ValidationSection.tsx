import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { FormRegRule } from '@platform/shared';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Switch from 'antd/es/switch';
import { useTranslation } from 'react-i18next';
import { Row, type SectionProps } from './section.tsx';

/** Whether a value field is required, disabled or read-only, and the patterns its value must match. */
export function ValidationSection({ field, set, setConfig }: SectionProps) {
  const { t } = useTranslation('visualdev');
  const config = field.__config__;
  const rules: FormRegRule[] = Array.isArray(config.regList) ? config.regList : [];
  const setRules = (next: FormRegRule[]) => setConfig({ regList: next }, `regList:${next.length}`);
  const editRule = (i: number, patch: Partial<FormRegRule>, merge: string) =>
    setConfig({ regList: rules.map((r, j) => (j === i ? { ...r, ...patch } : r)) }, `rule:${i}:${merge}`);
  return (
    <>
      <Row label={t('designer.props.required')}>
        {(id) => (
          <Switch id={id} checked={!!config.required} onChange={(required) => setConfig({ required }, 'required')} />
        )}
      </Row>
      <Row label={t('designer.props.disabled')}>
        {(id) => <Switch id={id} checked={!!field.disabled} onChange={(disabled) => set({ disabled }, 'disabled')} />}
      </Row>
      <Row label={t('designer.props.readonly')}>
        {(id) => <Switch id={id} checked={!!field.readonly} onChange={(readonly) => set({ readonly }, 'readonly')} />}
      </Row>
      <div className="vd-rules">
        <div className="vd-props-title">{t('designer.props.regList')}</div>
        {rules.map((rule, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rules are edited in place, by position
          <div className="vd-rule" key={i}>
            <Input
              aria-label={t('designer.props.pattern', { n: i + 1 })}
              placeholder={t('designer.props.patternHint')}
              value={rule.pattern}
              onChange={(e) => editRule(i, { pattern: e.target.value }, 'pattern')}
            />
            <Input
              aria-label={t('designer.props.message', { n: i + 1 })}
              placeholder={t('designer.props.messageHint')}
              value={rule.message}
              onChange={(e) => editRule(i, { message: e.target.value }, 'message')}
            />
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('designer.props.removeRule', { n: i + 1 })}
              onClick={() => setRules(rules.filter((_, j) => j !== i))}
            />
          </div>
        ))}
        <Button size="small" icon={<PlusOutlined />} onClick={() => setRules([...rules, { pattern: '', message: '' }])}>
          {t('designer.props.addRule')}
        </Button>
      </div>
    </>
  );
}
