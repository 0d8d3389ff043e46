import { MailOutlined, MobileOutlined } from '@ant-design/icons';
import { MOBILE_PATTERN } from '@platform/shared';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
// The input alone: the `antd/es/input` index also brings TextArea, Search, OTP and Group.
import Input from 'antd/es/input/Input';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../shared/toast.tsx';
import { loginApi } from '../api.ts';
import { useCompleteLogin, useRevalidateOnLanguageChange } from '../useLogin.ts';

interface Values {
  mobile: string;
  code: string;
}

const resendSeconds = 60;

export function SmsLoginForm() {
  const { t } = useTranslation('login');
  const message = useToast();
  const [form] = Form.useForm<Values>();
  const completeLogin = useCompleteLogin();
  useRevalidateOnLanguageChange(form);
  const [submitting, setSubmitting] = useState(false);
  const [sending, setSending] = useState(false);
  const [countdown, setCountdown] = useState(0);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  const sendCode = async () => {
    const { mobile } = await form.validateFields(['mobile']).catch(() => ({ mobile: '' }));
    if (!mobile) return;
    setSending(true);
    try {
      await loginApi.sendSmsCode(mobile);
      message.success({ content: t('codeSent'), duration: 1.5 });
      setCountdown(resendSeconds);
    } catch {
      // Shown by the request layer.
    } finally {
      setSending(false);
    }
  };

  const submit = async (values: Values) => {
    setSubmitting(true);
    try {
      const result = await loginApi.login({ account: values.mobile, password: '', code: values.code, origin: 'sms' });
      await completeLogin(result.token);
    } catch {
      // Shown by the request layer.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<Values> form={form} size="large" onFinish={submit}>
      <Form.Item
        name="mobile"
        validateFirst
        rules={[
          { required: true, message: t('mobile') },
          // The rule is the shared one (1[3-9] and 9 digits); the login screen words its message itself.
          { pattern: MOBILE_PATTERN, message: t('mobileInvalid') },
        ]}
      >
        <Input prefix={<MobileOutlined />} placeholder={t('mobile')} maxLength={11} inputMode="tel" allowClear />
      </Form.Item>
      <Form.Item required>
        <div className="login-captcha">
          <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: t('smsCode') }]}>
            <Input prefix={<MailOutlined />} placeholder={t('smsCode')} maxLength={6} autoComplete="one-time-code" />
          </Form.Item>
          <Button className="login-send-code" onClick={sendCode} loading={sending} disabled={countdown > 0}>
            {countdown > 0 ? t('resendIn', { seconds: countdown }) : t('sendCode')}
          </Button>
        </div>
      </Form.Item>
      <Form.Item className="login-submit">
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t('submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
