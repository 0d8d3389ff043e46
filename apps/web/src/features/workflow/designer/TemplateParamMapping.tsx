import { type FlowMsgConfig, type FormDataField, flowMsgSystemFields } from '@platform/shared';
import { useQueries, useQuery } from '@tanstack/react-query';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { useDictionaryOptions } from '../../../shared/api/dictionaries.ts';
import { sendConfigApi } from '../../sendConfig/index.ts';

export type TemplateMapping = NonNullable<FlowMsgConfig['templateJson']>;

/**
 * The stored mapping (`templateJson`) for the templates of a send configuration: one entry per
 * template in the configuration's order, each parameter with the value it had (none for a new one).
 * Templates the configuration no longer uses are left out.
 */
export function mappingFor(
  templates: readonly {
    templateId: string;
    fullName: string;
    params: readonly { field: string; fieldName: string }[];
  }[],
  current: TemplateMapping | undefined,
  change?: { templateId: string; field: string; relationField: string | undefined },
): TemplateMapping {
  return templates.map((template) => {
    const before = current?.find((m) => m.templateId === template.templateId)?.paramJson ?? [];
    return {
      templateId: template.templateId,
      msgTemplateName: template.fullName,
      paramJson: template.params.map((p) => {
        const relationField =
          change?.templateId === template.templateId && change.field === p.field
            ? change.relationField
            : before.find((b) => b.field === p.field)?.relationField;
        return { field: p.field, fieldName: p.fieldName, ...(relationField ? { relationField } : {}) };
      }),
    };
  });
}

/**
 * 参数设置 of a node event's send configuration ("custom" messages): each template the
 * configuration sends, with its parameters; each parameter takes its value from a form field or a
 * system value (`@flowFullName`, `@launchUserName`, ...), kept as `templateJson[{templateId,
 * paramJson[{field, relationField}]}]`.
 */
export function TemplateParamMapping({
  msgId,
  fields,
  label,
  value,
  onChange,
}: {
  msgId: string | undefined;
  fields: readonly FormDataField[];
  /** The event's name, so each parameter's picker says which event it belongs to. */
  label: string;
  value?: TemplateMapping;
  onChange?: (next: TemplateMapping) => void;
}) {
  const { t } = useTranslation('workflow');
  const channels = useDictionaryOptions('msgSendType', 'enCode');
  const config = useQuery({
    queryKey: ['workflow', 'sendConfig', msgId],
    queryFn: () => sendConfigApi.info(msgId as string),
    enabled: !!msgId,
    staleTime: 10_000,
  });
  const items = (config.data?.sendConfigTemplateList ?? []).filter((item) => item.enabledMark !== 0);
  const templateIds = [...new Set(items.map((item) => item.templateId))];
  const infos = useQueries({
    queries: templateIds.map((id) => ({
      queryKey: ['workflow', 'msgTemplate', id],
      queryFn: () => sendConfigApi.template(id),
      staleTime: 10_000,
    })),
  });
  if (!msgId) return null;
  const templates = templateIds.flatMap((id, i) => {
    const info = infos[i]?.data;
    if (!info) return [];
    const channel = items.find((item) => item.templateId === id)?.messageType ?? '';
    return [
      {
        templateId: id,
        fullName: info.fullName,
        channel: channels.options.find((o) => o.value === channel)?.label ?? channel,
        params: info.templateParamList,
      },
    ];
  });
  const options = [
    { label: t('props.msg.formFields'), options: fields.map((f) => ({ value: f.vModel, label: f.label })) },
    {
      label: t('props.msg.systemValues'),
      options: flowMsgSystemFields.map((key) => ({ value: key, label: t(`props.msg.system.${key}`) })),
    },
  ];
  const set = (templateId: string, field: string, relationField: string | undefined) =>
    onChange?.(mappingFor(templates, value, { templateId, field, relationField }));
  return (
    <div className="wf-msg-mapping">
      {templates.map((template) => {
        const mapped = value?.find((m) => m.templateId === template.templateId)?.paramJson ?? [];
        return (
          <div key={template.templateId} className="wf-msg-template">
            <div className="wf-muted">
              {template.fullName}
              {template.channel ? `（${template.channel}）` : ''}
            </div>
            {template.params.length ? (
              template.params.map((p) => (
                <div key={p.field} className="wf-msg-param">
                  <span>{p.fieldName || p.field}</span>
                  <Select
                    allowClear
                    showSearch
                    optionFilterProp="label"
                    style={{ width: 220 }}
                    placeholder={t('props.msg.relation')}
                    aria-label={t('props.msg.paramOf', { event: label, template: template.fullName, param: p.field })}
                    value={mapped.find((m) => m.field === p.field)?.relationField}
                    options={options}
                    onChange={(next: string | undefined) => set(template.templateId, p.field, next)}
                  />
                </div>
              ))
            ) : (
              <div className="wf-muted">{t('props.msg.noParams')}</div>
            )}
          </div>
        );
      })}
    </div>
  );
}
