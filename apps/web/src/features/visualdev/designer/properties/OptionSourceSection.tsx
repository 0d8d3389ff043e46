import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { FormOption } from '@platform/shared';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import { useTranslation } from 'react-i18next';
import { InterfaceSelect } from '../../../../shared/components/InterfaceSelect.tsx';
import { DictionaryTypeSelect } from '../../../dictionary/index.ts';
import { InterfaceParams } from '../InterfaceParams.tsx';
import type { Operand } from '../panel-types.ts';
import { Row, type SectionProps, TextRow } from './section.tsx';

/**
 * Where a choice field's options come from: its own list (edited here), a dictionary, or a data
 * interface with its parameters and the row keys of the value and the label.
 */
export function OptionSourceSection({ field, set, setConfig, paramFields }: SectionProps & { paramFields: Operand[] }) {
  const { t } = useTranslation('visualdev');
  const config = field.__config__;
  return (
    <>
      <Row label={t('designer.props.dataType')}>
        {(id) => (
          <Radio.Group
            id={id}
            optionType="button"
            size="small"
            value={config.dataType === 'dictionary' || config.dataType === 'dynamic' ? config.dataType : 'static'}
            options={[
              { value: 'static', label: t('designer.props.dataTypes.static') },
              { value: 'dictionary', label: t('designer.props.dataTypes.dictionary') },
              { value: 'dynamic', label: t('designer.props.dataTypes.dynamic') },
            ]}
            onChange={(e) => setConfig({ dataType: e.target.value }, 'dataType')}
          />
        )}
      </Row>
      {config.dataType === 'dictionary' ? (
        <Row label={t('designer.props.dictionaryType')}>
          {(id) => (
            <DictionaryTypeSelect
              id={id}
              value={typeof config.dictionaryType === 'string' ? config.dictionaryType : undefined}
              onChange={(dictionaryType) => setConfig({ dictionaryType: dictionaryType ?? '' }, 'dictionaryType')}
            />
          )}
        </Row>
      ) : config.dataType === 'dynamic' ? (
        <>
          <Row label={t('designer.props.propsUrl')}>
            {(id) => (
              <InterfaceSelect
                id={id}
                value={typeof config.propsUrl === 'string' ? config.propsUrl : undefined}
                // Another interface has other parameters.
                onChange={(propsUrl) => setConfig({ propsUrl: propsUrl ?? '', templateJson: [] }, 'propsUrl')}
              />
            )}
          </Row>
          <InterfaceParams
            interfaceId={typeof config.propsUrl === 'string' ? config.propsUrl : ''}
            template={Array.isArray(config.templateJson) ? config.templateJson : []}
            fields={paramFields}
            onChange={(templateJson) => setConfig({ templateJson }, 'templateJson')}
          />
          <TextRow
            label={t('designer.props.propsValue')}
            value={String(field.props?.value ?? 'id')}
            onChange={(value) => set({ props: { ...field.props, value } }, 'propsValue')}
          />
          <TextRow
            label={t('designer.props.propsLabel')}
            value={String(field.props?.label ?? 'fullName')}
            onChange={(label) => set({ props: { ...field.props, label } }, 'propsLabel')}
          />
        </>
      ) : (
        <StaticOptions field={field} set={set} />
      )}
    </>
  );
}

/** The field's own options, each a label and a value, edited in place by position. */
function StaticOptions({ field, set }: Pick<SectionProps, 'field' | 'set'>) {
  const { t } = useTranslation('visualdev');
  const options: FormOption[] = Array.isArray(field.options) ? field.options : [];
  const setOptions = (next: FormOption[]) => set({ options: next }, `options:${next.length}`);
  return (
    <div className="vd-options">
      <div className="vd-props-title">{t('designer.props.options')}</div>
      {options.map((option, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place, by position
        <div className="vd-option" key={i}>
          <Input
            aria-label={t('designer.props.optionLabel', { n: i + 1 })}
            placeholder={t('designer.props.optionLabelHint')}
            value={option.fullName}
            onChange={(e) =>
              set(
                { options: options.map((o, j) => (j === i ? { ...o, fullName: e.target.value } : o)) },
                `option:${i}:label`,
              )
            }
          />
          <Input
            aria-label={t('designer.props.optionValue', { n: i + 1 })}
            placeholder={t('designer.props.optionValueHint')}
            value={option.id}
            onChange={(e) =>
              set({ options: options.map((o, j) => (j === i ? { ...o, id: e.target.value } : o)) }, `option:${i}:value`)
            }
          />
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('designer.props.removeOption', { n: i + 1 })}
            onClick={() => setOptions(options.filter((_, j) => j !== i))}
          />
        </div>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        onClick={() =>
          setOptions([...options, { id: String(options.length + 1), fullName: String(options.length + 1) }])
        }
      >
        {t('designer.props.addOption')}
      </Button>
    </div>
  );
}
