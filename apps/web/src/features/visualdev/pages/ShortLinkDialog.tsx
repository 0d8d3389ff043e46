import { type ColumnDefinition, type ShortLinkInput, shortLinkPage } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Divider from 'antd/es/divider';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import QRCode from 'antd/es/qr-code';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/components/index.ts';
import { useToast } from '../../../shared/toast.tsx';
import { designApi, shortLinkApi } from '../api.ts';

interface Values {
  formUse: boolean;
  formPassUse: boolean;
  formPassword?: string;
  columnUse: boolean;
  columnPassUse: boolean;
  columnPassword?: string;
  columnText: string[];
}

/** A public page's full address: the site, the app's base path, the page. */
export const publicAddress = (path: string) =>
  `${window.location.origin}${import.meta.env.BASE_URL.replace(/\/$/, '')}${path}`;

/** The address of a public page with its copy button and its QR code. */
function LinkBox({ label, address }: { label: string; address: string }) {
  const { t } = useTranslation('visualdev');
  const toast = useToast();
  return (
    <Form.Item label={label}>
      <Space align="start">
        <Space.Compact style={{ width: 330 }}>
          <Input readOnly value={address} aria-label={label} />
          <Button
            onClick={async () => {
              try {
                await navigator.clipboard.writeText(address);
                void toast.success(t('link.copied'));
              } catch {
                toast.error(t('link.copyFailed'));
              }
            }}
          >
            {t('link.copy')}
          </Button>
        </Space.Compact>
        {/* The same address as the box beside it, for phones: a picture the reader need not hear. */}
        <div aria-hidden="true" className="short-link-qr" data-label={t('link.qr', { label })}>
          <QRCode value={address} size={96} bordered={false} />
        </div>
      </Space>
    </Form.Item>
  );
}

/**
 * 外链设置 of a definition (from the definitions list): its form filled and its list read without
 * signing in, each switched on its own, each behind an optional password (a stored one is kept
 * when none is typed), the fields the public list shows, and the pages' links with copy and QR code.
 */
export function ShortLinkDialog({ modelId, onClose }: { modelId: string | null; onClose: () => void }) {
  const { t } = useTranslation('visualdev');
  const [form] = Form.useForm<Values>();
  const open = modelId !== null;
  const info = useQuery({
    queryKey: ['visualdev', 'shortLink', modelId],
    queryFn: () => shortLinkApi.info(modelId ?? ''),
    enabled: open,
    gcTime: 0,
  });
  // The public list shows the list's columns: the draft's, as designed now.
  const definition = useQuery({
    queryKey: ['visualdev', 'definition', modelId],
    queryFn: () => designApi.info(modelId ?? ''),
    enabled: open,
  });
  const columns = (() => {
    try {
      return (JSON.parse(definition.data?.columnData || '{}') as ColumnDefinition).columnList ?? [];
    } catch {
      return [];
    }
  })();
  // After the dialog's own reset on opening (a child's effect runs first), the stored settings.
  useEffect(() => {
    if (!open || !info.data) return;
    form.setFieldsValue({
      formUse: info.data.formUse === 1,
      formPassUse: info.data.formPassUse === 1,
      columnUse: info.data.columnUse === 1,
      columnPassUse: info.data.columnPassUse === 1,
      columnText: info.data.columnText,
    });
  }, [open, info.data, form]);
  const formUse = Form.useWatch('formUse', form);
  const formPassUse = Form.useWatch('formPassUse', form);
  const columnUse = Form.useWatch('columnUse', form);
  const columnPassUse = Form.useWatch('columnPassUse', form);
  // A password switched on needs one typed, unless one is stored already (empty keeps it).
  const password = (stored: boolean | undefined) =>
    stored
      ? { placeholder: t('link.passwordKept'), rules: [] }
      : { placeholder: t('link.password'), rules: [{ required: true, message: t('link.password') }] };
  const formPassword = password(info.data?.hasFormPassword);
  const columnPassword = password(info.data?.hasColumnPassword);
  const toInput = (values: Values): ShortLinkInput => ({
    formUse: values.formUse ? 1 : 0,
    formPassUse: values.formUse && values.formPassUse ? 1 : 0,
    ...(values.formPassword ? { formPassword: values.formPassword } : {}),
    columnUse: values.columnUse ? 1 : 0,
    columnPassUse: values.columnUse && values.columnPassUse ? 1 : 0,
    ...(values.columnPassword ? { columnPassword: values.columnPassword } : {}),
    columnText: values.columnText ?? [],
  });
  return (
    <FormDialog<Values>
      open={open}
      form={form}
      title={t('link.settings')}
      width={640}
      labelWidth={100}
      loading={info.isLoading}
      initialValues={{ formUse: false, formPassUse: false, columnUse: false, columnPassUse: false, columnText: [] }}
      onClose={onClose}
      onSubmit={(values) => shortLinkApi.save(modelId ?? '', toInput(values))}
    >
      <Divider titlePlacement="start" plain>
        {t('link.formSection')}
      </Divider>
      <Form.Item name="formUse" label={t('link.formUse')} valuePropName="checked">
        <Switch />
      </Form.Item>
      {formUse ? (
        <>
          <Form.Item name="formPassUse" label={t('link.passUse')} valuePropName="checked">
            <Switch />
          </Form.Item>
          {formPassUse ? (
            <Form.Item name="formPassword" label={t('link.passwordLabel')} rules={formPassword.rules}>
              <Input.Password placeholder={formPassword.placeholder} maxLength={50} autoComplete="new-password" />
            </Form.Item>
          ) : null}
          <LinkBox label={t('link.formLink')} address={publicAddress(shortLinkPage(modelId ?? '', 'form'))} />
        </>
      ) : null}
      <Divider titlePlacement="start" plain>
        {t('link.listSection')}
      </Divider>
      <Form.Item name="columnUse" label={t('link.columnUse')} valuePropName="checked">
        <Switch />
      </Form.Item>
      {columnUse ? (
        <>
          <Form.Item name="columnPassUse" label={t('link.passUse')} valuePropName="checked">
            <Switch />
          </Form.Item>
          {columnPassUse ? (
            <Form.Item name="columnPassword" label={t('link.passwordLabel')} rules={columnPassword.rules}>
              <Input.Password placeholder={columnPassword.placeholder} maxLength={50} autoComplete="new-password" />
            </Form.Item>
          ) : null}
          <Form.Item
            name="columnText"
            label={t('link.columnText')}
            rules={[{ required: true, type: 'array', min: 1, message: t('link.columnTextRequired') }]}
          >
            <Select
              mode="multiple"
              allowClear
              loading={definition.isLoading}
              options={columns.map((c) => ({ value: c.prop, label: c.label }))}
            />
          </Form.Item>
          <LinkBox label={t('link.columnLink')} address={publicAddress(shortLinkPage(modelId ?? '', 'list'))} />
        </>
      ) : null}
    </FormDialog>
  );
}
