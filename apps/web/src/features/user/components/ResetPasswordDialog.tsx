import { checkPasswordPolicy, isPolicyFlagOn, PASSWORD_PATTERN } from '@platform/shared';
import Form, { type Rule } from 'antd/es/form';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/components/index.ts';
import { hashPassword } from '../../../shared/crypto/login-cipher.ts';
import { translateRuleMessage, usePasswordPolicy } from '../../password/index.ts';
import { userApi } from '../api.ts';
import { InitialPasswordNote } from './InitialPasswordNote.tsx';

interface Values {
  password: string;
  confirm: string;
}

/**
 * 重置密码 (400 px): only the MD5 hex of the new password travels. The new password follows the
 * system's password policy while it is on (the rules and messages of the user's own
 * password change), else the spec's 6-16 letters and digits; the rule shown is the rule applied.
 */
export function ResetPasswordDialog({
  user,
  onClose,
}: {
  user: { id: string; account: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('user');
  const { t: p } = useTranslation('password');
  const [form] = Form.useForm<Values>();
  const policy = usePasswordPolicy(Boolean(user)).data;
  const byPolicy = isPolicyFlagOn(policy?.passwordStrengthLimit);
  const passwordRules: Rule[] = byPolicy
    ? [
        { required: true, message: t('passwordRequired') },
        {
          validator: async (_, value: string | undefined) => {
            const broken = value ? checkPasswordPolicy(value, policy) : null;
            if (broken) throw new Error(translateRuleMessage(broken, p));
          },
        },
      ]
    : [
        { required: true, message: t('passwordRequired') },
        { pattern: PASSWORD_PATTERN, message: t('passwordPattern') },
      ];
  return (
    <FormDialog<Values>
      open={Boolean(user)}
      title={user ? `${t('resetPassword')} - ${user.account}` : t('resetPassword')}
      form={form}
      width={400}
      labelWidth={80}
      onSubmit={async (values) => userApi.resetPassword(user?.id as string, await hashPassword(values.password))}
      onClose={onClose}
    >
      <InitialPasswordNote reset />
      <Form.Item
        name="password"
        label={t('newPassword')}
        rules={passwordRules}
        extra={byPolicy ? undefined : t('passwordPattern')}
      >
        <Input.Password autoComplete="new-password" maxLength={byPolicy ? 50 : 16} />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('confirmPassword')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || value === getFieldValue('password')
                ? Promise.resolve()
                : Promise.reject(new Error(t('passwordMismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={byPolicy ? 50 : 16} />
      </Form.Item>
    </FormDialog>
  );
}
