import type { SysConfigView } from '@platform/shared';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../shared/api/http.ts';
import { useAdminRules } from '../../../shared/components/index.ts';
import { sysConfigApi } from '../api.ts';
import { limitsOf } from '../settings.ts';
import { SettingField, SettingsForm } from './SettingsForm.tsx';

type Outcome = { ok: boolean; text: string };

/** Sends a test message through the saved mail settings and shows the server's answer, good or bad. */
function TestMailDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('sysConfig');
  const rules = useAdminRules();
  const [form] = Form.useForm<{ to: string }>();
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const send = async () => {
    let to: string;
    try {
      ({ to } = await form.validateFields());
    } catch {
      return;
    }
    setSending(true);
    setOutcome(undefined);
    try {
      const answer = await sysConfigApi.testMail(to.trim());
      setOutcome({ ok: true, text: answer.msg });
    } catch (error) {
      setOutcome({ ok: false, text: error instanceof HttpError ? error.message : String(error) });
    } finally {
      setSending(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('testMail.title')}
      width={480}
      destroyOnHidden
      maskClosable={false}
      okText={t('testMail.send')}
      cancelText={t('testMail.close')}
      confirmLoading={sending}
      onOk={send}
      onCancel={onClose}
      afterClose={() => {
        form.resetFields();
        setOutcome(undefined);
      }}
    >
      <Alert type="info" showIcon title={t('testMail.usesSaved')} className="sys-config-alert" />
      <Form form={form} layout="vertical" onFinish={send}>
        <Form.Item
          name="to"
          label={t('testMail.to')}
          rules={[{ required: true, whitespace: true, message: t('testMail.toRequired') }, ...rules.email]}
        >
          <Input maxLength={100} autoComplete="email" />
        </Form.Item>
        <button type="submit" hidden aria-hidden />
      </Form>
      {outcome ? <Alert role="status" type={outcome.ok ? 'success' : 'error'} showIcon title={outcome.text} /> : null}
    </Modal>
  );
}

/** 邮件设置: the SMTP account mail is sent through (the e-mail channel of message sending). */
export function MailTab({ view }: { view: SysConfigView }) {
  const { t } = useTranslation('sysConfig');
  const [testing, setTesting] = useState(false);
  return (
    <>
      <SettingsForm
        tab="mail"
        view={view}
        actions={<Button onClick={() => setTesting(true)}>{t('testMail.open')}</Button>}
      >
        <SettingField name="emailSmtpHost" />
        <SettingField name="emailSmtpPort" />
        <SettingField name="emailSsl" />
        <SettingField name="emailAccount" />
        <SettingField
          name="emailPassword"
          input={<Input.Password maxLength={limitsOf('emailPassword').maxLength} autoComplete="new-password" />}
        />
        <SettingField name="emailSenderName" />
      </SettingsForm>
      <TestMailDialog open={testing} onClose={() => setTesting(false)} />
    </>
  );
}
