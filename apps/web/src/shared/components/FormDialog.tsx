import type { Envelope } from '@platform/shared';
import Form, { type FormInstance } from 'antd/es/form';
import Modal from 'antd/es/modal';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useToast } from '../toast.tsx';
import { useComponentsTranslation } from './i18n.ts';

/** admin.md §9: success messages last 1.5 s. */
export const successSeconds = 1.5;

/** Shows the server's `msg` of a successful change as a success toast (admin.md §7 "Handling of answers"). */
export function useSuccessToast() {
  const toast = useToast();
  return (envelope: Envelope<unknown> | undefined) => {
    if (envelope?.msg) void toast.success({ content: envelope.msg, duration: successSeconds });
  };
}

/**
 * What every form dialog does with 确定: validate, send, show the server's message, close and tell
 * the page to refresh. A failure (already toasted by the request layer) only stops the button's
 * loading state and leaves the dialog open with what was typed (admin.md §8).
 */
export function useFormSubmit<Values>({
  form,
  onSubmit,
  onClose,
  onSaved,
}: {
  form: FormInstance<Values>;
  onSubmit: (values: Values) => Promise<Envelope<unknown>>;
  onClose: () => void;
  onSaved?: () => void;
}): { saving: boolean; submit: () => Promise<void> } {
  const [saving, setSaving] = useState(false);
  const success = useSuccessToast();
  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      success(await onSubmit(values));
      onClose();
      onSaved?.();
    } catch {
      // The request layer has shown the error.
    } finally {
      setSaving(false);
    }
  };
  return { saving, submit };
}

export interface FormDialogProps<Values> {
  open: boolean;
  title: ReactNode;
  form: FormInstance<Values>;
  width?: number;
  loading?: boolean;
  onSubmit: (values: Values) => Promise<Envelope<unknown>>;
  onClose: () => void;
  onSaved?: () => void;
  children: ReactNode;
  initialValues?: Partial<Values>;
  labelWidth?: number;
}

/** A form dialog (600 px unless told) around `useFormSubmit`. */
export function FormDialog<Values>({
  open,
  title,
  form,
  width = 600,
  loading,
  onSubmit,
  onClose,
  onSaved,
  children,
  initialValues,
  labelWidth = 90,
}: FormDialogProps<Values>) {
  const { t } = useComponentsTranslation();
  const { saving, submit } = useFormSubmit({ form, onSubmit, onClose, onSaved });
  const initial = useRef(initialValues);
  initial.current = initialValues;
  // One form instance serves every opening: start each from the initial values (an edit form's
  // own effect then fills in the record when it arrives).
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (initial.current) form.setFieldsValue(initial.current as Parameters<typeof form.setFieldsValue>[0]);
  }, [open, form]);
  return (
    <Modal
      open={open}
      title={title}
      width={width}
      maskClosable={false}
      destroyOnHidden
      okText={t('ok')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
    >
      <Spin spinning={Boolean(loading)}>
        <Form
          form={form}
          layout="horizontal"
          labelCol={{ flex: `${labelWidth}px` }}
          wrapperCol={{ flex: 1 }}
          initialValues={initialValues}
          preserve={false}
          onFinish={submit}
        >
          {children}
          <button type="submit" hidden aria-hidden />
        </Form>
      </Spin>
    </Modal>
  );
}

/** 1 enabled, 2 locked (users), anything else disabled. */
export function StateTag({ value }: { value: number }) {
  const { t } = useComponentsTranslation();
  if (value === 1) return <Tag color="success">{t('enabled')}</Tag>;
  if (value === 2) return <Tag color="warning">{t('locked')}</Tag>;
  return <Tag color="error">{t('disabled')}</Tag>;
}
