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
import { type ReactNode, useEffect } from 'react';
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

/** The texts and the public page of each part of the dialog. */
const sections = {
  form: { title: 'link.formSection', use: 'link.formUse', link: 'link.formLink', page: 'form' },
  column: { title: 'link.listSection', use: 'link.columnUse', link: 'link.columnLink', page: 'list' },
} as const;

/**
 * One public page's part of the dialog: its switch; once on, its password switch, the password
 * (needed unless one is stored: empty keeps it), the page's own fields (`children`) and its link.
 */
function PublicPageSection({
  part,
  modelId,
  passwordStored,
  children,
}: {
  part: keyof typeof sections;
  modelId: string;
  passwordStored: boolean | undefined;
  children?: ReactNode;
}) {
  const { t } = useTranslation('visualdev');
  const form = Form.useFormInstance<Values>();
  const use = Form.useWatch(`${part}Use`, form);
  const passUse = Form.useWatch(`${part}PassUse`, form);
  const texts = sections[part];
  const password = passwordStored
    ? { placeholder: t('link.passwordKept'), rules: [] }
    : { placeholder: t('link.password'), rules: [{ required: true, message: t('link.password') }] };
  return (
    <>
      <Divider titlePlacement="start" plain>
        {t(texts.title)}
      </Divider>
      <Form.Item name={`${part}Use`} label={t(texts.use)} valuePropName="checked">
        <Switch />
      </Form.Item>
      {use ? (
        <>
          <Form.Item name={`${part}PassUse`} label={t('link.passUse')} valuePropName="checked">
            <Switch />
          </Form.Item>
          {passUse ? (
            <Form.Item name={`${part}Password`} label={t('link.passwordLabel')} rules={password.rules}>
              <Input.Password placeholder={password.placeholder} maxLength={50} autoComplete="new-password" />
            </Form.Item>
          ) : null}
          {children}
          <LinkBox label={t(texts.link)} address={publicAddress(shortLinkPage(modelId, texts.page))} />
        </>
      ) : null}
    </>
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
      <PublicPageSection part="form" modelId={modelId ?? ''} passwordStored={info.data?.hasFormPassword} />
      <PublicPageSection part="column" modelId={modelId ?? ''} passwordStored={info.data?.hasColumnPassword}>
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
      </PublicPageSection>
    </FormDialog>
  );
}
