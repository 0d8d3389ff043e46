import { type FlowInterfaceParam, FlowParamSource, type FormDataField, flowMsgSystemFields } from '@platform/shared';
import Empty from 'antd/es/empty';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { InterfaceSelect } from '../../../shared/components/index.ts';
import { useInterfaceParameters } from '../../dataInterface/index.ts';

const sources = [FlowParamSource.field, FlowParamSource.custom, FlowParamSource.empty, FlowParamSource.system];

/**
 * The parameters of the chosen interface (`GetParam/{id}`), each given its value from a form field,
 * a fixed text, nothing, or a system value: the node's `templateJson` (the node events' shape).
 */
function InterfaceParamList({
  interfaceId,
  fields,
  value,
  onChange,
}: {
  interfaceId: string;
  fields: readonly FormDataField[];
  value?: FlowInterfaceParam[];
  onChange?: (next: FlowInterfaceParam[]) => void;
}) {
  const { t } = useTranslation('workflow');
  const params = useInterfaceParameters(interfaceId);
  if (!interfaceId) return null;
  const stored = new Map((value ?? []).map((p) => [p.field, p]));
  // One entry per parameter the interface has now: stored choices kept, new ones read a form field.
  const entries: FlowInterfaceParam[] = (params.data ?? []).map((p) => ({
    field: p.field,
    fieldName: p.fieldName ?? '',
    sourceType: stored.get(p.field)?.sourceType ?? FlowParamSource.field,
    relationField: stored.get(p.field)?.relationField ?? '',
  }));
  const set = (i: number, patch: Partial<FlowInterfaceParam>) =>
    onChange?.(entries.map((e, j) => (j === i ? { ...e, ...patch } : e)));
  return (
    <div className="wf-interface-params" data-testid="wf-interface-params">
      {params.isSuccess && entries.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('props.noParams')} />
      ) : null}
      {entries.map((entry, i) => {
        const name = entry.fieldName ? `${entry.fieldName}(${entry.field})` : entry.field;
        return (
          <div className="wf-interface-param" key={entry.field}>
            <span className="wf-interface-param-name">{name}</span>
            <Select
              aria-label={t('props.paramSource', { name: entry.field })}
              value={entry.sourceType}
              onChange={(sourceType: number) => set(i, { sourceType, relationField: '' })}
              options={sources.map((s) => ({ value: s, label: t(`props.paramSources.${s}`) }))}
              style={{ width: 110 }}
            />
            {entry.sourceType === FlowParamSource.field ? (
              <Select
                aria-label={t('props.paramValue', { name: entry.field })}
                value={entry.relationField || undefined}
                onChange={(relationField: string) => set(i, { relationField })}
                options={fields.map((f) => ({ value: f.vModel, label: f.label }))}
                showSearch={{ optionFilterProp: 'label' }}
                style={{ flex: 1, minWidth: 0 }}
              />
            ) : entry.sourceType === FlowParamSource.custom ? (
              <Input
                aria-label={t('props.paramValue', { name: entry.field })}
                value={entry.relationField}
                onChange={(e) => set(i, { relationField: e.target.value })}
                style={{ flex: 1, minWidth: 0 }}
              />
            ) : entry.sourceType === FlowParamSource.system ? (
              <Select
                aria-label={t('props.paramValue', { name: entry.field })}
                value={entry.relationField || undefined}
                onChange={(relationField: string) => set(i, { relationField })}
                options={flowMsgSystemFields.map((v) => ({ value: v, label: t(`props.msg.system.${v}`) }))}
                style={{ flex: 1, minWidth: 0 }}
              />
            ) : null}
          </div>
        );
      })}
    </div>
  );
}

/**
 * 服务接口 (assigneeType 9): the data interface whose answer names the node's handlers, and where
 * each of its parameters takes its value.
 */
export function InterfaceSettings({ fields }: { fields: readonly FormDataField[] }) {
  const { t } = useTranslation('workflow');
  const form = Form.useFormInstance();
  const interfaceId = Form.useWatch<string | undefined>('interfaceId') ?? '';
  return (
    <>
      <Form.Item name="interfaceId" label={t('props.interface')}>
        <InterfaceSelect
          aria-label={t('props.interface')}
          onChange={(next) => {
            form.setFieldsValue({ interfaceId: next ?? '', templateJson: [] });
          }}
        />
      </Form.Item>
      {interfaceId ? (
        <Form.Item name="templateJson" label={t('props.interfaceParams')}>
          <InterfaceParamList interfaceId={interfaceId} fields={fields} />
        </Form.Item>
      ) : null}
    </>
  );
}
