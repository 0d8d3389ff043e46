import type { DataInterfaceParameter } from '@platform/shared';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { useInterfaceParameters } from '../../dataInterface/index.ts';
import type { Operand } from './panel-types.ts';

/**
 * One parameter of a data-bound field's template (widgets.md "Parameter template entry",
 * "Select-dialog configuration" templateJson): the interface's parameter `field` takes the value of
 * the form field `relationField` (sourceType 1), the fixed `defaultValue` (2) or nothing (3).
 */
export interface TemplateEntry {
  field: string;
  fieldName: string;
  dataType: string;
  required: number;
  relationField: string;
  jnpfKey: string;
  sourceType: 1 | 2 | 3;
  defaultValue: string;
}

const sourceTypes = [1, 2, 3] as const;

/** The stored entry of parameter `p`, or a new one giving it the interface's own default value. */
function entryOf(p: DataInterfaceParameter, stored: readonly unknown[]): TemplateEntry {
  const found = stored.find(
    (e): e is Partial<TemplateEntry> => !!e && typeof e === 'object' && (e as TemplateEntry).field === p.field,
  );
  const sourceType = Number(found?.sourceType);
  return {
    field: p.field,
    fieldName: p.fieldName ?? '',
    dataType: p.dataType ?? 'varchar',
    required: p.required === 1 || p.required === true ? 1 : 0,
    relationField: typeof found?.relationField === 'string' ? found.relationField : '',
    jnpfKey: typeof found?.jnpfKey === 'string' ? found.jnpfKey : '',
    sourceType: sourceType === 1 || sourceType === 3 ? sourceType : 2,
    defaultValue:
      found && typeof found.defaultValue === 'string'
        ? found.defaultValue
        : p.defaultValue === null || p.defaultValue === undefined
          ? ''
          : String(p.defaultValue),
  };
}

/**
 * The parameters of the data interface a field reads its rows from (`GetParam/{id}`), each mapped
 * to another form field, a fixed value or nothing; the form engine sends them as `paramList`.
 */
export function InterfaceParams({
  interfaceId,
  template,
  fields,
  onChange,
}: {
  interfaceId: string;
  template: readonly unknown[];
  /** The fields a parameter may read (its own sub-table's columns as `table-column`). */
  fields: Operand[];
  onChange: (template: TemplateEntry[]) => void;
}) {
  const { t } = useTranslation('visualdev');
  const params = useInterfaceParameters(interfaceId);
  if (!interfaceId) return null;
  const entries = (params.data ?? []).map((p) => entryOf(p, template));
  const set = (i: number, patch: Partial<TemplateEntry>) =>
    onChange(entries.map((e, j) => (j === i ? { ...e, ...patch } : e)));
  return (
    <div className="vd-params" data-testid="interface-params">
      <div className="vd-props-title">{t('designer.props.params')}</div>
      {params.isSuccess && entries.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('designer.props.noParams')} />
      ) : null}
      {entries.map((entry, i) => {
        const name = entry.fieldName ? `${entry.fieldName}(${entry.field})` : entry.field;
        return (
          <div className="vd-param" key={entry.field}>
            <div className="vd-param-name">
              {name}
              {entry.required ? <span className="vd-param-required"> *</span> : null}
            </div>
            <div className="vd-param-value">
              <Select
                aria-label={t('designer.props.paramSource', { name: entry.field })}
                value={entry.sourceType}
                onChange={(sourceType) => set(i, { sourceType })}
                options={sourceTypes.map((value) => ({ value, label: t(`designer.props.paramSources.${value}`) }))}
                style={{ width: 96 }}
              />
              {entry.sourceType === 1 ? (
                <Select
                  aria-label={t('designer.props.paramField', { name: entry.field })}
                  placeholder={t('designer.props.paramFieldHint')}
                  value={entry.relationField || undefined}
                  onChange={(relationField: string) =>
                    set(i, {
                      relationField,
                      jnpfKey: fields.find((f) => f.name === relationField)?.jnpfKey ?? '',
                      defaultValue: '',
                    })
                  }
                  options={fields.map((f) => ({ value: f.name, label: f.label }))}
                  showSearch={{ optionFilterProp: 'label' }}
                  style={{ flex: 1, minWidth: 0 }}
                />
              ) : entry.sourceType === 2 ? (
                <Input
                  aria-label={t('designer.props.paramValue', { name: entry.field })}
                  placeholder={t('designer.props.paramValueHint')}
                  value={entry.defaultValue}
                  onChange={(e) => set(i, { defaultValue: e.target.value, relationField: '', jnpfKey: '' })}
                  style={{ flex: 1, minWidth: 0 }}
                />
              ) : null}
            </div>
          </div>
        );
      })}
    </div>
  );
}
