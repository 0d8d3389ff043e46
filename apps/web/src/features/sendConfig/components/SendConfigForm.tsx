import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { SendMessageConfigInfo, SendMessageConfigInput } from '@platform/shared';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import { useTranslation } from 'react-i18next';
import {
  type CrudFormProps,
  FormDialog,
  RecordFields,
  type RecordValues,
  recordValues,
  useRecordForm,
} from '../../../shared/components/index.ts';
import { sendConfigApi } from '../api.ts';
import { useTemplates } from './use-templates.ts';

type Option = { value: string; label: string };

interface ChannelValues {
  id?: string;
  messageType?: string;
  templateId?: string;
  accountConfigId?: string;
  enabled: boolean;
}

export interface SendConfigValues extends RecordValues {
  messageSource?: string;
  templateType: number;
  sendConfigTemplateList: ChannelValues[];
}

const newConfig = {
  templateType: 0,
  sendConfigTemplateList: [{ messageType: '1', enabled: true }],
} satisfies Partial<SendConfigValues>;

/** The configuration's own fields as the server takes them; a channel keeps its id and account. */
export function sendConfigInput(
  values: SendConfigValues,
): Omit<SendMessageConfigInput, keyof RecordValues | 'enabledMark'> {
  return {
    messageSource: values.messageSource ?? '',
    templateType: values.templateType ?? 0,
    sendConfigTemplateList: (values.sendConfigTemplateList ?? []).map((channel) => ({
      ...(channel.id ? { id: channel.id } : {}),
      messageType: channel.messageType ?? '',
      templateId: channel.templateId ?? '',
      ...(channel.accountConfigId ? { accountConfigId: channel.accountConfigId } : {}),
      enabledMark: channel.enabled === false ? 0 : 1,
    })),
  };
}

/** The send-configuration dialog (800 px for the channel rows): source, name and code, then the channels. */
export function SendConfigForm({
  types,
  sources,
  ...props
}: CrudFormProps<{ id?: string }> & { types: Option[]; sources: Option[] }) {
  const { t } = useTranslation('sendConfig');
  const { id, dialog } = useRecordForm(props, {
    queryKey: ['sendConfig', 'info'],
    api: sendConfigApi,
    toValues: (row: SendMessageConfigInfo) => ({
      ...recordValues(row),
      messageSource: row.messageSource ?? undefined,
      description: row.description ?? undefined,
      sendConfigTemplateList: row.sendConfigTemplateList.map(({ enabledMark, ...channel }) => ({
        ...channel,
        enabled: enabledMark === 1,
      })),
    }),
    toInput: sendConfigInput,
    initialValues: newConfig,
  });
  return (
    <FormDialog<SendConfigValues> {...dialog} width={800} title={id ? t('editConfig') : t('addConfig')}>
      <Form.Item name="templateType" hidden>
        <Input />
      </Form.Item>
      <RecordFields labels={[t('fullName'), t('enCode')]}>
        <Form.Item name="messageSource" label={t('messageSource')}>
          <Select options={sources} allowClear />
        </Form.Item>
        <Form.Item label={t('channels')} required>
          <ChannelList types={types} />
        </Form.Item>
      </RecordFields>
    </FormDialog>
  );
}

/** One row per channel: its type, the template of that type it sends, and whether it is on. */
function ChannelList({ types }: { types: Option[] }) {
  const { t } = useTranslation('sendConfig');
  const templates = useTemplates();
  const form = Form.useFormInstance<SendConfigValues>();
  const channels = (Form.useWatch('sendConfigTemplateList', form) ?? []) as ChannelValues[];
  const templateOptions = (messageType: string | undefined) =>
    templates.rows
      .filter((row) => row.messageType === messageType)
      .map((row) => ({
        value: row.id,
        label: row.enabledMark === 1 ? row.fullName : t('disabledTemplate', { name: row.fullName }),
      }));
  return (
    <Form.List
      name="sendConfigTemplateList"
      rules={[
        {
          validator: (_, value: ChannelValues[] | undefined) =>
            value?.length ? Promise.resolve() : Promise.reject(new Error(t('rules.channels'))),
        },
      ]}
    >
      {(rows, { add, remove }, { errors }) => (
        <>
          {rows.map((row, index) => (
            <Space key={row.key} align="baseline" style={{ display: 'flex' }}>
              <Form.Item
                name={[row.name, 'messageType']}
                rules={[{ required: true, message: t('rules.channel') }]}
                style={{ marginBottom: 8 }}
              >
                <Select
                  options={types}
                  aria-label={`${t('channel')} ${index + 1}`}
                  style={{ width: 140 }}
                  onChange={() => form.setFieldValue(['sendConfigTemplateList', row.name, 'templateId'], undefined)}
                />
              </Form.Item>
              <Form.Item
                name={[row.name, 'templateId']}
                rules={[{ required: true, message: t('rules.template') }]}
                style={{ marginBottom: 8 }}
              >
                <Select
                  options={templateOptions(channels[index]?.messageType)}
                  loading={templates.loading}
                  placeholder={t('template')}
                  aria-label={`${t('template')} ${index + 1}`}
                  showSearch
                  optionFilterProp="label"
                  style={{ width: 260 }}
                />
              </Form.Item>
              <Form.Item name={[row.name, 'enabled']} valuePropName="checked" style={{ marginBottom: 8 }}>
                <Switch aria-label={`${t('channelEnabled')} ${index + 1}`} />
              </Form.Item>
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('removeRow')}
                onClick={() => remove(row.name)}
              />
              {/* Kept as loaded, so a saved channel keeps its id and account; noStyle, so they take no room. */}
              <Form.Item name={[row.name, 'id']} hidden noStyle>
                <Input />
              </Form.Item>
              <Form.Item name={[row.name, 'accountConfigId']} hidden noStyle>
                <Input />
              </Form.Item>
            </Space>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ enabled: true })}>
            {t('addChannel')}
          </Button>
          <Form.ErrorList errors={errors} />
        </>
      )}
    </Form.List>
  );
}
