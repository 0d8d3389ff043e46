import type { FlowMsgEvent, FormDataField } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Divider from 'antd/es/divider';
import Form from 'antd/es/form';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import { useTranslation } from 'react-i18next';
import { sendConfigApi } from '../../../sendConfig/index.ts';
import { TemplateParamMapping } from '../TemplateParamMapping.tsx';

export const approverEvents = [
  'approveMsgConfig',
  'rejectMsgConfig',
  'copyMsgConfig',
  'overTimeMsgConfig',
  'noticeMsgConfig',
] as const satisfies readonly FlowMsgEvent[];
export const subFlowEvents = ['launchMsgConfig'] as const satisfies readonly FlowMsgEvent[];

/**
 * 节点通知: per node event, off / default in-app / a send configuration (or, on an approver, what the
 * start node says). With a send configuration, each of its templates' parameters is mapped to a
 * form field or a system value.
 */
export function MessageSettings({
  events,
  followsStart,
  fields,
}: {
  events: readonly FlowMsgEvent[];
  followsStart: boolean;
  fields: readonly FormDataField[];
}) {
  const { t } = useTranslation('workflow');
  const form = Form.useFormInstance();
  const configs = useQuery({
    queryKey: ['workflow', 'sendConfigs'],
    queryFn: () => sendConfigApi.list({ currentPage: 1, pageSize: 500, keyword: '', enabledMark: '1' }),
  });
  const options = (followsStart ? [2, 3, 1, 0] : [3, 1, 0]).map((on) => ({
    value: on,
    label: t(`props.msg.on.${on}`),
  }));
  return (
    <>
      <Divider>{t('props.msg.title')}</Divider>
      {events.map((event) => (
        <Form.Item key={event} label={t(`props.msg.events.${event}`)}>
          <Space wrap>
            {/* Without a setting the engine sends nothing (a new start node has them on, graph.ts). */}
            <Form.Item name={[event, 'on']} noStyle initialValue={followsStart ? 2 : 0}>
              <Select style={{ width: 140 }} options={options} aria-label={t(`props.msg.events.${event}`)} />
            </Form.Item>
            <Form.Item noStyle dependencies={[[event, 'on']]}>
              {() =>
                form.getFieldValue([event, 'on']) === 1 ? (
                  <Form.Item name={[event, 'msgId']} noStyle>
                    <Select
                      style={{ width: 220 }}
                      showSearch
                      optionFilterProp="label"
                      placeholder={t('props.msg.sendConfig')}
                      aria-label={`${t(`props.msg.events.${event}`)} ${t('props.msg.sendConfig')}`}
                      options={(configs.data?.list ?? []).map((c) => ({ value: c.id, label: c.fullName }))}
                    />
                  </Form.Item>
                ) : null
              }
            </Form.Item>
          </Space>
          <Form.Item
            noStyle
            dependencies={[
              [event, 'on'],
              [event, 'msgId'],
            ]}
          >
            {() =>
              form.getFieldValue([event, 'on']) === 1 ? (
                <Form.Item name={[event, 'templateJson']} noStyle>
                  <TemplateParamMapping
                    msgId={form.getFieldValue([event, 'msgId']) as string | undefined}
                    fields={fields}
                    label={t(`props.msg.events.${event}`)}
                  />
                </Form.Item>
              ) : null
            }
          </Form.Item>
        </Form.Item>
      ))}
    </>
  );
}
