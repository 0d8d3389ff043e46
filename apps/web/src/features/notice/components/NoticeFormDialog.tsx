import type { NoticeInput } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactSelect } from '../../../shared/components/pickers/ContactSelect.tsx';
import { useToast } from '../../../shared/toast.tsx';
import { noticeApi } from '../api.ts';

const RichTextEditor = lazy(() => import('../../../shared/components/rich-text/RichTextEditor.tsx'));

/** Form.Item hands value and onChange to its direct child: this one passes them through the lazy boundary. */
function LazyEditor(props: { value?: string; onChange?: (html: string) => void; id?: string }) {
  const { t } = useTranslation('notice');
  return (
    <Suspense
      fallback={
        <div style={{ padding: 24, textAlign: 'center' }}>
          <Spin />
        </div>
      }
    >
      <RichTextEditor {...props} label={t('fields.bodyText')} placeholder={t('editor.placeholder')} />
    </Suspense>
  );
}

interface Values {
  title: string;
  category?: string;
  excerpt?: string;
  bodyText?: string;
  toUserIds?: string[];
  expirationTime?: Dayjs | null;
}

/** Create or edit a notice draft (admin.md §3 "message notices"); 800 px for the editor. */
export function NoticeFormDialog({
  open,
  id,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The notice being edited; absent to create. */
  id?: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('notice');
  const toast = useToast();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const info = useQuery({
    queryKey: ['notice', 'info', id],
    queryFn: () => noticeApi.info(id as string),
    enabled: open && !!id,
    gcTime: 0,
  });

  useEffect(() => {
    if (!open) return;
    if (!id) {
      form.resetFields();
      return;
    }
    if (info.data) {
      form.setFieldsValue({
        title: info.data.title,
        category: info.data.category ?? undefined,
        excerpt: info.data.excerpt ?? '',
        bodyText: info.data.bodyText ?? '',
        toUserIds: info.data.toUserIds ? info.data.toUserIds.split(',') : [],
        expirationTime: info.data.expirationTime ? dayjs(info.data.expirationTime) : null,
      });
    }
  }, [open, id, info.data, form]);
  useEffect(() => {
    if (info.isError) onClose();
  }, [info.isError, onClose]);

  const submit = async () => {
    const values = await form.validateFields();
    const input: NoticeInput = {
      title: values.title.trim(),
      category: values.category ?? '',
      excerpt: values.excerpt?.trim() ?? '',
      bodyText: values.bodyText ?? '',
      toUserIds: values.toUserIds ?? [],
      expirationTime: values.expirationTime ? values.expirationTime.valueOf() : null,
    };
    setSaving(true);
    try {
      const answer = id ? await noticeApi.update(id, input) : await noticeApi.create(input);
      toast.success({ content: answer.msg, duration: 1.5 });
      onSaved();
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={id ? t('edit') : t('add')}
      width={800}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      {id && info.isPending ? (
        <div style={{ textAlign: 'center', padding: 24 }}>
          <Spin />
        </div>
      ) : null}
      <Form
        form={form}
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 19 }}
        preserve={false}
        hidden={!!id && info.isPending}
      >
        <Form.Item
          name="title"
          label={t('fields.title')}
          rules={[{ required: true, whitespace: true, message: t('rules.title') }]}
        >
          <Input maxLength={100} placeholder={t('placeholders.title')} />
        </Form.Item>
        <Form.Item name="category" label={t('fields.category')}>
          <Select
            allowClear
            placeholder={t('placeholders.select')}
            options={['1', '2'].map((value) => ({ value, label: t(`categories.${value}`) }))}
          />
        </Form.Item>
        <Form.Item name="toUserIds" label={t('fields.toUsers')}>
          <ContactSelect active={open} placeholder={t('placeholders.toUsers')} />
        </Form.Item>
        <Form.Item name="expirationTime" label={t('fields.expirationTime')}>
          <DatePicker showTime format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="excerpt" label={t('fields.excerpt')}>
          <Input.TextArea rows={2} maxLength={500} placeholder={t('placeholders.excerpt')} />
        </Form.Item>
        <Form.Item name="bodyText" label={t('fields.bodyText')}>
          <LazyEditor />
        </Form.Item>
      </Form>
    </Modal>
  );
}
