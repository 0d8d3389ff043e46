import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { MessageTemplateInfo, MessageTemplateInput } from '@platform/shared';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CrudFormProps,
  RecordFormDialog,
  type RecordValues,
  recordValues,
} from '../../../shared/components/index.ts';
import { msgTemplateApi } from '../api.ts';
import { codeChannels, type TemplateParameter, withNamedParameters } from '../parameters.ts';

type Option = { value: string; label: string };

export interface MsgTemplateValues extends RecordValues {
  messageType: string;
  messageSource?: string;
  templateType: number;
  title?: string;
  content?: string;
  templateCode?: string;
  wxSkip?: string;
  xcxAppId?: string;
  templateParamList: TemplateParameter[];
  smsFieldList: { smsField: string; field: string; isTitle?: boolean }[];
}

/** The server's parameter field pattern (packages/shared msgTemplate.ts Field). */
const fieldPattern = /^[A-Za-z_][A-Za-z0-9_]*$/;

const newTemplate = {
  messageType: '1',
  templateType: 0,
  templateParamList: [],
  smsFieldList: [],
} satisfies Partial<MsgTemplateValues>;

/** The type's own fields as the server takes them: text for most, the provider's template code for SMS and WeChat. */
export function templateInput(
  values: MsgTemplateValues,
): Omit<MessageTemplateInput, keyof RecordValues | 'enabledMark'> {
  const byCode = codeChannels.includes(values.messageType);
  return {
    messageType: values.messageType,
    messageSource: values.messageSource ?? '',
    templateType: values.templateType ?? 0,
    title: byCode ? '' : (values.title ?? ''),
    content: byCode ? '' : (values.content ?? ''),
    templateCode: byCode ? (values.templateCode ?? '').trim() : '',
    wxSkip: values.messageType === '7' ? (values.wxSkip ?? '') : '',
    xcxAppId: values.messageType === '7' && values.wxSkip === '1' ? (values.xcxAppId ?? '').trim() : '',
    templateParamList: (values.templateParamList ?? []).map((p) => ({
      field: p.field.trim(),
      fieldName: (p.fieldName ?? '').trim() || p.field.trim(),
    })),
    smsFieldList: byCode
      ? (values.smsFieldList ?? []).map((m) => ({
          smsField: (m.smsField ?? '').trim(),
          field: m.field ?? '',
          ...(values.messageType === '7' ? { isTitle: m.isTitle ? 1 : 0 } : {}),
        }))
      : [],
  };
}

/** The template dialog: type and source, name and code, then the type's fields and the parameters. */
export function MsgTemplateForm({
  types,
  sources,
  ...props
}: CrudFormProps<{ id?: string }> & { types: Option[]; sources: Option[] }) {
  const { t } = useTranslation('msgTemplate');
  return (
    <RecordFormDialog
      {...props}
      queryKey={['msgTemplate', 'info']}
      api={msgTemplateApi}
      toValues={(row: MessageTemplateInfo) => ({
        ...recordValues(row),
        messageSource: row.messageSource ?? undefined,
        title: row.title ?? undefined,
        content: row.content ?? undefined,
        templateCode: row.templateCode ?? undefined,
        wxSkip: row.wxSkip ?? undefined,
        xcxAppId: row.xcxAppId ?? undefined,
        description: row.description ?? undefined,
        smsFieldList: row.smsFieldList.map((m) => ({ ...m, isTitle: m.isTitle === 1 })),
      })}
      toInput={templateInput}
      initialValues={newTemplate}
      titles={[t('addTemplate'), t('editTemplate')]}
      labels={[t('fullName'), t('enCode')]}
      lead={
        <>
          <Form.Item name="templateType" hidden>
            <Input />
          </Form.Item>
          <Form.Item
            name="messageType"
            label={t('messageType')}
            rules={[{ required: true, message: t('rules.messageType') }]}
          >
            <Select options={types} />
          </Form.Item>
          <Form.Item name="messageSource" label={t('messageSource')}>
            <Select options={sources} allowClear />
          </Form.Item>
        </>
      }
    >
      <TypeFields />
      <ParameterList />
    </RecordFormDialog>
  );
}

