import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
// The input alone: the `antd/es/input` index also brings TextArea, Search, OTP and Group.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readStored, removeStored, writeStored } from '../../../shared/storage.ts';
import { useToast } from '../../../shared/toast.tsx';
import { type AccountLoginConfig, loginApi } from '../api.ts';
import { useCompleteLogin, useLoginConfig, useRevalidateOnLanguageChange } from '../useLogin.ts';

interface Values {
  account: string;
  password: string;
  code?: string;
  remember: boolean;
}

const rememberedAccountKind = 'loginAccount';

// MD5 (WebAssembly) and AES load when the password field is first used, not with the page.
const loadCipher = () => import('../../../shared/crypto/login-cipher.ts');

const newCaptchaKey = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

const wantsCaptcha = (config: AccountLoginConfig | undefined) => !!config && !!Number(config.enableVerificationCode);

export function PasswordLoginForm() {
  const { t } = useTranslation('login');
  const message = useToast();
  const [form] = Form.useForm<Values>();
  const loginConfig = useLoginConfig();
  const completeLogin = useCompleteLogin();
  useRevalidateOnLanguageChange(form);
  const [submitting, setSubmitting] = useState(false);
  const [captcha, setCaptcha] = useState<{ key: string; length: number } | null>(null);
  const remembered = readStored<string>(rememberedAccountKind);

  const refreshCaptcha = () => setCaptcha((current) => current && { ...current, key: newCaptchaKey() });

  /** getConfig/{account}: the server asks for a captcha for this account (after a failure, or always). */
  const checkAccount = async () => {
    const account = (form.getFieldValue('account') as string | undefined)?.trim();
    if (!account) return;
    const config = await loginApi.accountConfig(account).catch(() => undefined);
    if (wantsCaptcha(config)) {
      setCaptcha((current) => ({
        key: current?.key ?? newCaptchaKey(),
        length: Number(config?.verificationCodeNumber) || 4,
      }));
    } else {
      setCaptcha(null);
    }
  };

  const submit = async (values: Values) => {
    setSubmitting(true);
    try {
      const cipherKey = loginConfig.data?.cipherKey ?? (await loginConfig.refetch()).data?.cipherKey;
      if (!cipherKey) {
        message.error({ content: t('configMissing'), duration: 1.5 });
        return;
      }
      let password: string;
      try {
        const { encryptLoginPassword } = await loadCipher();
        password = await encryptLoginPassword(values.password, cipherKey);
      } catch {
        // The cipher chunk did not load (network, an old deployment's file) or could not run.
        message.error({ content: t('cipherFailed'), duration: 3 });
        return;
      }
      const result = await loginApi.login({
        account: values.account,
        password,
        code: values.code,
        timestamp: captcha?.key,
        origin: 'password',
      });
      if (values.remember) writeStored(rememberedAccountKind, values.account.trim());
      else removeStored(rememberedAccountKind);
      await completeLogin(result.token);
    } catch {
      // The request layer has shown the server's message; a captcha is good for one attempt.
      form.setFieldValue('code', '');
      refreshCaptcha();
      await checkAccount();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      size="large"
      onFinish={submit}
      initialValues={{ account: remembered ?? '', remember: !!remembered }}
      autoComplete="on"
    >
      <Form.Item name="account" rules={[{ required: true, whitespace: true, message: t('account') }]}>
        <Input
          prefix={<UserOutlined />}
          placeholder={t('account')}
          title={t('accountHint')}
          autoComplete="username"
          onBlur={checkAccount}
          allowClear
        />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: t('password') }]}>
        <Password
          prefix={<LockOutlined />}
          placeholder={t('password')}
          autoComplete="current-password"
          onFocus={loadCipher}
        />
      </Form.Item>
      {captcha && (
        <Form.Item required>
          <div className="login-captcha">
            <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: t('code') }]}>
              <Input
                prefix={<SafetyOutlined />}
                placeholder={t('code')}
                maxLength={captcha.length}
                autoComplete="off"
              />
            </Form.Item>
            <button type="button" className="login-captcha-image" title={t('refreshCode')} onClick={refreshCaptcha}>
              <img src={loginApi.captchaUrl(captcha.key)} alt={t('captchaAlt')} />
            </button>
          </div>
        </Form.Item>
      )}
      <Form.Item name="remember" valuePropName="checked" className="login-remember">
        <Checkbox>{t('rememberAccount')}</Checkbox>
      </Form.Item>
      <Form.Item className="login-submit">
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t('submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
