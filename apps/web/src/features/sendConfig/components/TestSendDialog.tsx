import type { SendMessageConfigInfo, SendMessageResult } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PickerField } from '../../../shared/components/index.ts';
import { useSession } from '../../../shared/session/store.ts';
import { sendConfigApi } from '../api.ts';
import { paramMap, sendParameters } from '../send-parameters.ts';
import { useTemplates } from './use-templates.ts';

interface TestSendValues {
  toUserIds: string[];
  params?: Record<string, string>;
}

/**
 * 测试发送: the recipients (the signed-in user unless changed) and the values of the templates'
 * parameters, then the send itself; the dialog stays open on the answer, one line per channel.
 */
export function TestSendDialog({
  config,
  types,
  onClose,
}: {
  config: SendMessageConfigInfo | null;
  types: ReadonlyMap<string, string>;
  onClose: () => void;
}) {
  const { t } = useTranslation('sendConfig');
  const [form] = Form.useForm<TestSendValues>();
  const userId = useSession((state) => state.userInfo?.userId);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<SendMessageResult | null>(null);
  const templates = useTemplates(Boolean(config));
  const templateIds = [
    ...new Set((config?.sendConfigTemplateList ?? []).filter((c) => c.enabledMark === 1).map((c) => c.templateId)),
  ];
  const parameters = useQuery({
    queryKey: ['sendConfig', 'parameters', templateIds],
    // A template gone or disabled fails its channel at the send, with the server's reason; it has no parameters here.
    queryFn: async () =>
      sendParameters(
        await Promise.all(templateIds.map((id) => sendConfigApi.template(id).catch(() => ({ templateParamList: [] })))),
      ),
    enabled: Boolean(config),
    gcTime: 0,
  });
  const close = () => {
    setResult(null);
    form.resetFields();
    onClose();
  };
  const send = async (values: TestSendValues) => {
    if (!config) return;
    setSending(true);
    try {
      const answer = await sendConfigApi.send(config.id, {
        toUserIds: values.toUserIds,
        paramMap: paramMap(values.params),
      });
      setResult(answer.data ?? null);
    } catch {
      // The server's message has been shown (http.ts); the form stays as it was.
    } finally {
      setSending(false);
    }
  };
  return (
    <Modal
      open={Boolean(config)}
      title={`${t('testSend')} - ${config?.fullName ?? ''}`}
      width={600}
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={close}>
          {t('close')}
        </Button>,
        <Button key="send" type="primary" loading={sending} onClick={() => form.submit()}>
          {t('send')}
        </Button>,
      ]}
    >
      <Form<TestSendValues>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '100px' }}
        initialValues={{ toUserIds: userId ? [userId] : [] }}
        onFinish={send}
      >
        <Form.Item
          name="toUserIds"
          label={t('toUsers')}
          rules={[{ required: true, type: 'array', min: 1, message: t('rules.toUsers') }]}
        >
          <PickerField kind="user" multiple />
        </Form.Item>
        {parameters.data && !parameters.data.length ? (
          <Form.Item label={t('parameters')}>
            <Typography.Text type="secondary">{t('noParameters')}</Typography.Text>
          </Form.Item>
        ) : null}
        {(parameters.data ?? []).map((parameter) => (
          <Form.Item
            key={parameter.field}
            name={['params', parameter.field]}
            label={parameter.fieldName || parameter.field}
            tooltip={`{${parameter.field}}`}
          >
            <Input maxLength={5000} />
          </Form.Item>
        ))}
      </Form>
      {result ? <SendResult result={result} types={types} names={templates.byId} /> : null}
    </Modal>
  );
}

/** How each channel went: its type and template, success or failure, the counts, and the server's reason. */
function SendResult({
  result,
  types,
  names,
}: {
  result: SendMessageResult;
  types: ReadonlyMap<string, string>;
  names: ReadonlyMap<string, { fullName: string }>;
}) {
  const { t } = useTranslation('sendConfig');
  return (
    <section aria-label={t('sendResult')}>
      <Typography.Title level={5}>{t('sendResult')}</Typography.Title>
      {result.channels.length ? (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {result.channels.map((channel, index) => (
            // A configuration may send one channel type twice; the order is the configuration's.
            // biome-ignore lint/suspicious/noArrayIndexKey: the answer's channels have no id of their own
            <li key={index} style={{ marginBottom: 8 }}>
              <Card size="small">
                <Tag color={channel.isSuccess ? 'success' : 'error'}>
                  {channel.isSuccess ? t('success') : t('failure')}
                </Tag>
                <Typography.Text strong>
                  {types.get(channel.messageType) ?? channel.messageType}
                  {' · '}
                  {names.get(channel.templateId)?.fullName ?? channel.templateId}
                </Typography.Text>
                <div>
                  <Typography.Text type="secondary">{t('counts', channel)}</Typography.Text>
                </div>
                {channel.result ? (
                  <Alert type="error" showIcon title={channel.result} style={{ marginTop: 6 }} />
                ) : null}
                {channel.recorded ? <Typography.Text type="secondary">{t('recordedHint')}</Typography.Text> : null}
                {channel.queued ? <Typography.Text type="secondary">{t('queuedHint')}</Typography.Text> : null}
              </Card>
            </li>
          ))}
        </ul>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
    </section>
  );
}
