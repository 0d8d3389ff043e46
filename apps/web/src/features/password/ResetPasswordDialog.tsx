import { isPolicyFlagOn, type ResetPasswordForm, validateResetPasswordForm } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HttpError } from '../../shared/api/http.ts';
import { sessionApi } from '../../shared/session/api.ts';
import { useSession } from '../../shared/session/store.ts';
import { useToast } from '../../shared/toast.tsx';
import { profileApi } from '../profile/index.ts';
import { passwordApi, passwordPolicyKey } from './api.ts';
import { translateRuleMessage } from './rule-messages.ts';
import './reset-password.css';

export interface ResetPasswordDialogProps {
  open: boolean;
  onClose: () => void;
  /** First login under a policy that demands a new password: no cancel, no close, only sign-out. */
  forced?: boolean;
  /** Why a forced dialog is shown (the server's words on an expired password); default: first login. */
  notice?: string;
}

type Values = Required<{ [K in keyof ResetPasswordForm]: string }>;

const loadCipher = () => import('../../shared/crypto/login-cipher.ts');
const newCaptchaKey = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

export function usePasswordPolicy(enabled = true) {
  return useQuery({
    queryKey: passwordPolicyKey,
    queryFn: passwordApi.policy,
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}

/**
 * The change as it travels: both passwords as MD5; while the policy checks strength, the new one
 * also under the login cipher so the server can check it.
 */
async function passwordChange(values: Values, captchaKey: string, strengthChecked: boolean) {
  const { aesEcbEncryptHex, hashPassword } = await loadCipher();
  const payload: Parameters<typeof profileApi.modifyPassword>[0] = {
    oldPassword: await hashPassword(values.oldPassword),
    password: await hashPassword(values.password),
    code: values.code.trim(),
    timestamp: captchaKey,
  };
  if (strengthChecked) payload.passwordCipher = await aesEcbEncryptHex(values.password, await passwordApi.cipherKey());
  return payload;
}

/**
 * The reset-password dialog (shell.md §2.9, §5): old, new and repeated password and an image
 * captcha, checked by the shared rules with the server's policy. Passwords leave as MD5; while the
 * policy is on, the new one also travels under the login cipher so the server can check it.
 * The server ends the user's other sessions; this one stays signed in.
 */
export function ResetPasswordDialog(props: ResetPasswordDialogProps) {
  // The dialog's texts load with it; nothing else on the page waits for them.
  return props.open ? (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  ) : null;
}

function Dialog({ open, onClose, forced = false, notice }: ResetPasswordDialogProps) {
  const { t } = useTranslation('password');
  const message = useToast();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const policy = usePasswordPolicy(open);
  const [captchaKey, setCaptchaKey] = useState(newCaptchaKey);
  const [submitting, setSubmitting] = useState(false);

  const refreshCaptcha = useCallback(() => {
    setCaptchaKey(newCaptchaKey());
    form.setFieldValue('code', '');
  }, [form]);

  // Shown errors follow a policy that arrives late or a language switch.
  const language = useTranslation().i18n.resolvedLanguage;
  useEffect(() => {
    if (!language && !policy.data) return;
    const shown = form
      .getFieldsError()
      .filter((field) => field.errors.length > 0)
      .map((field) => field.name);
    if (shown.length) form.validateFields(shown).catch(() => undefined);
  }, [language, policy.data, form]);

  const rule = (field: keyof Values) => ({
    validator: async () => {
      const error = validateResetPasswordForm(form.getFieldsValue(true) as Values, policy.data ?? {})[field];
      if (error) throw new Error(translateRuleMessage(error, t));
    },
  });

  const submit = async (values: Values) => {
    setSubmitting(true);
    try {
      // A quick hand may submit before the policy arrived: its rules and the cipher need it.
      const rules = policy.data ?? (await policy.refetch()).data;
      if (rules && Object.keys(validateResetPasswordForm(values, rules)).length > 0) {
        await form.validateFields().catch(() => undefined);
        return;
      }
      let payload: Parameters<typeof profileApi.modifyPassword>[0];
      try {
        payload = await passwordChange(values, captchaKey, isPolicyFlagOn(rules?.passwordStrengthLimit));
      } catch (failure) {
        if (!(failure instanceof HttpError)) message.error({ content: t('cipherFailed'), duration: 1.5 });
        refreshCaptcha();
        return;
      }
      const answer = await profileApi.modifyPassword(payload);
      message.success({ content: answer.msg, duration: 1.5 });
      const { userInfo, setUserInfo } = useSession.getState();
      if (userInfo) {
        setUserInfo({ ...userInfo, changePasswordDate: Date.now(), passwordExpired: false, passwordNotice: '' });
      }
      form.resetFields();
      onClose();
    } catch {
      // The request layer showed the server's message; a captcha is good for one attempt.
      refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  const logout = async () => {
    await sessionApi.logout().catch(() => undefined);
    useSession.getState().reset();
    navigate('/login', { replace: true });
  };

  return (
    <Modal
      open={open}
      title={t('title')}
      width={600}
      onCancel={forced ? undefined : onClose}
      closable={!forced}
      mask={{ closable: !forced }}
      keyboard={!forced}
      destroyOnHidden
      footer={[
        forced ? (
          <Button key="logout" onClick={logout}>
            {t('logout')}
          </Button>
        ) : (
          <Button key="cancel" onClick={onClose}>
            {t('cancel')}
          </Button>
        ),
        <Button key="ok" type="primary" loading={submitting} onClick={() => form.submit()}>
          {t('ok')}
        </Button>,
      ]}
    >
      {forced && (
        <Alert className="reset-password-notice" type="warning" showIcon title={notice || t('forcedNotice')} />
      )}
      <Form<Values>
        form={form}
        onFinish={submit}
        labelCol={{ flex: '96px' }}
        wrapperCol={{ flex: 'auto' }}
        className="reset-password-form"
        // Middle size: the captcha image needs the height, and the fields line up with it.
        size="middle"
        autoComplete="off"
      >
        <Form.Item name="oldPassword" label={t('oldPassword')} required rules={[rule('oldPassword')]}>
          <Input.Password placeholder={t('oldPasswordPlaceholder')} autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="password" label={t('newPassword')} required rules={[rule('password')]}>
          <Input.Password placeholder={t('newPasswordPlaceholder')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="repeatPassword"
          label={t('repeatPassword')}
          required
          dependencies={['password']}
          rules={[rule('repeatPassword')]}
        >
          <Input.Password placeholder={t('repeatPasswordPlaceholder')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item label={t('code')} required>
          <div className="reset-password-captcha">
            <Form.Item name="code" noStyle rules={[rule('code')]}>
              <Input placeholder={t('codePlaceholder')} maxLength={8} autoComplete="off" />
            </Form.Item>
            <button
              type="button"
              className="reset-password-captcha-image"
              title={t('refreshCode')}
              onClick={refreshCaptcha}
            >
              <img src={passwordApi.captchaUrl(captchaKey)} alt={t('code')} />
            </button>
          </div>
        </Form.Item>
      </Form>
    </Modal>
  );
}