/** Title and content, or for SMS and WeChat the provider's template code and its variable mapping. */
function TypeFields() {
  const { t } = useTranslation('msgTemplate');
  const form = Form.useFormInstance<MsgTemplateValues>();
  const messageType = Form.useWatch('messageType', form) ?? '1';
  const wxSkip = Form.useWatch('wxSkip', form);
  const parameters = (Form.useWatch('templateParamList', form) ?? []) as TemplateParameter[];
  if (!codeChannels.includes(messageType)) {
    return (
      <>
        <Form.Item
          name="title"
          label={t('title')}
          rules={[{ required: true, whitespace: true, message: t('rules.title') }]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('content')}
          extra={messageType === '2' ? t('contentHtml') : t('contentHint')}
          rules={[{ required: true, whitespace: true, message: t('rules.content') }]}
        >
          <Input.TextArea rows={5} maxLength={20_000} />
        </Form.Item>
      </>
    );
  }
  const fieldOptions = parameters
    .filter((p) => p?.field)
    .map((p) => ({ value: p.field, label: p.fieldName || p.field }));
  return (
    <>
      <Form.Item
        name="templateCode"
        label={t('templateCode')}
        rules={[{ required: true, whitespace: true, message: t('rules.templateCode') }]}
      >
        <Input maxLength={100} />
      </Form.Item>
      {messageType === '7' ? (
        <>
          <Form.Item name="wxSkip" label={t('wxSkip')} initialValue="0">
            <Radio.Group
              options={[
                { value: '0', label: t('wxSkips.page') },
                { value: '1', label: t('wxSkips.mini') },
              ]}
            />
          </Form.Item>
          {wxSkip === '1' ? (
            <Form.Item
              name="xcxAppId"
              label={t('xcxAppId')}
              rules={[{ required: true, whitespace: true, message: t('rules.xcxAppId') }]}
            >
              <Input maxLength={100} />
            </Form.Item>
          ) : null}
        </>
      ) : null}
      <Form.Item label={t('smsFields')}>
        <Form.List name="smsFieldList">
          {(rows, { add, remove }) => (
            <>
              {rows.map((row) => (
                <Space key={row.key} align="baseline" style={{ display: 'flex' }}>
                  <Form.Item name={[row.name, 'smsField']} noStyle>
                    <Input
                      placeholder={t('smsField')}
                      aria-label={t('smsField')}
                      maxLength={50}
                      style={{ width: 150 }}
                    />
                  </Form.Item>
                  <Form.Item name={[row.name, 'field']} noStyle>
                    <Select
                      placeholder={t('mappedField')}
                      aria-label={t('mappedField')}
                      options={fieldOptions}
                      style={{ width: 150 }}
                    />
                  </Form.Item>
                  {messageType === '7' ? (
                    <Form.Item name={[row.name, 'isTitle']} valuePropName="checked" noStyle>
                      <Checkbox>{t('isTitle')}</Checkbox>
                    </Form.Item>
                  ) : null}
                  <Button
                    type="text"
                    icon={<DeleteOutlined />}
                    aria-label={t('removeRow')}
                    onClick={() => remove(row.name)}
                  />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ smsField: '', field: undefined })}>
                {t('addMapping')}
              </Button>
            </>
          )}
        </Form.List>
      </Form.Item>
    </>
  );
}

/** The parameters: every {field} the title or content names joins the list as it is typed; each gets a name. */
function ParameterList() {
  const { t } = useTranslation('msgTemplate');
  const form = Form.useFormInstance<MsgTemplateValues>();
  const title = Form.useWatch('title', form);
  const content = Form.useWatch('content', form);
  useEffect(() => {
    const listed = (form.getFieldValue('templateParamList') ?? []) as TemplateParameter[];
    const next = withNamedParameters(listed, title, content);
    if (next !== listed) form.setFieldValue('templateParamList', next);
  }, [form, title, content]);
  return (
    <Form.Item label={t('parameters')}>
      <Form.List name="templateParamList">
        {(rows, { add, remove }) => (
          <>
            {rows.map((row, index) => (
              <Space key={row.key} align="baseline" style={{ display: 'flex' }}>
                <Form.Item
                  name={[row.name, 'field']}
                  rules={[
                    { required: true, message: t('rules.fieldRequired') },
                    { pattern: fieldPattern, message: t('rules.field') },
                  ]}
                  style={{ marginBottom: 8 }}
                >
                  <Input
                    placeholder={t('field')}
                    aria-label={`${t('field')} ${index + 1}`}
                    maxLength={50}
                    style={{ width: 150 }}
                  />
                </Form.Item>
                <Form.Item name={[row.name, 'fieldName']} style={{ marginBottom: 8 }}>
                  <Input
                    placeholder={t('fieldName')}
                    aria-label={`${t('fieldName')} ${index + 1}`}
                    maxLength={50}
                    style={{ width: 150 }}
                  />
                </Form.Item>
                <Button
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t('removeRow')}
                  onClick={() => remove(row.name)}
                />
              </Space>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ field: '', fieldName: '' })}>
              {t('addParameter')}
            </Button>
          </>
        )}
      </Form.List>
    </Form.Item>
  );
}
